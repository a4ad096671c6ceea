import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore

/// `choosy-data completions`: the completion script of a shell, made from the command table.
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        usage: "choosy-data completions bash|zsh|fish",
        arguments: [
            ArgumentSpec("bash|zsh|fish", help: """
                The shell. The script completes commands, options, their
                values, and the app types, actions and apps of the catalog
                around the current directory (docs/cli.md).
                """, completion: .values(CompletionShell.allCases.map(\.rawValue))),
        ],
        options: [],
        exitCodes: ExitCodeHelp(success: "The script was printed.", findings: nil),
        examples: [
            .init("Complete choosy-data in this bash session", "source <(choosy-data completions bash)"),
            .init("Install the zsh completion", "choosy-data completions zsh > ~/.zfunc/_choosy-data"),
            .init("Install the fish completion", "choosy-data completions fish > ~/.config/fish/completions/choosy-data.fish"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        guard arguments.positional.count == 1, let name = arguments.positional.first else {
            throw UsageError(arguments.positional.isEmpty ? "missing the shell: bash, zsh or fish" : "unexpected argument '\(arguments.positional[1])'")
        }
        guard let shell = CompletionShell(rawValue: name) else {
            throw UsageError(UnknownKeyError(kind: "shell", key: name, validKeys: CompletionShell.allCases.map(\.rawValue)).description)
        }
        output.standardOutput += shell.script(for: ChoosyDataTool.tool)
        return .success
    }
}
