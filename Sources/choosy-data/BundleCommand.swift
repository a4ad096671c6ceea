import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosyTools
import Foundation

/// `choosy-data bundle`: write the files the client downloads.
enum BundleCommand: Command {
    static let spec = CommandSpec(
        name: "bundle",
        abstract: "Write the server layer in the client's wire format, with a manifest.",
        usage: "choosy-data bundle [PATH | -C PATH | --config FILE] [--client shipped|rfc3986] [--platform ios17|ios16] -o DIR [--quiet]",
        arguments: [
            .catalogPath,
        ],
        options: [
            .output("""
                The bundle directory: app-data/<type>.json for every app
                type of the last (server) layer, and manifest.json. It is
                replaced whole, and only when empty or holding exactly
                the files an earlier bundle wrote (.choosy-data-files).
                """),
            .catalog(),
            .config,
            .color("lint findings"),
            .client("""
                The catalog is linted as this client merges it; the
                bundle is the server layer as written, for every client.
                """),
            .platform("""
                The lint that decides the bundle is the same on both.
                """),
            .quiet(),
        ],
        notes: "A catalog with lint errors is not bundled: the errors are printed and the exit code is 1.",
        exitCodes: ExitCodeHelp(
            success: "The bundle was written.",
            findings: "The catalog has lint errors: nothing was written."),
        examples: [
            .init("Write the bundle of data/ into out/", "choosy-data bundle data -o out"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let colorMode = arguments.value(of: "--color", default: ColorMode.auto)
        let client = arguments.clientProfile()
        let directory = try arguments.outputDirectory(missing: "missing the bundle directory: -o DIR")
        guard arguments.positional.count <= 1 else {
            throw UsageError("unexpected argument '\(arguments.positional[1])'; bundle takes one catalog")
        }
        let selection = try arguments.catalogSelection(path: arguments.positional.first)
        guard let catalog = CatalogArguments.load(selection, output: &output) else { return .failure }
        if output.refusesOutput(directory, insideLayersOf: catalog) { return .failure }
        if output.refusesLintErrors(
            of: catalog, profile: client, platform: arguments.platform(), colorMode: colorMode, refusal: "the catalog has lint errors; nothing was written to \(directory)"
        ) {
            return .findings
        }
        do {
            let bundle = try CatalogBundle(catalog)
            let written = try bundle.write(to: directory)
            output.addProgress("Wrote \(written.count) files to \(written.shownPath.withInvisibleCharactersEscaped).")
        } catch {
            output.addError(error)
            return .failure
        }
        return .success
    }
}
