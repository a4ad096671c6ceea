import ChoosyCore

/// Matrices as Markdown: a legend, then a heading and a table per matrix, with the symbols of
/// the text grid and the parameter keys as column headers.
enum MatrixMarkdownRenderer: MatrixRenderer {
    /// The title and the legend first; the last table's line ends with a newline.
    static func frame(count: Int) -> (opening: String, closing: String) {
        let lines = ["# Parameter support", ""] + SupportMark.allCases.map { "- \($0.symbol) **\($0.rawValue)**: \($0.meaning)" }
        return (opening: lines.joined(separator: "\n"), closing: "\n")
    }

    /// A heading and the table, after an empty line.
    static func piece(_ matrix: SupportMatrix, index: Int) -> String {
        var lines = ["", "", "## \(escaped(matrix.typeName ?? matrix.type)): \(escaped(matrix.actionName ?? matrix.action)) (\(escaped(matrix.type)) \(escaped(matrix.action)))", ""]
        guard !matrix.rows.isEmpty else { return (lines + ["No apps."]).joined(separator: "\n") }
        lines.append(row(["app"] + matrix.columns.map { escaped($0.key) }))
        lines.append(row(["---"] + matrix.columns.map { _ in ":-:" }))
        for appRow in matrix.rows {
            let marks = SupportMark.marks(of: appRow, columns: matrix.columns.count)
            lines.append(row([escaped(appRow.appName ?? appRow.app)] + marks.map(\.symbol)))
        }
        lines.append(row(["**coverage (of \(matrix.urlOpeningAppCount))**"] + matrix.coverage.map(String.init)))
        let failures = matrix.rows.compactMap { appRow in
            appRow.outcome.failureReason.map { reason in
                "- \(SupportMark(appRow.outcome.state)?.symbol ?? "") **\(escaped(appRow.appName ?? appRow.app))** \(appRow.outcome.summary): \(escaped(reason))"
            }
        }
        if !failures.isEmpty { lines += [""] + failures }
        return lines.joined(separator: "\n")
    }

    private static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }

    /// Data as literal Markdown text on one line of a table: characters that could start
    /// emphasis, links, code, HTML, entities or a new cell are backslash-escaped (CommonMark
    /// lets any ASCII punctuation be), except `_` inside a word, which is never emphasis and
    /// is common in keys; line breaks, other controls and bidi overrides become spaces.
    static func escaped(_ text: String) -> String {
        // Most names have no character to escape and no control: they are returned as they are.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F || isEscaped($0) }) else { return text }
        let scalars = Array(MatrixTextRenderer.plain(text).unicodeScalars)
        var output = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let isWordInner = scalar == "_" && index > 0 && index + 1 < scalars.count
                && isWordCharacter(scalars[index - 1]) && isWordCharacter(scalars[index + 1])
            if scalar.isASCII, isEscaped(UInt8(scalar.value)), !isWordInner {
                output.append("\\")
            }
            output.append(scalar)
        }
        return String(output)
    }

    /// Whether `escaped` puts a backslash before this ASCII punctuation.
    private static func isEscaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "&"), UInt8(ascii: "~"), UInt8(ascii: "!"),
             UInt8(ascii: "#"): true
        default: false
        }
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}
