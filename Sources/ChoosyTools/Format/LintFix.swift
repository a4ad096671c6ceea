import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// What `lint --fix` did before linting: the fixes of the findings applied to the files of the
/// request as text edits (`FixApplier`, the edits an editor's quick fixes and SARIF give), so
/// the rest of each file, comments and layout included, stays as it is.
public struct LintFix: Sendable {
    /// Files written with fixes applied, in order of path.
    public var fixedFiles: [String] = []
    /// How many fixes were applied to each file written.
    public var fixCounts: [String: Int] = [:]
    /// `file: message` for each file left as it is, or not fixed to the end, and why; its
    /// findings are still reported.
    public var skipped: [String] = []
    /// Files that could not be written (then none was); the run exits 2.
    public var failures: [String] = []

    /// Applies the fixes up to `applicability` (the safe ones unless asked for more) to every
    /// layer file `request` lints, and writes the files changed at once, all or none. Files that do
    /// not parse are left to lint's `syntax` findings, and catalogs whose config has mistakes
    /// to its `config` findings; the config and files no layer lists are never touched.
    public static func apply(
        _ request: LintRequest, upTo applicability: Fix.Applicability = .safe, writer: AtomicFileWriter = AtomicFileWriter()
    ) throws(LintRunError) -> LintFix {
        let outcome = try FixApplier.apply { changed throws(LintRunError) in
            var pass = request
            // Every fix is applied, those of findings a report would leave out too.
            pass.findingCap = .none
            for (file, bytes) in changed {
                pass.replacements[CatalogLoader.absolutePath(file)] = SourceFile(path: file, bytes: bytes)
            }
            let (report, sources, contexts) = try LintRun.run(pass)
            let fixable = fixableFiles(of: contexts)
            let fixes = report.findings.lazy.filter { fixable.contains($0.file) }.flatMap { $0.fixes(upTo: applicability) }
                .filter { $0.edits.allSatisfy { fixable.contains($0.file) } }
            return (Array(fixes), { sources[$0]?.bytes })
        }
        var fix = LintFix()
        let files = outcome.files.sorted(by: { $0.key < $1.key })
        do throws(FileSetWriteError) {
            try writer.write(files.map { AtomicFileWriter.Change(path: $0.key, bytes: $0.value) })
            fix.fixedFiles = files.map(\.key)
            fix.fixCounts = outcome.fixCounts.filter { outcome.files[$0.key] != nil }
        } catch {
            fix.failures = error.failures.map(\.description)
        }
        for file in outcome.refused {
            fix.skipped.append("\(file): not fixed: its fixes would leave it unable to parse, so it is left as it was (please report this as a bug)")
        }
        for file in outcome.unsettled {
            fix.skipped.append("\(file): still has fixes after \(FixApplier.maximumPasses) passes; run 'choosy-data lint --fix' again")
        }
        return fix
    }

    /// The files a fix may change: the files of the layers of each catalog that parsed in full,
    /// and of a file or directory linted on its own only when it lies outside every catalog (a
    /// file below a catalog's root that no layer lists is not the catalog's to fix).
    private static func fixableFiles(of contexts: [LintContext]) -> Set<String> {
        Set(contexts.flatMap { context in
            context.catalog.layers.flatMap(\.files).map(\.document.file.path).filter { path in
                context.catalog.configFile != nil || CatalogLoader.findRoot(forPath: path) == nil
            }
        })
    }
}
