import ChoosyData

/// One `choosy-data` subcommand: its help text and how it runs.
protocol Command: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    /// The ARGUMENTS and OPTIONS sections of the help text.
    static var details: String { get }
    static var valueOptions: Set<String> { get }
    static var flagOptions: Set<String> { get }

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode
}

extension Command {
    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: \(usage)

        \(details)
          -h, --help              Show help information.

        """
    }
}

/// Where a command writes: standard output and standard error, collected so `main` writes
/// each once.
struct Output {
    var standardOutput = ""
    var standardError = ""
    /// Data the command is done with that the process keeps until it exits instead of freeing:
    /// freeing a large catalog's trees costs a tenth of lint's time and changes no output.
    var keptUntilExit: [any Sendable] = []
}
