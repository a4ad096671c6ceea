import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosyTools
import Foundation

/// `choosy-data docs`: write the static documentation site of a catalog.
enum DocsCommand: Command {
    static let spec = CommandSpec(
        name: "docs",
        abstract: "Write a static website documenting every app type, action, parameter and app.",
        usage: """
            choosy-data docs [PATH ... | -C PATH | --config FILE] -o DIR [--source-url BASE] [--date DATE]
                                   [--client shipped|rfc3986] [--platform ios17|ios16] [--site-url URL] [--since REV] [--color auto|always|never] [--quiet]
            """,
        arguments: [
            ArgumentSpec("PATH", help: """
                The catalog: a directory with a .choosy-data.yml, or
                files inside one (all of one catalog), or a directory or
                file read as a one-layer catalog. Default: as for -C.
                """, completion: .files),
        ],
        options: [
            .output("""
                The site directory: index.html, a page per app type,
                action, parameter and app, rules.html, schema.html,
                search.html, choosy.css, choosy.js and the schema files
                (*.schema.json). It is replaced
                whole, and only when empty or holding exactly the
                files an earlier site wrote (.choosy-data-files).
                """),
            .catalog(),
            .config,
            OptionSpec(long: "--source-url", valueName: "base", help: """
                Link every "defined in" to BASE/<file>#L<line>, e.g.
                https://github.com/OWNER/REPO/blob/main (run from the
                repository root so file paths match).
                """),
            OptionSpec(long: "--date", valueName: "text", help: """
                Show "Generated … on <text>" in the footers. Without it
                the same catalog always gives the same bytes.
                """),
            .client("""
                The pages show the catalog as that client merges it,
                and "Try it" renders URLs as it does.
                """),
            .platform("""
                Try it renders for it, and the pages say where the other
                platform opens something else.
                """),
            OptionSpec(long: "--site-url", valueName: "url", help: """
                The https:// address the site will be served from: the
                schema files it holds get their $id there (without it
                they have none; docs/schema.md).
                """),
            OptionSpec(long: "--since", valueName: "rev", help: """
                Add changes.html, what changed since the catalog at git
                revision REV (a tag, branch or commit). Default: since
                the last vX.Y.Z tag before HEAD, if there is one.
                """),
            .color("the findings of a refused catalog"),
            .quiet(),
        ],
        notes: """
            Pages are named after keys, so a catalog with a key that key-format rejects is
            refused: its findings are printed and the exit code is 1. In a git checkout the
            site has a "What changed" page (changes.html) when --since names a revision or a
            release tag vX.Y.Z precedes HEAD; a --since that names no catalog exits 2.
            """,
        exitCodes: ExitCodeHelp(
            success: "The site was written.",
            findings: "A key key-format rejects: nothing was written."),
        examples: [
            .init("Write the site of data/ into site/", "choosy-data docs data -o site"),
            .init("Link each value to its line on GitHub", "choosy-data docs data -o site --source-url https://github.com/OWNER/REPO/blob/main"),
            .init("Show what changed since the release v1.2.0", "choosy-data docs data -o site --since v1.2.0"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let directory = try arguments.outputDirectory(missing: "missing the site directory: -o DIR")
        let paths = arguments.positional
        if paths.count > 1 {
            let roots = paths.map(CatalogLoader.findRoot(forPath:))
            guard roots.allSatisfy({ $0 != nil && $0 == roots[0] }) else {
                throw UsageError("the PATHs are not all inside one catalog; docs documents one catalog at a time")
            }
        }
        let selection = try arguments.catalogSelection(path: paths.first)
        let client = arguments.clientProfile()
        let colorMode = arguments.value(of: "--color", default: ColorMode.auto)
        let sourceURL = arguments.options["--source-url"]
        if let sourceURL, !["http://", "https://"].contains(where: { sourceURL.lowercased().hasPrefix($0) }) {
            throw UsageError("--source-url must be an http:// or https:// address, such as https://github.com/OWNER/REPO/blob/main")
        }
        let siteURL = arguments.options["--site-url"]
        if let siteURL, !siteURL.lowercased().hasPrefix("https://") || siteURL.count <= "https://".count || siteURL.contains(where: { "?#".contains($0) || $0.isWhitespace }) {
            throw UsageError("--site-url must be an https:// address without '?' or '#', such as https://OWNER.github.io/REPO/; got '\(siteURL)'")
        }
        guard let catalog = CatalogArguments.loadCatalog(selection, output: &output) else {
            return .failure
        }
        if output.refusesOutput(directory, insideLayersOf: catalog) { return .failure }
        let currentDirectory = FileManager.default.currentDirectoryPath
        let changes: SiteChanges?
        do {
            let root = CatalogLoader.absolutePath(catalog.root ?? ".", from: currentDirectory)
            changes = try SiteChanges.find(directory: root, since: arguments.options["--since"])
        } catch {
            output.addError(error)
            return .failure
        }
        let site: DocsSite
        do {
            var options = SiteOptions(sourceURL: sourceURL, date: arguments.options["--date"], client: client, siteURL: siteURL, changes: changes,
                sourcePaths: SiteSourcePaths(catalogRoot: catalog.root, currentDirectory: currentDirectory))
            options.platform = arguments.platform()
            site = try DocsSite(catalog, options: options)
        } catch {
            guard case .unsafeKeys(let findings) = error else {
                output.addError(error)
                return .failure
            }
            output.standardError += TextReporter(sources: catalog.sourceFiles, colored: colorMode.usesColor(on: STDERR_FILENO))
                .render(LintReport(findings: findings, fileCount: catalog.fileCount))
            output.addError(error)
            return .findings
        }
        let written: GeneratedDirectory.Written
        do {
            written = try site.write(to: directory)
        } catch {
            output.addError(error)
            return .failure
        }
        output.addProgress(DocsSite.summary(of: written))
        if !site.omissions.isEmpty { output.standardError += "warning: \(site.omissions.sentence)\n" }
        return .success
    }
}
