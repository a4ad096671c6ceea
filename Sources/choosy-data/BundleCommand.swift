import ChoosyData
import Foundation

/// `choosy-data bundle`: write the files the client downloads.
enum BundleCommand: Command {
    static let name = "bundle"
    static let abstract = "Write the server layer in the client's wire format, with a manifest."
    static let usage = "choosy-data bundle [PATH | -C PATH | --config FILE] [--client shipped|rfc3986] -o DIR"
    static let details = """
        ARGUMENTS:
          PATH                    The catalog: a directory with a .choosy-data.yml, or a
                                  directory or file read as a one-layer catalog. Default:
                                  as for -C.

        OPTIONS:
          -o, --output <dir>      The bundle directory: app-data/<type>.json for every app
                                  type of the last (server) layer, and manifest.json. It is
                                  replaced whole, and only when empty or holding exactly
                                  the files an earlier bundle wrote (.choosy-data-files).
        \(Arguments.catalogOptionHelp)
          --config <file>         Use this .choosy-data.yml (or catalog directory) instead
                                  of searching for one.
          --color <when>          Colour lint findings: auto (default), always or never.
        \(Arguments.clientOptionHelp)
                                  The catalog is linted as this client merges it; the
                                  bundle is the server layer as written, for every client.

        A catalog with lint errors is not bundled: the errors are printed and the exit code is 1.
        """
    static let valueOptions: Set<String> = ["-o", "--output", "--config", "--color", "--client", "-C", "--catalog"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let colorMode = ColorMode(rawValue: try arguments.choice("--color", allowed: ColorMode.allCases.map(\.rawValue), fallback: "auto"))!
        let client = try arguments.clientProfile()
        let directory = try arguments.outputDirectory(missing: "missing the bundle directory: -o DIR")
        guard arguments.positional.count <= 1 else {
            throw UsageError("unexpected argument '\(arguments.positional[1])'; bundle takes one catalog")
        }
        let selection = try arguments.catalogSelection(path: arguments.positional.first)
        guard let catalog = CatalogArguments.load(selection, exactPath: true, output: &output) else { return .failure }
        if output.refusesLintErrors(
            of: catalog, profile: client, colorMode: colorMode, refusal: "the catalog has lint errors; nothing was written to \(directory)"
        ) {
            return .findings
        }
        do {
            let bundle = try CatalogBundle(catalog)
            let written = try bundle.write(to: directory)
            output.standardOutput += "Wrote \(written.count) files to \(written.shownPath.withInvisibleCharactersEscaped).\n"
        } catch {
            output.addError(error)
            return .failure
        }
        return .success
    }
}
