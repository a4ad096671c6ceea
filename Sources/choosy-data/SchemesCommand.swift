import ChoosyData
import Foundation

/// `choosy-data schemes`: the URL schemes an iOS app must declare to use app types.
enum SchemesCommand: Command {
    static let name = "schemes"
    static let abstract = "List the LSApplicationQueriesSchemes an iOS app needs for app types."
    static let usage = """
        choosy-data schemes [TYPE ...] [--config FILE] [--format plist|json|text]
                                  [--client shipped|rfc3986]
        """
    static let details = """
        ARGUMENTS:
          TYPE                    App type keys (default: every app type of the catalog).

        OPTIONS:
          --format <format>       plist (default): an Info.plist fragment; json: an array;
                                  text: one scheme per line. Schemes are bare (no ':'),
                                  lowercased, deduplicated and sorted; http and https are
                                  left out, since iOS needs no declaration for them.
          --config <file>         Use this .choosy-data.yml instead of the catalog around
                                  the current directory.
        \(Arguments.clientOptionHelp)
        """
    static let valueOptions: Set<String> = ["--format", "--config", "--client"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = try arguments.choice("--format", allowed: ["plist", "json", "text"], fallback: "plist")
        let client = try arguments.clientProfile()
        let catalog: Catalog
        do {
            catalog = try CatalogLocator.load(
                path: nil, configPath: arguments.options["--config"], currentDirectory: FileManager.default.currentDirectoryPath,
                trustedDirectories: CatalogArguments.trustedDirectories)
        } catch {
            output.addError(error)
            return .failure
        }
        // An Info.plist from a partial list breaks canOpenURL for the missing apps without a word.
        if let (file, error) = catalog.layers.lazy.flatMap(\.unloadableFiles).first {
            output.addError("\(CatalogLoadError.config(file: file.path, error)); its app types could not be read, "
                + "so the list of schemes would be incomplete: nothing was printed (fix the file; 'choosy-data lint' shows every problem)")
            return .failure
        }
        let merged = MergedCatalog(catalog, profile: client)
        var types = merged.appTypes
        if !arguments.positional.isEmpty {
            if let unknown = arguments.positional.first(where: { merged.appType($0) == nil }) {
                throw UsageError("unknown app type '\(unknown)'; the catalog has: \(merged.appTypes.map(\.key).joined(separator: ", "))")
            }
            types = arguments.positional.compactMap(merged.appType)
        }
        let schemes = QueriedSchemes.schemes(of: types)
        switch format {
        case "json":
            output.standardOutput += JSONOutput.array(schemes.map(JSONOutput.string)).rendered()
        case "text":
            output.standardOutput += schemes.map { $0 + "\n" }.joined()
        default:
            output.standardOutput += QueriedSchemes.plist(schemes)
        }
        return .success
    }
}
