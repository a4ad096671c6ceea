import ChoosyData
import Foundation

/// `choosy-data matrix`: which apps take which parameter, per app type and action.
enum MatrixCommand: Command {
    static let name = "matrix"
    static let abstract = "Show which apps use each parameter of an action, and where in the URL."
    static let usage = """
        choosy-data matrix [TYPE [ACTION]] [PATH] [--config FILE]
                                [--format text|markdown|csv|json|html] [--client shipped|rfc3986]
        """
    static let details = """
        ARGUMENTS:
          TYPE                    An app type key (twitter): only its actions.
          ACTION                  An action key of TYPE (post): only that action.
          PATH                    A catalog directory or a file inside one, told from
                                  keys by a '/' or '.' in it (data/, ./data), or
                                  naming a catalog directory (data). The
                                  catalog is found by walking up to .choosy-data.yml
                                  and read whole, its layers merged. Default: as
                                  for -C.

        CELLS:
          ✓ path                  Outside the query: the URL needs a value.
          ◦ query                 Only in the query: optional, dropped when empty.
          · none                  The app does not use the parameter (or the client
                                  loses it: shipped keeps the query up to a second '?').
          — unsupported           The app does not implement the action.

        OPTIONS:
        \(Arguments.catalogOptionHelp)
          --config <file>         Use this .choosy-data.yml (or catalog directory); do
                                  not search for one.
          --format <format>       text (default; grids for 80 columns), markdown,
                                  csv (one record per app and parameter), json or
                                  html (one self-contained page).
        \(Arguments.clientOptionHelp)
        """
    static let valueOptions: Set<String> = ["--format", "--config", "--client", "-C", "--catalog"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = MatrixFormat(rawValue: try arguments.choice("--format", allowed: MatrixFormat.allCases.map(\.rawValue), fallback: "text"))!
        let client = try arguments.clientProfile()
        let catalogArguments = try CatalogArguments(arguments, keyNames: ["TYPE", "ACTION"])
        guard let catalog = catalogArguments.loadCatalog(output: &output) else { return .failure }
        let keys = catalogArguments.keys
        let matrices: SupportMatrices
        do {
            matrices = try SupportMatrix.select(from: MergedCatalog(catalog, profile: client), type: keys.first, action: keys.dropFirst().first)
        } catch {
            throw UsageError(error.description + catalogArguments.directoryHint)
        }
        var standardOutput = output.standardOutputStream()
        format.write(matrices, to: &standardOutput)
        return .success
    }
}
