/// The whole command line: the tool's own options and its command table, from which the
/// general `--help`, the shell completions and the man page are made.
public struct ToolSpec: Sendable {
    public let name: String
    public let abstract: String
    /// The options taken before any command (`--help`, `--version`).
    public let options: [OptionSpec]
    public let commands: [CommandSpec]

    public init(name: String, abstract: String, options: [OptionSpec], commands: [CommandSpec]) {
        self.name = name
        self.abstract = abstract
        self.options = options
        self.commands = commands
    }

    /// The commands a user is shown: all but the hidden helpers.
    public var visibleCommands: [CommandSpec] { commands.filter { !$0.isHidden } }

    /// `choosy-data --help`: the options, the commands and what the exit codes mean.
    public var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: \(name) <command> [options]

        OPTIONS:
        \(options.map { CommandSpec.helpEntry($0.label, $0.help) }.joined())
        COMMANDS:
        \(visibleCommands.map { CommandSpec.helpEntry($0.name, $0.abstract) }.joined())\
          help <command>          Show help for a command.

          See '\(name) help <command>' for detailed help.

        EXIT CODES:
          0  Success: nothing at or above the command's gate.
          1  Findings, files that would change, or differences at or above the gate (each
             command's help says which), from these commands only:
             \(visibleCommands.filter { $0.exitCodes.findings != nil }.map(\.name).joined(separator: ", ")).
          2  Usage error, unreadable input, unwritable output, or internal error.

        """
    }
}
