import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyEditor
import ChoosyTools
import Foundation

/// `choosy-data lsp`: the language server for editors, over standard input and output.
enum LSPCommand: Command {
    static let spec = CommandSpec(
        name: "lsp",
        abstract: "Run the language server for editors (LSP 3.17 over stdio).",
        usage: "choosy-data lsp [--stdio] [--config FILE | -C PATH] [--rules-url URL]",
        options: [
            OptionSpec(long: "--stdio", help: """
                Talk over standard input and output (the only way the
                server talks; accepted because editors pass it).
                """),
            .catalog("Every open file is checked in this catalog.", default: "the catalog around each\nfile, as 'lint' finds it."),
            .config,
            .rulesURL("""
                each diagnostic links its rule's section there
                (codeDescription). Default: the rules.md 'make install'
                puts in share/doc/choosy-data beside the binary's bin/.
                """),
        ],
        exitCodes: ExitCodeHelp(
            success: "The editor sent shutdown, then exit.",
            findings: "The editor sent exit without shutdown, or closed standard input."),
        examples: [
            .init("Start it as an editor does (docs/editors.md)", "choosy-data lsp --stdio"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        if let argument = arguments.positional.first { throw UsageError("unexpected argument '\(argument)'; the editor sends the files") }
        let (catalog, config) = try arguments.catalogOptions()
        var configPath: String?
        if catalog != nil || config != nil {
            do {
                let location = try CatalogSelection(catalog: catalog, configPath: config).resolvedConfig(currentDirectory: FileManager.default.currentDirectoryPath)
                // The server watches the config and reads it again on each change: it must be a file.
                if let location, location.implied != nil {
                    output.addError("\(location.path) does not exist yet; the editor reads the catalog's config from disk: write it with 'choosy-data init'")
                    return .failure
                }
                configPath = location?.path
            } catch {
                output.addError(error)
                return .failure
            }
        }
        return LSPServer(configPath: configPath, trustedDirectories: CatalogArguments.trustedDirectories, rulesURL: try arguments.rulesURL() ?? installedRulesURL)
            .run()
    }

    /// `file:` URL of the rule reference `make install` puts beside the binary
    /// (`PREFIX/share/doc/choosy-data/rules.md` for `PREFIX/bin/choosy-data`); nil when absent.
    private static var installedRulesURL: String? {
        guard let binary = Bundle.main.executableURL else { return nil }
        let rules = binary.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/doc/choosy-data/rules.md")
        return FileManager.default.fileExists(atPath: rules.path) ? LSPURI.uri(ofPath: rules.path) : nil
    }
}
