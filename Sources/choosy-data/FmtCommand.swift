import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosySyntax
import ChoosyTools
import Foundation

/// `choosy-data fmt`: write catalog files in canonical form, or show what would change.
enum FmtCommand: Command {
    static let spec = CommandSpec(
        name: "fmt", aliases: ["normalise", "normalize"],
        abstract: "Write catalog files in canonical form, or show the diff that would.",
        usage: """
            choosy-data fmt [PATH ...] [--check | --write] [--to json|yaml] [--drop-comments]
                                 [-C PATH | --config FILE] [- --stdin-filename PATH | --stdin-format json|yaml]
                                 [--color auto|always|never] [--quiet]
            """,
        arguments: [
            ArgumentSpec("PATH", help: """
                A catalog directory, or files and directories inside one:
                every file of every layer below it is formatted. '-' reads
                standard input and writes the formatted text to standard
                output. Default: as for -C.
                """, completion: .files),
        ],
        options: [
            OptionSpec(long: "--check", help: """
                Print a unified diff of what would change and exit 1 if
                anything would (the default; for CI).
                """),
            .write("Rewrite the files in place, atomically."),
            OptionSpec(long: "--to", valueName: "format", allowedValues: SourceLanguage.allCases.map(\.rawValue), help: """
                Convert to json or yaml. Without --write, print the
                conversion as a patch (the new file added, the old one
                deleted) and exit 1; with --write, write the file next to
                the old one with the new extension (never over a different
                file) and remove the old one.
                """),
            OptionSpec(long: "--drop-comments", help: """
                Format YAML files even though their comments are lost
                (without it, such files are refused).
                """),
            .catalog("With PATHs, only files below them are formatted."),
            .config,
            OptionSpec(long: "--stdin-filename", valueName: "path", completesFiles: true, help: """
                The file standard input stands for: its format, its name
                in messages, and the catalog whose config applies.
                """),
            OptionSpec(
                long: "--stdin-format", valueName: "format", allowedValues: SourceLanguage.allCases.map(\.rawValue),
                help: "The format of standard input: json or yaml."),
            .color("the diffs"),
            .quiet("Print diffs and errors only: no summary line, no line\nper file written."),
        ],
        notes: "'normalise' and 'normalize' are other names of fmt.",
        exitCodes: ExitCodeHelp(
            success: "Every file is canonical (or was written).",
            findings: "Some file would change (check mode, --to without --write included).",
            failure: "A file does not parse or has comments (never written), usage error, or I/O error."),
        examples: [
            .init("Show what would change in the catalog around the current directory", "choosy-data fmt"),
            .init("Rewrite every file of the catalog in canonical form", "choosy-data fmt --write data"),
            .init("Convert one file to YAML, removing the JSON file", "choosy-data fmt --to yaml --write data/app-data/maps.json"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let target = arguments.value(of: "--to", as: SourceLanguage.self)
        let writes = arguments.flags.contains("--write")
        if writes, arguments.flags.contains("--check") { throw UsageError("--check and --write exclude each other") }
        let dropComments = arguments.flags.contains("--drop-comments")
        let colorMode = arguments.value(of: "--color", default: ColorMode.auto)
        let config: CatalogSelection.ConfigLocation?
        switch try arguments.config(forPaths: arguments.positional) {
        case .success(let location): config = location
            output.addImpliedConfigNote(location)
        case .failure(let error):
            output.addError(error)
            return .failure
        }
        if !arguments.positional.contains("-"), let option = ["--stdin-filename", "--stdin-format"].first(where: { arguments.options[$0] != nil }) {
            throw UsageError("\(option) describes standard input; add '-' to read standard input, or leave it out")
        }
        if arguments.positional.contains("-") {
            guard arguments.positional == ["-"] else { throw UsageError("'-' formats standard input and takes no other PATH") }
            guard !writes else { throw UsageError("--write rewrites files; standard input is written to standard output") }
            let stdinLanguage = arguments.value(of: "--stdin-format", as: SourceLanguage.self)
            let name = arguments.options["--stdin-filename"]
            guard let inputLanguage = stdinLanguage ?? name.flatMap(SourceLanguage.init(path:)) else {
                throw UsageError("'-' needs --stdin-format json|yaml, or a --stdin-filename ending in .json, .yaml or .yml")
            }
            let settings: (config: CatalogConfig, root: String)?
            do {
                settings = try FormatRun.settings(
                    forStandardInputNamed: name, config: config,
                    currentDirectory: FileManager.default.currentDirectoryPath)
            } catch {
                output.addError(error)
                return .failure
            }
            guard let bytes = StandardInput.read(reportingTo: &output) else { return .failure }
            let file = SourceFile(path: name ?? "-", bytes: bytes)
            let formatting = StandardInputFormatting(
                file, as: inputLanguage, to: target, check: arguments.flags.contains("--check"), dropComments: dropComments,
                settings: settings, colored: colorMode.usesColor(on: STDOUT_FILENO))
            output.standardOutput += formatting.standardOutput
            output.standardError += formatting.standardError
            return formatting.exitCode
        }
        var request = FormatRequest(
            paths: arguments.positional, config: config, mode: writes ? .write : .check,
            target: target, dropComments: dropComments, currentDirectory: FileManager.default.currentDirectoryPath)
        request.trustedDirectories = CatalogArguments.trustedDirectories
        let report: FormatReport
        do {
            report = try FormatRun().run(request)
        } catch {
            output.addError(error)
            return .failure
        }
        let rendered = report.rendered(quiet: output.isQuiet, colored: colorMode.usesColor(on: STDOUT_FILENO))
        output.standardOutput += rendered.standardOutput
        output.standardError += rendered.standardError
        return report.exitCode
    }
}
