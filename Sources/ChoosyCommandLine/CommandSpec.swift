/// One command of the command line as data: the single source the argument parser, `--help`,
/// the shell completions and the man page are all made from.
public struct CommandSpec: Sendable {
    public let name: String
    /// Other names that run the same command (`normalise` for `fmt`).
    public let aliases: [String]
    public let abstract: String
    /// The synopsis after `USAGE:`, lines after the first indented to line up under it.
    public let usage: String
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    /// Text that follows the options in `--help` (notes, extra tables), hand-wrapped.
    public let notes: String
    public let exitCodes: ExitCodeHelp
    public let examples: [Example]
    /// Left out of the command list, the completions and the man page (`__complete`).
    public let isHidden: Bool

    public init(
        name: String, aliases: [String] = [], abstract: String, usage: String, arguments: [ArgumentSpec] = [],
        options: [OptionSpec], notes: String = "", exitCodes: ExitCodeHelp, examples: [Example] = [], isHidden: Bool = false
    ) {
        self.name = name
        self.aliases = aliases
        self.abstract = abstract
        self.usage = usage
        self.arguments = arguments
        self.options = options
        self.notes = notes
        self.exitCodes = exitCodes
        self.examples = examples
        self.isHidden = isHidden
    }

    /// One example of `EXAMPLES`: what it does, then the command line.
    public struct Example: Sendable {
        public let purpose: String
        public let commandLine: String

        public init(_ purpose: String, _ commandLine: String) {
            self.purpose = purpose
            self.commandLine = commandLine
        }
    }

    /// The option `name` (long or short) stands for.
    public func option(named name: String) -> OptionSpec? {
        options.first { $0.long == name || $0.short == name }
    }
}

/// One positional argument of a command: its name in the synopsis, its help, and how a shell
/// completes it.
public struct ArgumentSpec: Sendable {
    public let name: String
    public let help: String
    public let completion: Completion

    public init(_ name: String, help: String, completion: Completion = .none) {
        self.name = name
        self.help = help
        self.completion = completion
    }

    /// What a shell offers for an argument.
    public enum Completion: Sendable, Equatable {
        case none
        case files
        case values([String])
        /// The app types of the catalog around the current directory.
        case appTypes
        /// The actions of the app type given as the first argument.
        case actions
        /// The apps of the app type given as the first argument.
        case apps
    }
}

/// What exit codes 0, 1 and 2 mean for one command; every command's `--help` says all three.
public struct ExitCodeHelp: Sendable {
    public let success: String
    /// nil when the command never exits 1.
    public let findings: String?
    public let failure: String

    public static let defaultFailure = "Usage error, unreadable input, unwritable output, or internal error."

    public init(success: String, findings: String?, failure: String = ExitCodeHelp.defaultFailure) {
        self.success = success
        self.findings = findings
        self.failure = failure
    }
}
