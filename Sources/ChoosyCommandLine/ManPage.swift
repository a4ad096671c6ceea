import ChoosyCatalog
import ChoosyCore
import Foundation

/// The man page of a command line (section 1, roff with the `man` macros), made from its
/// command table: every command with its usage, arguments, options, notes, exit codes and
/// examples.
public enum ManPage {
    public static func render(_ tool: ToolSpec, version: String) -> String {
        var lines = [
            ".TH \(tool.name.uppercased()) 1 \"\" \(quoted("\(tool.name) \(version)")) \"User Commands\"",
            ".SH NAME",
            "\(escaped(tool.name)) \\- \(escaped(tool.abstract))",
            ".SH SYNOPSIS",
            ".B \(escaped(tool.name))",
            ".I command",
            ".RI [ options ]",
            ".SH DESCRIPTION",
            "\(escaped(tool.abstract)) Each command below prints the same text with",
            ".BR \"\(escaped(tool.name)) help \" \\fIcommand\\fR.",
            ".SH OPTIONS",
        ]
        lines += tool.options.flatMap(entry)
        lines.append(".SH COMMANDS")
        for command in tool.visibleCommands {
            lines.append(".SS \(quoted(([command.name] + command.aliases).joined(separator: ", ")))")
            lines.append(escaped(command.abstract))
            lines.append(".PP")
            lines += preformatted(command.usage.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .enumerated().map { $0.offset == 0 ? $0.element : "    " + $0.element }.joined(separator: "\n"))
            for argument in command.arguments {
                lines += [".TP", ".I \(quoted(argument.name))", paragraph(argument.help)]
            }
            lines += command.options.flatMap(entry)
            if !command.notes.isEmpty { lines += [".PP"] + preformatted(command.notes) }
            lines.append(".PP")
            lines.append("Exit status:")
            for (code, meaning) in command.exitCodes.lines {
                lines += [".TP", ".B \(code)", paragraph(meaning)]
            }
            if !command.examples.isEmpty {
                lines.append(".PP")
                lines.append("Examples:")
                for example in command.examples {
                    lines += [".PP", escaped(example.purpose) + ":"] + preformatted("    " + example.commandLine)
                }
            }
        }
        lines += [
            ".SH EXIT STATUS",
            ".TP", ".B 0", "Success: nothing at or above the command's gate.",
            ".TP", ".B 1", "Findings, files that would change, or changes at or above the gate (each command says which).",
            ".TP", ".B 2", "Usage error, unreadable input, unwritable output, or internal error.",
            ".SH ENVIRONMENT",
            ".TP", ".B NO_COLOR", "Non-empty: no colour, whatever --color says.",
            ".TP", ".BR FORCE_COLOR \", \" CLICOLOR_FORCE",
            "Non-empty and not 0: colour with --color auto even when the output is not a terminal.",
            ".TP", ".B CHOOSY_DATA_LAYER_DIRS",
            "Colon-separated directories outside a catalog that its layers may name.",
            ".SH SEE ALSO",
            "The documentation in the docs/ directory of the choosy-data repository; docs/cli.md describes the options every command shares.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An option as a tagged paragraph: its names in bold, its value in italics, its help.
    private static func entry(_ option: OptionSpec) -> [String] {
        let names = option.names.reversed().map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
        let value = option.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""
        return [".TP", names + value, paragraph(option.help)]
    }

    /// Hand-wrapped help as one filled paragraph.
    private static func paragraph(_ text: String) -> String {
        escaped(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
    }

    /// Text kept line for line, as in `--help` (tables, synopses, commands).
    private static func preformatted(_ text: String) -> [String] {
        [".nf"] + text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) } + [".fi"]
    }

    /// `text` safe as roff input: backslashes and hyphens escaped, and a line that would start
    /// with `.` or `'` (a request) starting with `\&` instead.
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }

    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
