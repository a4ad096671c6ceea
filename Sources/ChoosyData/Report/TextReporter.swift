/// Renders a lint report for people: `file:line:col: severity: message [rule]`, the source
/// line with a caret under the range, the hint and notes, then a one-line summary.
public struct TextReporter {
    /// The files the findings refer to, for quoting source lines; a finding whose file is
    /// missing here is printed without its line.
    public let sources: [String: SourceFile]
    /// Whether to colour the locations, severity words and caret lines with ANSI escapes; the
    /// text is otherwise the same, so piping through a colour stripper gives the plain report.
    public let colored: Bool
    /// Whether to end with the summary line (`--quiet` leaves it out).
    public let showsSummary: Bool

    public init(sources: [String: SourceFile], colored: Bool = false, showsSummary: Bool = true) {
        self.sources = sources
        self.colored = colored
        self.showsSummary = showsSummary
    }

    /// SGR parameters of each coloured part.
    private enum Style: String {
        case location = "1"
        case error = "1;31"
        case warning = "1;33"
        case note = "36"

        init(_ severity: Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            }
        }
    }

    public func render(_ report: LintReport) -> String {
        var output = ""
        for finding in report.findings {
            let style = Style(finding.severity)
            output += "\(location(finding.file, finding.range)) \(paint(finding.severity.rawValue + ":", style)) \(finding.message) [\(finding.ruleID)]\n"
            output += excerpt(file: finding.file, range: finding.range, style: style)
            if let hint = finding.hint { output += "  hint: \(hint)\n" }
            for note in finding.notes {
                output += "\(location(note.file, note.range)) \(paint("note:", .note)) \(note.message)\n"
                output += excerpt(file: note.file, range: note.range, style: .note)
            }
        }
        if showsSummary { output += report.summary + "\n" }
        return output
    }

    private func location(_ file: String, _ range: SourceRange) -> String {
        paint("\(file):\(range.start):", .location)
    }

    private func paint(_ text: String, _ style: Style) -> String {
        colored ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    /// The most scalars of a source line an excerpt shows, and how many of them come before
    /// the range when a long line (a minified file) is cut to fit.
    static let excerptWidth = 120
    static let excerptLeadingContext = 40

    /// The source line and a caret line under the range (to the end of the line when the
    /// range spans several). Tabs are kept in the caret line so the caret lines up. A line
    /// longer than `excerptWidth` shows only the part around the range, with `…` where cut.
    private func excerpt(file: String, range: SourceRange, style: Style) -> String {
        guard let source = sources[file], let line = source.lineText(range.start.line) else { return "" }
        let scalars = Array(line.unicodeScalars)
        let startIndex = min(range.start.column - 1, scalars.count)
        let endIndex = range.end.line == range.start.line ? min(max(range.end.column - 1, startIndex + 1), scalars.count) : scalars.count
        var shown = 0..<scalars.count
        if scalars.count > Self.excerptWidth {
            let first = max(0, min(startIndex - Self.excerptLeadingContext, scalars.count - Self.excerptWidth))
            shown = first..<(first + Self.excerptWidth)
        }
        let before = shown.lowerBound > 0 ? "…" : ""
        let after = shown.upperBound < scalars.count ? "…" : ""
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[shown])
        let padding = before.map { _ in " " } + scalars[shown.lowerBound..<max(startIndex, shown.lowerBound)].map { $0 == "\t" ? "\t" : " " }
        let markedCount = max(1, min(endIndex, shown.upperBound) - startIndex)
        let marker = "^" + String(repeating: "~", count: markedCount - 1)
        return "    \(before)\(String(text))\(after)\n    \(padding.joined())\(paint(marker, style))\n"
    }
}
