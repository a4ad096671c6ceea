import ChoosyData
import Foundation

/// `choosy-data fmt`: write catalog files in canonical form, or show what would change.
enum FmtCommand: Command {
    static let name = "fmt"
    static let abstract = "Write catalog files in canonical form, or show the diff that would."
    static let usage = """
        choosy-data fmt [PATH ...] [--check | --write] [--to json|yaml] [--drop-comments]
                             [-C PATH | --config FILE] [- --stdin-filename PATH | --stdin-format json|yaml]
        """
    static let details = """
        ARGUMENTS:
          PATH                    A catalog directory, or files and directories inside one:
                                  every file of every layer below it is formatted. '-' reads
                                  standard input and writes the formatted text to standard
                                  output. Default: as for -C.

        OPTIONS:
          --check                 Print a unified diff of what would change and exit 1 if
                                  anything would (the default; for CI).
          --write                 Rewrite the files in place, atomically.
          --to <format>           Convert to json or yaml: write the file next to the old one
                                  with the new extension (never over a different file), and
                                  with --write remove the old one.
          --drop-comments         Format YAML files even though their comments are lost
                                  (without it, such files are refused).
        \(Arguments.catalogOptionHelp)
                                  With PATHs, only files below them are formatted.
          --config <file>         Use this .choosy-data.yml (or catalog directory) instead
                                  of searching for one.
          --stdin-filename <path> The file standard input stands for: its format, its name
                                  in messages, and the catalog whose config applies.
          --stdin-format <format> The format of standard input: json or yaml.

        EXIT CODES:
          0  Every file is canonical (or was written).
          1  Some file would change (check mode).
          2  A file does not parse or has comments (never written), usage error, or I/O error.
        """
    static let valueOptions: Set<String> = ["--to", "--config", "--stdin-filename", "--stdin-format", "-C", "--catalog"]
    static let flagOptions: Set<String> = ["--check", "--write", "--drop-comments"]

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let target = try format(named: "--to", in: arguments)
        let writes = arguments.flags.contains("--write")
        if writes, arguments.flags.contains("--check") { throw UsageError("--check and --write exclude each other") }
        let dropComments = arguments.flags.contains("--drop-comments")
        let configPath: String?
        switch try arguments.configPath(forPaths: arguments.positional) {
        case .success(let path): configPath = path
        case .failure(let error):
            output.addError(error)
            return .failure
        }
        if arguments.positional.contains("-") {
            guard arguments.positional == ["-"] else { throw UsageError("'-' formats standard input and takes no other PATH") }
            guard !writes else { throw UsageError("--write rewrites files; standard input is written to standard output") }
            let stdinFormat = try format(named: "--stdin-format", in: arguments)
            let name = arguments.options["--stdin-filename"]
            guard let inputFormat = stdinFormat ?? name.flatMap(SourceFormat.init(path:)) else {
                throw UsageError("'-' needs --stdin-format json|yaml, or a --stdin-filename ending in .json, .yaml or .yml")
            }
            let settings: (config: CatalogConfig, root: String)?
            do {
                settings = try FormatRun.settings(
                    forStandardInputNamed: name, configPath: configPath,
                    currentDirectory: FileManager.default.currentDirectoryPath)
            } catch {
                output.addError(error)
                return .failure
            }
            guard let bytes = StandardInput.read(reportingTo: &output) else { return .failure }
            let file = SourceFile(path: name ?? "-", bytes: bytes)
            return formatStandardInput(
                file, as: inputFormat, to: target, check: arguments.flags.contains("--check"), dropComments: dropComments,
                settings: settings, output: &output)
        }
        var request = FormatRequest(
            paths: arguments.positional, configPath: configPath, mode: writes ? .write : .check,
            target: target, dropComments: dropComments, currentDirectory: FileManager.default.currentDirectoryPath)
        request.trustedDirectories = CatalogArguments.trustedDirectories
        let report: FormatReport
        do {
            report = try FormatRun().run(request)
        } catch {
            output.addError(error)
            return .failure
        }
        render(report, output: &output)
        return report.exitCode
    }

    /// The value of a json|yaml option, if given.
    private static func format(named option: String, in arguments: Arguments) throws(UsageError) -> SourceFormat? {
        guard arguments.options[option] != nil else { return nil }
        return SourceFormat(rawValue: try arguments.choice(option, allowed: SourceFormat.allCases.map(\.rawValue), fallback: ""))
    }

    /// Standard input to standard output: the formatted text, or with --check the diff.
    private static func formatStandardInput(
        _ file: SourceFile, as inputFormat: SourceFormat, to target: SourceFormat?, check: Bool, dropComments: Bool,
        settings: (config: CatalogConfig, root: String)?, output: inout Output
    ) -> ExitCode {
        do {
            let formatted = try CatalogFormatter.format(
                file, readingAs: inputFormat, as: target, dropComments: dropComments, config: settings?.config, root: settings?.root)
            guard check else {
                output.standardOutput += formatted.text
                return .success
            }
            let diff = UnifiedDiff.render(from: String(decoding: file.bytes, as: UTF8.self), to: formatted.text, path: file.path)
            output.standardOutput += diff
            return diff.isEmpty ? .success : .findings
        } catch {
            output.standardError += "\(file.path):\(error.location): \(error.message)".withInvisibleCharactersEscaped + "\n"
            return .failure
        }
    }

    /// Diffs and what was written on standard output; refusals, failures and the summary on
    /// standard error, so that standard output is a patch `git apply` takes.
    private static func render(_ report: FormatReport, output: inout Output) {
        var wouldChange = 0
        for entry in report.entries {
            switch entry.outcome {
            case .unchanged:
                break
            case .wouldChange(let diff):
                output.standardOutput += diff
                wouldChange += 1
            case .rewritten:
                output.standardOutput += "formatted \(entry.path.withInvisibleCharactersEscaped)\n"
            case .converted(let newPath, let removed):
                output.standardOutput += "converted \(entry.path) to \(newPath)".withInvisibleCharactersEscaped + (removed ? " and removed \(entry.path.withInvisibleCharactersEscaped)\n" : "\n")
            case .refused(let refusal):
                output.standardError += "\(entry.path):\(refusal.location): \(refusal.message)".withInvisibleCharactersEscaped + "\n"
            case .failed(let message):
                output.addError(message)
            }
        }
        if wouldChange > 0 {
            output.standardError += "\(wouldChange) of \(report.entries.count) files would be reformatted; run 'choosy-data fmt --write' to rewrite them.\n"
        }
    }
}
