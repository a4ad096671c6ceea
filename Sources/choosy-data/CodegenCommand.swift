import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosyTools
import Foundation

/// `choosy-data codegen`: typed source for an app that calls the Choosy client.
enum CodegenCommand: Command {
    static let spec = CommandSpec(
        name: "codegen",
        abstract: "Generate a typed Swift API or Objective-C key constants for the catalog.",
        usage: """
            choosy-data codegen swift|objc [PATH | -C PATH | --config FILE] (-o DIR | --stdout)
                                    [--client shipped|rfc3986] [--platform ios17|ios16] [--quiet]
            """,
        arguments: [
            ArgumentSpec("swift|objc", help: """
                swift: ChoosyCatalog.swift, an enum per app type with a
                function per action returning a ChoosyRequest; objc:
                ChoosyCatalog.h and .m, NSString constants of every key.
                docs/codegen.md: the naming, and which arguments are
                optional.
                """, completion: .values(["swift", "objc"])),
            .catalogPath,
        ],
        options: [
            .output("""
                Write the file(s) into this directory (created when
                missing), outside the folders the layers read: every
                file is written before any is replaced, so a failure
                changes none; other files in it are left alone.
                """),
            OptionSpec(long: "--stdout", help: "Print the file(s) instead."),
            .catalog(),
            .config,
            .client(),
            .platform("""
                codegen renders no URL, so the platform changes nothing
                here.
                """),
            .quiet(),
        ],
        exitCodes: ExitCodeHelp(
            success: "The source was written or printed.",
            findings: "A key that key-format rejects: nothing was written or printed."),
        examples: [
            .init("Write ChoosyCatalog.swift into an app's sources", "choosy-data codegen swift data -o App/Sources"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        guard let language = arguments.positional.first else { throw UsageError("missing the language: swift or objc") }
        guard ["swift", "objc"].contains(language) else {
            throw UsageError(UnknownKeyError(kind: "language", key: language, validKeys: ["swift", "objc"]).description)
        }
        let client = arguments.clientProfile()
        let toStandardOutput = arguments.flags.contains("--stdout")
        let directory = toStandardOutput ? nil : try arguments.outputDirectory(missing: "missing where to write: -o DIR, or --stdout")
        if toStandardOutput, arguments.options["--output"] != nil {
            throw UsageError("give -o DIR or --stdout, not both")
        }
        guard arguments.positional.count <= 2 else {
            throw UsageError("unexpected argument '\(arguments.positional[2])'; codegen takes one catalog")
        }
        let path = arguments.positional.dropFirst().first
        guard let catalog = CatalogArguments.loadCatalog(try arguments.catalogSelection(path: path), output: &output) else { return .failure }
        // An API missing an app type's actions would fail at compile time only in the app.
        if catalog.layers.contains(where: { !$0.unloadableFiles.isEmpty }) {
            output.addError("the files warned about above could not be read, so the generated API would miss their app types: "
                + "nothing was written (fix them; 'choosy-data lint' shows every problem)")
            return .failure
        }
        let rejected = CodegenInput.rejectedKeys(of: catalog)
        guard rejected.isEmpty else {
            for finding in rejected { output.addError(CodegenInput.refusal(of: finding)) }
            return .findings
        }
        if let directory, output.refusesOutput(directory, insideLayersOf: catalog) { return .failure }
        let input = CodegenInput(catalog: MergedCatalog(catalog, profile: client, platform: arguments.platform()), catalogName: catalogName(catalog, path: path))
        let sources = language == "swift" ? [SwiftCodeGenerator.generate(input)] : ObjCCodeGenerator.generate(input)
        guard let directory else {
            output.standardOutput += sources.map(\.text).joined(separator: "\n")
            return .success
        }
        do {
            for path in try GeneratedSourceWriter.write(sources, to: directory) {
                output.addProgress("Wrote \(path.withInvisibleCharactersEscaped).")
            }
        } catch {
            for message in error.messages { output.addError(message) }
            return .failure
        }
        return .success
    }

    /// The catalog's directory name, for the generated header: the same wherever it is checked out.
    private static func catalogName(_ catalog: Catalog, path: String?) -> String {
        let directory = catalog.root ?? path ?? FileManager.default.currentDirectoryPath
        let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        return URL(fileURLWithPath: absolute).standardizedFileURL.lastPathComponent
    }
}
