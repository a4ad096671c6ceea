import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// Renders a lint report for people: `file:line:col: severity: message [rule]`, the source
/// line with a caret under the range, the hint, the fixes with their applicability and the
/// notes, then a one-line summary.
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
        // Each file's line table, made once: findings by the thousand on one minified line
        // must not each search the file for their line.
        var lineTables: [String: SourceLines] = [:]
        func excerpt(file: String, range: SourceRange, style: Style) -> String {
            guard let source = sources[file] else { return "" }
            if lineTables[file] == nil {
                lineTables[file] = SourceLines(of: source, hasByteOrderMark: source.bytes.starts(with: [0xEF, 0xBB, 0xBF]))
            }
            return self.excerpt(of: source.bytes, lines: lineTables[file]!, range: range, style: style)
        }
        for finding in report.findings {
            let style = Style(finding.severity)
            output += "\(location(finding.file, finding.range)) \(paint(finding.severity.rawValue + ":", style)) \(finding.message) [\(finding.ruleID)]\n"
            output += excerpt(file: finding.file, range: finding.range, style: style)
            if let hint = finding.hint { output += "  hint: \(hint)\n" }
            for fix in finding.fixes { output += "  fix (\(fix.applicability.rawValue)): \(fix.title)\n" }
            for note in finding.notes {
                output += "\(location(note.file, note.range)) \(paint("note:", .note)) \(note.message)\n"
                output += excerpt(file: note.file, range: note.range, style: .note)
            }
        }
        if showsSummary { output += report.summary + "\n" }
        return output
    }

    private func location(_ file: String, _ range: SourceRange) -> String {
        paint("\(file.withInvisibleCharactersEscaped):\(range.start):", .location)
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
    /// Other invisible characters are shown as escapes (`\u202E`), as messages show them, so
    /// no control or bidi override of a catalog reaches the terminal; the caret line is as
    /// wide as the escapes.
    private func excerpt(of bytes: [UInt8], lines: SourceLines, range: SourceRange, style: Style) -> String {
        guard let line = lines.byteRange(ofLine: range.start.line) else { return "" }
        let scalarCount = lines.scalarCount(in: line)
        let startIndex = min(range.start.column - 1, scalarCount)
        let endIndex = range.end.line == range.start.line ? min(max(range.end.column - 1, startIndex + 1), scalarCount) : scalarCount
        var shown = 0..<scalarCount
        if scalarCount > Self.excerptWidth {
            let first = max(0, min(startIndex - Self.excerptLeadingContext, scalarCount - Self.excerptWidth))
            shown = first..<(first + Self.excerptWidth)
        }
        let textStart = lines.offset(ofScalar: shown.lowerBound, after: line.lowerBound)
        let textEnd = min(lines.offset(ofScalar: shown.count, after: textStart), line.upperBound)
        let before = shown.lowerBound > 0 ? "…" : ""
        let after = shown.upperBound < scalarCount ? "…" : ""
        var padding = shown.lowerBound > 0 ? " " : ""
        var text = String.UnicodeScalarView()
        var markedWidth = 0
        let markStart = max(startIndex - shown.lowerBound, 0)
        let markEnd = min(endIndex, shown.upperBound) - shown.lowerBound
        for (index, scalar) in String(decoding: bytes[textStart..<textEnd], as: UTF8.self).unicodeScalars.enumerated() {
            let isPlain = (0x20..<0x7F).contains(scalar.value) || scalar == "\t" || !scalar.isInvisible
            let escape = isPlain ? nil : String(scalar).withInvisibleCharactersEscaped.unicodeScalars
            if let escape { text.append(contentsOf: escape) } else { text.append(scalar) }
            let width = escape?.count ?? 1
            if index < markStart {
                padding += scalar == "\t" ? "\t" : width == 1 ? " " : String(repeating: " ", count: width)
            } else if index < markEnd {
                markedWidth += width
            }
        }
        let marker = "^" + String(repeating: "~", count: max(1, markedWidth) - 1)
        return "    \(before)\(String(text))\(after)\n    \(padding)\(paint(marker, style))\n"
    }
}
