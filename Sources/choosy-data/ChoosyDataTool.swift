import ChoosyData
import Foundation

/// The executable: argument parsing and dispatch only; all logic lives in ChoosyData.
@main
enum ChoosyDataTool {
    static let commands: [any Command.Type] = [
        LintCommand.self, FmtCommand.self, ShowCommand.self, URLCommand.self, MatrixCommand.self,
        DocsCommand.self, DiffCommand.self, ReviewCommand.self, BundleCommand.self, ReleaseCommand.self, SchemesCommand.self,
        CodegenCommand.self, RulesCommand.self,
    ]

    static let generalHelp = """
        OVERVIEW: Validate, format and publish the Choosy URL-scheme catalog.

        USAGE: choosy-data <command> [options]

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        COMMANDS:
        \(commands.map { "  " + $0.name.padding(toLength: 24, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))
          help <command>          Show help for a command.

          See 'choosy-data help <command>' for detailed help.

        EXIT CODES:
          0  Success: nothing at or above the command's gate.
          1  Findings (lint, bundle, release, docs), files that would change (fmt), or changes
             (diff, review) at or above the gate.
          2  Usage error, unreadable input, unwritable output, or internal error.

        """

    static func main() {
        if let shortage = FileDescriptorBudget.shortage() {
            StandardStream.error.write("Error: \(shortage)\n")
            exit(ExitCode.failure.rawValue)
        }
        // A staging directory or temporary file never outlives an interrupted run.
        ScratchPaths.removeOnInterruption()
        OutOfMemoryExit.install()
        let (exitCode, output) = dispatch(Array(CommandLine.arguments.dropFirst()))
        StandardStream.output.write(output.standardOutput)
        StandardStream.error.write(output.standardError)
        // Ends the process while `output` still holds what the command kept (`keptUntilExit`),
        // so none of it is freed first.
        withExtendedLifetime(output) { exit(exitCode.rawValue) }
    }

    static func dispatch(_ arguments: [String]) -> (ExitCode, Output) {
        var output = Output()
        guard let first = arguments.first else {
            output.standardError = generalHelp
            return (.failure, output)
        }
        switch first {
        case "-h", "--help":
            output.standardOutput = generalHelp
            return (.success, output)
        case "--version":
            output.standardOutput = "choosy-data \(choosyDataVersion)\n"
            return (.success, output)
        case "help":
            guard arguments.count > 1 else {
                output.standardOutput = generalHelp
                return (.success, output)
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                return usageFailure("unknown command '\(arguments[1])'", usage: "choosy-data help <command>", helpCommand: "choosy-data --help")
            }
            output.standardOutput = command.help
            return (.success, output)
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let kind = first.hasPrefix("-") ? "option" : "command"
            return usageFailure("unknown \(kind) '\(first)'", usage: "choosy-data <command> [options]", helpCommand: "choosy-data --help")
        }
        let rest = Array(arguments.dropFirst())
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
            output.standardOutput = command.help
            return (.success, output)
        }
        do {
            let parsed = try Arguments(rest, valueOptions: command.valueOptions, flagOptions: command.flagOptions)
            return (try command.run(parsed, output: &output), output)
        } catch {
            return usageFailure(error.message, usage: command.usage, helpCommand: "choosy-data \(command.name) --help")
        }
    }

    private static func usageFailure(_ message: String, usage: String, helpCommand: String) -> (ExitCode, Output) {
        var output = Output()
        output.standardError = "Error: \(message.withInvisibleCharactersEscaped)\nUsage: \(usage)\n  See '\(helpCommand)' for more information.\n"
        return (.failure, output)
    }
}
