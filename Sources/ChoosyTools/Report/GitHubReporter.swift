import ChoosyCore
import ChoosyCatalog
import ChoosyLint

/// Renders a lint report as GitHub Actions workflow commands (`::error file=…::message`), one
/// line per finding, so each finding becomes an annotation on the pull request's diff.
///
/// The hint and the notes go into the message on lines of their own (`hint: …`,
/// `note: … at file:line:col`), because an annotation has a single message. The report ends
/// with the plain summary line, which the runner prints as ordinary log output (left out with
/// `showsSummary` false, for `--quiet`, where it would count only what is shown).
public enum GitHubReporter {
    public static func render(_ report: LintReport, showsSummary: Bool = true) -> String {
        var output = ""
        for finding in report.findings {
            let command = finding.severity == .error ? "error" : "warning"
            let properties = [
                ("file", finding.file),
                ("line", String(finding.range.start.line)),
                ("col", String(finding.range.start.column)),
                ("endLine", String(finding.range.end.line)),
                ("endColumn", String(finding.range.end.column)),
                ("title", "choosy-data (\(finding.ruleID))"),
            ].map { "\($0)=\(escapeProperty($1))" }.joined(separator: ",")
            output += "::\(command) \(properties)::\(escapeData(finding.fullMessage))\n"
        }
        if showsSummary { output += report.summary + "\n" }
        return output
    }

    /// Escapes a command's message: the runner decodes `%25`, `%0D` and `%0A`, so a raw `%`
    /// would be misread and a raw line break would end the command.
    public static func escapeData(_ text: String) -> String {
        escape(text, inProperty: false)
    }

    /// Escapes a property value, where a raw `:` would end the property list and a raw `,`
    /// the value.
    public static func escapeProperty(_ text: String) -> String {
        escape(text, inProperty: true)
    }

    private static func escape(_ text: String, inProperty: Bool) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            case ":" where inProperty: escaped += "%3A"
            case "," where inProperty: escaped += "%2C"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
