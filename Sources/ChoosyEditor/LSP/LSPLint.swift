import ChoosyCore
import ChoosyCatalog
import ChoosyLint
import ChoosyTools

/// Lints open documents as `lint` would lint their files, each with its whole catalog as
/// context: the catalog found from the file (or the one `-C` named), the open documents
/// standing in for their files.
enum LSPLint {
    /// The findings of each of `uris` (every open document when nil), by URI. A document that
    /// does not parse gets its syntax findings, while the others are checked against its last
    /// text that parsed: one typo does not turn into findings about everything it defines.
    static func findings(in workspace: LSPWorkspace, for uris: [String]? = nil) -> [String: [Finding]] {
        guard let findings = findings(in: workspace, for: uris, unless: { false }) else { preconditionFailure("a lint that nothing cancels was cancelled") }
        return findings
    }

    /// The findings as `findings(in:for:)` gives them, or nil when `isCancelled` said, during
    /// a lint, that they are no longer wanted.
    static func findings(
        in workspace: LSPWorkspace, for uris: [String]?, unless isCancelled: @escaping @Sendable () -> Bool
    ) -> [String: [Finding]]? {
        let documents = (uris ?? Array(workspace.documents.keys)).compactMap { workspace.documents[$0] }
        var results: [String: [Finding]] = [:]
        var groups: [String?: [LSPDocument]] = [:]
        for document in documents { groups[workspace.catalogConfigPath(forPath: document.path), default: []].append(document) }
        for (configPath, group) in groups {
            // A JSON or YAML file in no catalog (package.json, a CI workflow) is not an app
            // definition: an editor that starts the server for every such file shows nothing.
            guard let configPath else {
                for document in group { results[document.uri] = [] }
                continue
            }
            var alone: [LSPDocument] = []
            // The catalog navigation answers from too (`ResidentCatalogs`): read once per snapshot.
            let context: Result?
            let current: Result?
            do throws(Cancelled) {
                context = try lint(catalogAt: configPath, unless: isCancelled) { () throws(CatalogLoadError) in
                    try workspace.catalog(forPath: configPath)
                }
                current = group.contains { !$0.parses }
                    ? try lint(catalogAt: configPath, unless: isCancelled) { () throws(CatalogLoadError) in
                        try workspace.loader(currentText: true).load(configPath: configPath)
                    }
                    : context
            } catch {
                return nil
            }
            for document in group {
                let result = document.parses ? context : current
                guard let result, result.covers(document.path) else {
                    alone.append(document)
                    continue
                }
                results[document.uri] = result.findings(in: document.path)
            }
            // Read by no layer (yet: a new file in a layer's folder is read once saved): checked on
            // its own, as by `lint`, when a layer reads its folder; left alone otherwise.
            for document in alone {
                if let reason = workspace.reasonToLeaveAlone(path: document.path) {
                    LSPLog.write("no diagnostics: \(reason)")
                    results[document.uri] = []
                } else {
                    results[document.uri] = lint(alone: document, with: workspace.loader(currentText: true)).findings(in: document.path)
                }
            }
        }
        return results
    }

    /// A lint stopped because its result was no longer wanted.
    private struct Cancelled: Error {}

    /// The findings of one lint and the files it read, by absolute path.
    private struct Result {
        var findingsByFile: [String: [Finding]] = [:]
        /// The files read; nil for every file of the catalog (a config with mistakes, under
        /// which nothing else is checked).
        var files: Set<String>?

        package init(findings: [Finding], files: (some Sequence<String>)?) {
            for finding in findings { findingsByFile[CatalogLoader.absolutePath(finding.file), default: []].append(finding) }
            self.files = files.map { Set($0.map(CatalogLoader.absolutePath)) }
        }

        func covers(_ path: String) -> Bool { files?.contains(path) ?? true }

        func findings(in path: String) -> [Finding] {
            (findingsByFile[path] ?? []).sorted(by: Finding.isOrderedBefore)
        }
    }

    /// The catalog of `configPath`, as `load` reads it, linted whole unless `isCancelled` says
    /// so (thrown); a config with mistakes gives its `config` findings alone, as in `lint`. Nil
    /// when the catalog cannot be read at all (logged).
    private static func lint(
        catalogAt configPath: String, unless isCancelled: @escaping @Sendable () -> Bool, loading load: () throws(CatalogLoadError) -> Catalog
    ) throws(Cancelled) -> Result? {
        let catalog: Catalog
        do {
            catalog = try load()
        } catch {
            guard case .config(let file, let problems, let namedRules) = error else {
                LSPLog.write("cannot read the catalog of \(configPath): \(error)")
                return nil
            }
            return Result(findings: ConfigRule.findings(for: problems, namedRules: namedRules, in: file), files: [String]?.none)
        }
        guard !isCancelled(), let report = Linter.lint(LintContext(catalog: catalog), unless: isCancelled) else { throw Cancelled() }
        return Result(findings: report.findings, files: Array(catalog.sourceFiles.keys) + [configPath])
    }

    /// A file its catalog does not read yet, linted on its own as `lint FILE` does.
    private static func lint(alone document: LSPDocument, with loader: CatalogLoader) -> Result {
        do {
            let catalog = try loader.load(path: document.path)
            return Result(findings: Linter.lint(LintContext(catalog: catalog)).findings, files: [document.path])
        } catch {
            LSPLog.write("cannot lint \(document.path): \(error)")
            return Result(findings: [], files: [document.path])
        }
    }
}
