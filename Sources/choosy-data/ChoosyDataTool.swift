import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import Foundation

/// The executable: argument parsing and dispatch only; all logic lives in ChoosyData.
@main
enum ChoosyDataTool {
    /// The command table: every command's declaration, from which the parser, `--help`, the
    /// completions and the man page are made.
    static let commands: [any Command.Type] = [
        InitCommand.self, LintCommand.self, FmtCommand.self, ShowCommand.self, URLCommand.self, MatrixCommand.self,
        DocsCommand.self, DiffCommand.self, ReviewCommand.self, BundleCommand.self, ReleaseCommand.self, SchemesCommand.self,
        CodegenCommand.self, RulesCommand.self, LSPCommand.self, CompletionsCommand.self, ManCommand.self, CompleteCommand.self,
    ]

    /// What the tool itself is, before any command: the head of `--help` and of the man page.
    static let tool = ToolSpec(
        name: "choosy-data", abstract: "Validate, format and publish the Choosy URL-scheme catalog.",
        options: [OptionSpec(short: "-V", long: "--version", help: "Show the version."), .help],
        commands: commands.map { $0.spec })

    static var generalHelp: String { tool.help }

    static func main() {
        if let shortage = FileDescriptorBudget.shortage() {
            StandardStream.error.write("Error: \(shortage)\n")
            exit(ExitCode.failure.rawValue)
        }
        // A staging directory or temporary file never outlives an interrupted run.
        ScratchPaths.removeOnInterruption()
        OutOfMemoryExit.install()
        let (exitCode, output) = CommandThread.run { dispatch(Array(CommandLine.arguments.dropFirst())) }
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
        case "-V", "--version":
            if arguments.count > 1 {
                return usageFailure("unexpected argument '\(arguments[1])'; \(first) takes none", usage: "choosy-data \(first)", helpCommand: "choosy-data --help")
            }
            output.standardOutput = "choosy-data \(choosyDataVersion)\n"
            return (.success, output)
        case "help":
            if arguments.count > 2 {
                return usageFailure("unexpected argument '\(arguments[2])'; help takes one command", usage: "choosy-data help <command>", helpCommand: "choosy-data --help")
            }
            // `help help`, `help -h`: help's own help is the general one, which lists `help <command>`.
            guard arguments.count == 2, !["help", "-h", "--help"].contains(arguments[1]) else {
                output.standardOutput = generalHelp
                return (.success, output)
            }
            guard let command = command(named: arguments[1]) else {
                return usageFailure(unknownCommand(arguments[1]), usage: "choosy-data help <command>", helpCommand: "choosy-data --help")
            }
            output.standardOutput = command.help
            return (.success, output)
        default:
            break
        }
        guard let command = command(named: first) else {
            let message = first.hasPrefix("-")
                ? UnknownKeyError(kind: "option", key: first, validKeys: tool.options.flatMap(\.names)).description
                : unknownCommand(first)
            return usageFailure(message, usage: "choosy-data <command> [options]", helpCommand: "choosy-data --help")
        }
        let rest = Array(arguments.dropFirst())
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
            output.standardOutput = command.help
            return (.success, output)
        }
        do {
            let parsed = try Arguments(rest, command: command.spec)
            output.isQuiet = parsed.flags.contains("--quiet")
            return (try command.run(parsed, output: &output), output)
        } catch {
            return usageFailure(error.message, usage: command.usage, helpCommand: "choosy-data \(command.name) --help")
        }
    }

    /// The command `name` names, by its name or an alias.
    private static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name || $0.spec.aliases.contains(name) }
    }

    /// `unknown command 'lnt' (did you mean 'lint'?); valid values are: …`
    private static func unknownCommand(_ name: String) -> String {
        UnknownKeyError(kind: "command", key: name, validKeys: tool.visibleCommands.map(\.name) + ["help"]).description
    }

    private static func usageFailure(_ message: String, usage: String, helpCommand: String) -> (ExitCode, Output) {
        var output = Output()
        output.standardError = "Error: \(message.withInvisibleCharactersEscaped)\nUsage: \(usage)\n  See '\(helpCommand)' for more information.\n"
        return (.failure, output)
    }
}
