import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosySyntax
import ChoosyTools
import Foundation

/// `choosy-data show`: print the catalog as merged across its layers.
enum ShowCommand: Command {
    /// What `--format` prints: the values with where each came from, or the wire format as JSON or YAML.
    enum OutputFormat: String, CaseIterable {
        case text
        case json
        case yaml
    }

    static let spec = CommandSpec(
        name: "show",
        abstract: "Print the catalog merged across its layers, as the client sees it.",
        usage: """
            choosy-data show [TYPE [APP]] [PATH | -C PATH | --config FILE] [--format text|json|yaml]
                                   [--client shipped|rfc3986] [--platform ios17|ios16]
            """,
        arguments: [
            ArgumentSpec("TYPE", help: "Show this app type only (its key, e.g. twitter).", completion: .appTypes),
            ArgumentSpec("APP", help: "Show this app of TYPE only (its key, e.g. tweetbot).", completion: .apps),
            ArgumentSpec("PATH", help: """
                The catalog: a directory or file inside it, found by walking
                up to its .choosy-data.yml; outside any catalog, a directory
                or file read as one layer. An argument with a '/' or '.' is a
                PATH (keys have neither), and so is a word naming a
                catalog directory ('data' as 'data/'). Default: as for -C.
                """, completion: .files),
        ],
        options: [
            .catalog(),
            .config,
            .format(OutputFormat.allCases.map(\.rawValue), help: """
                text (default): each value with the file:line it came
                from, to see which layer won, and each value the client
                ignores as '# ignored: …'; json: the client's wire format
                (docs/merge.md); yaml: the same as canonical YAML.
                """),
            .client(),
            .platform("""
                show prints no URL, so the platform changes nothing here.
                """),
        ],
        exitCodes: ExitCodeHelp(success: "The catalog was shown.", findings: nil),
        examples: [
            .init("The twitter app type as the client sees it, with where each value comes from", "choosy-data show twitter"),
            .init("One app in the client's wire format", "choosy-data show twitter tweetbot --format json"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = arguments.value(of: "--format", default: OutputFormat.text)
        let client = arguments.clientProfile()
        let catalogArguments = try CatalogArguments(arguments, keyNames: ["TYPE", "APP"])
        guard let catalog = catalogArguments.loadCatalog(output: &output) else { return .failure }
        let keys = catalogArguments.keys
        let value: MergedValue
        do {
            value = try MergedCatalog(catalog, profile: client, platform: arguments.platform()).tree(appType: keys.first, app: keys.dropFirst().first)
        } catch {
            throw UsageError(error.description + catalogArguments.directoryHint)
        }
        switch format {
        case .json: output.standardOutput += value.jsonValue.rendered()
        case .yaml: output.standardOutput += YAMLWriter.render(value.node())
        case .text: output.standardOutput += MergedTextRenderer.render(value)
        }
        return .success
    }
}
