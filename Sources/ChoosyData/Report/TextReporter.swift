/// Renders a lint report for people: `file:line:col: severity: message [rule]`, the source
/// line with a caret under the range, the hint and notes, then a one-line summary.
public struct TextReporter {
    /// The files the findings refer to, for quoting source lines; a finding whose file is
    /// missing here is printed without its line.
    public let sources: [String: SourceFile]

    public init(sources: [String: SourceFile]) {
        self.sources = sources
    }

    public func render(_ report: LintReport) -> String {
        var output = ""
        for finding in report.findings {
            output += "\(finding.file):\(finding.range.start): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]\n"
            output += excerpt(file: finding.file, range: finding.range)
            if let hint = finding.hint { output += "  hint: \(hint)\n" }
            for note in finding.notes {
                output += "\(note.file):\(note.range.start): note: \(note.message)\n"
                output += excerpt(file: note.file, range: note.range)
            }
        }
        output += report.summary + "\n"
        return output
    }

    /// The source line and a caret line under the range (to the end of the line when the
    /// range spans several). Tabs are kept in the caret line so the caret lines up.
    private func excerpt(file: String, range: SourceRange) -> String {
        guard let source = sources[file], let line = source.lineText(range.start.line) else { return "" }
        let scalars = Array(line.unicodeScalars)
        let startIndex = min(range.start.column - 1, scalars.count)
        let endIndex = range.end.line == range.start.line ? min(max(range.end.column - 1, startIndex + 1), scalars.count) : scalars.count
        let padding = scalars[..<startIndex].map { $0 == "\t" ? "\t" : " " }.joined()
        let marker = "^" + String(repeating: "~", count: max(0, endIndex - startIndex - 1))
        return "    \(line)\n    \(padding)\(marker)\n"
    }
}
