import ChoosyCore
import Foundation

extension CommandSpec {
    /// The column where help text starts, beside a label of up to 23 characters.
    static let helpColumn = 26

    /// The `--help` page, in the one layout of every command: OVERVIEW, USAGE, ARGUMENTS,
    /// OPTIONS, notes, EXIT CODES, EXAMPLES.
    public var help: String {
        var sections = ["OVERVIEW: \(abstract)", "USAGE: \(usage)"]
        if !arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + arguments.map { Self.helpEntry($0.name, $0.help) }.joined())
        }
        sections.append("OPTIONS:\n" + (options + [.help]).map { Self.helpEntry($0.label, $0.help) }.joined())
        if !notes.isEmpty { sections.append(notes + "\n") }
        sections.append("EXIT CODES:\n" + exitCodes.lines.map { "  \($0.code)  " + $0.meaning.replacingOccurrences(of: "\n", with: "\n     ") + "\n" }.joined())
        if !examples.isEmpty {
            sections.append("EXAMPLES:\n" + examples.map { "  # \($0.purpose)\n  \($0.commandLine)\n" }.joined(separator: "\n"))
        }
        return sections.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined(separator: "\n")
    }

    /// `  LABEL  help`, the help's later lines indented to the help column; a label too long to
    /// leave a space before the column puts the help on the next line.
    static func helpEntry(_ label: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: helpColumn)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        let head = "  " + label
        let first = head.count < helpColumn
            ? head.padding(toLength: helpColumn, withPad: " ", startingAt: 0) + lines[0]
            : head + "\n" + indent + lines[0]
        return ([first] + lines.dropFirst().map { $0.isEmpty ? "" : indent + $0 }).joined(separator: "\n") + "\n"
    }
}

extension ExitCodeHelp {
    /// Each code with what it means; a command that never exits 1 says so.
    public var lines: [(code: Int32, meaning: String)] {
        [(ExitCode.success.rawValue, success), (ExitCode.findings.rawValue, findings ?? "Not used by this command."),
         (ExitCode.failure.rawValue, failure)]
    }
}
