import ChoosyData
import Foundation

/// `choosy-data show`: print the catalog as merged across its layers.
enum ShowCommand: Command {
    static let name = "show"
    static let abstract = "Print the catalog merged across its layers, as the client sees it."
    static let usage = """
        choosy-data show [TYPE [APP]] [PATH | --config FILE] [--format text|json|yaml]
                               [--client shipped|rfc3986]
        """
    static let details = """
        ARGUMENTS:
          TYPE                    Show this app type only (its key, e.g. twitter).
          APP                     Show this app of TYPE only (its key, e.g. tweetbot).
          PATH                    The catalog: a directory or file inside it, found by walking
                                  up to its .choosy-data.yml; outside any catalog, a directory
                                  or file read as one layer. An argument with a '/' or '.' is a
                                  PATH (keys have neither), and so is a word naming a
                                  catalog directory ('data' as 'data/'). Default: as for -C.

        OPTIONS:
        \(Arguments.catalogOptionHelp)
          --config <file>         Use this .choosy-data.yml (or catalog directory) instead
                                  of searching for one.
          --format <format>       text (default): each value with the file:line it came
                                  from, to see which layer won, and each value the client
                                  ignores as '# ignored: …'; json: the client's wire format
                                  (docs/merge.md); yaml: the same as canonical YAML.
        \(Arguments.clientOptionHelp)
        """
    static let valueOptions: Set<String> = ["--format", "--config", "--client", "-C", "--catalog"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = try arguments.choice("--format", allowed: ["text", "json", "yaml"], fallback: "text")
        let client = try arguments.clientProfile()
        let catalogArguments = try CatalogArguments(arguments, keyNames: ["TYPE", "APP"])
        guard let catalog = catalogArguments.loadCatalog(output: &output) else { return .failure }
        let keys = catalogArguments.keys
        let value: MergedValue
        do {
            value = try MergedCatalog(catalog, profile: client).tree(appType: keys.first, app: keys.dropFirst().first)
        } catch {
            throw UsageError(error.description + catalogArguments.directoryHint)
        }
        switch format {
        case "json": output.standardOutput += value.jsonOutput.rendered()
        case "yaml": output.standardOutput += YAMLWriter.render(value.node())
        default: output.standardOutput += MergedTextRenderer.render(value)
        }
        return .success
    }
}
