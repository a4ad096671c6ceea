import ChoosyData
import Foundation

/// `choosy-data docs`: write the static documentation site of a catalog.
enum DocsCommand: Command {
    static let name = "docs"
    static let abstract = "Write a static website documenting every app type, action, parameter and app."
    static let usage = """
        choosy-data docs [PATH ... | -C PATH | --config FILE] -o DIR [--source-url BASE] [--date DATE]
                               [--client shipped|rfc3986]
        """
    static let details = """
        ARGUMENTS:
          PATH                    The catalog: a directory with a .choosy-data.yml, or
                                  files inside one (all of one catalog), or a directory or
                                  file read as a one-layer catalog. Default: as for -C.

        OPTIONS:
          -o, --output <dir>      The site directory: index.html, a page per app type,
                                  action, parameter and app, rules.html, schema.html,
                                  search.html, choosy.css and choosy.js. It is replaced
                                  whole, and only when empty or holding exactly the
                                  files an earlier site wrote (.choosy-data-files).
        \(Arguments.catalogOptionHelp)
          --config <file>         Use this .choosy-data.yml (or catalog directory) instead
                                  of searching for one.
          --source-url <base>     Link every "defined in" to BASE/<file>#L<line>, e.g.
                                  https://github.com/OWNER/REPO/blob/main (run from the
                                  repository root so file paths match).
          --date <text>           Show "Generated … on <text>" in the footers. Without it
                                  the same catalog always gives the same bytes.
        \(Arguments.clientOptionHelp)
                                  The pages show the catalog as that client merges it,
                                  and "Try it" renders URLs as it does.

        Pages are named after keys, so a catalog with a key that key-format rejects is
        refused: its findings are printed and the exit code is 1.
        """
    static let valueOptions: Set<String> = ["-o", "--output", "--config", "--source-url", "--date", "--client", "-C", "--catalog"]
    static let flagOptions: Set<String> = []

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
        let client = try arguments.clientProfile()
        let sourceURL = arguments.options["--source-url"]
        if let sourceURL, !["http://", "https://"].contains(where: { sourceURL.lowercased().hasPrefix($0) }) {
            throw UsageError("--source-url must be an http:// or https:// address, such as https://github.com/OWNER/REPO/blob/main")
        }
        guard let catalog = CatalogArguments.loadCatalog(selection, output: &output) else {
            return .failure
        }
        let site: DocsSite
        do {
            site = try DocsSite(catalog, options: SiteOptions(sourceURL: sourceURL, date: arguments.options["--date"], client: client))
        } catch {
            if case .unsafeKeys(let findings) = error {
                output.standardError += TextReporter(sources: catalog.sourceFiles, colored: false).render(LintReport(findings: findings, fileCount: catalog.fileCount))
            }
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
        output.standardOutput += "Wrote \(written.count) files to \(written.shownPath); open \((written.shownPath as NSString).appendingPathComponent("index.html")) in a browser.".withInvisibleCharactersEscaped + "\n"
        return .success
    }
}
