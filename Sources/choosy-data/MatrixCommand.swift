import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyTools
import Foundation

/// `choosy-data matrix`: which apps take which parameter, per app type and action.
enum MatrixCommand: Command {
    static let spec = CommandSpec(
        name: "matrix",
        abstract: "Show which apps use each parameter of an action, and where in the URL.",
        usage: """
            choosy-data matrix [TYPE [ACTION]] [PATH | -C PATH | --config FILE]
                                    [--format text|markdown|csv|json|html] [--client shipped|rfc3986] [--platform ios17|ios16]
            """,
        arguments: [
            ArgumentSpec("TYPE", help: "An app type key (twitter): only its actions.", completion: .appTypes),
            ArgumentSpec("ACTION", help: "An action key of TYPE (post): only that action.", completion: .actions),
            ArgumentSpec("PATH", help: """
                A catalog directory or a file inside one, told from
                keys by a '/' or '.' in it (data/, ./data), or
                naming a catalog directory (data). The
                catalog is found by walking up to .choosy-data.yml
                and read whole, its layers merged. Default: as
                for -C.
                """, completion: .files),
        ],
        options: [
            .catalog(),
            .config,
            .format(MatrixOutputFormat.allCases.map(\.rawValue), help: """
                text (default; grids for 80 columns), markdown,
                csv (one record per app and parameter), json or
                html (one self-contained page).
                """),
            .client(),
            .platform(),
        ],
        notes: """
            CELLS:
              ✓ path                  Outside the query: the URL needs a value.
              ◦ query                 Only in the query: optional, dropped when empty.
              · none                  The app does not use the parameter (or the client
                                      loses it: shipped keeps the query up to a second '?').
              — unsupported           The app does not implement the action.
            """,
        exitCodes: ExitCodeHelp(success: "The matrix was shown.", findings: nil),
        examples: [
            .init("Which Twitter apps take each parameter of post", "choosy-data matrix twitter post"),
            .init("Every app type as one HTML page", "choosy-data matrix --format html > matrix.html"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = arguments.value(of: "--format", default: MatrixOutputFormat.text)
        let client = arguments.clientProfile()
        let catalogArguments = try CatalogArguments(arguments, keyNames: ["TYPE", "ACTION"])
        guard let catalog = catalogArguments.loadCatalog(output: &output) else { return .failure }
        let keys = catalogArguments.keys
        let matrices: SupportMatrices
        do {
            matrices = try SupportMatrix.select(from: MergedCatalog(catalog, profile: client, platform: arguments.platform()), type: keys.first, action: keys.dropFirst().first)
        } catch {
            throw UsageError(error.description + catalogArguments.directoryHint)
        }
        var standardOutput = output.standardOutputStream()
        format.write(matrices, to: &standardOutput)
        return .success
    }
}
