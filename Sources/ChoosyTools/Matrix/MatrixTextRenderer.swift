import ChoosyCore
import ChoosySyntax

/// Matrices as aligned grids for an 80-column terminal: numbered parameter columns with a key
/// below each grid, app names truncated, and grids split when the columns do not fit.
enum MatrixTextRenderer: MatrixRenderer {
    static let lineWidth = 80
    static let maxAppWidth = 24

    /// The legend first; the last grid's line ends with a newline.
    static func frame(count: Int) -> (opening: String, closing: String) {
        (opening: (["Legend:"] + SupportMark.allCases.map { "  \($0.symbol) \($0.rawValue): \($0.meaning)" }).joined(separator: "\n"),
         closing: "\n")
    }

    /// The grid, after an empty line.
    static func piece(_ matrix: SupportMatrix, index: Int) -> String {
        var text = ByteBuffer()
        text.append(UInt8(ascii: "\n"))
        appendGrid(of: matrix, to: &text)
        return text.string
    }

    /// Appends the grid's lines, each after a newline, as bytes: the rows' cells are runs of
    /// spaces and a symbol, and making them strings, padding, joining and counting their
    /// characters took most of matrix's time.
    private static func appendGrid(of matrix: SupportMatrix, to text: inout ByteBuffer) {
        func appendLine(_ line: String) {
            text.append(UInt8(ascii: "\n"))
            text.append(line)
        }
        appendLine("\(plain(matrix.typeName ?? matrix.type)): \(plain(matrix.actionName ?? matrix.action))  [\(plain(matrix.type)) \(plain(matrix.action))]")
        guard !matrix.rows.isEmpty else { return appendLine("  (no apps)") }
        let coverageLabel = "coverage (of \(matrix.urlOpeningAppCount))"
        let names = matrix.rows.map { truncated(plain($0.appName ?? $0.app), to: maxAppWidth) }
        let labelWidth = min(maxAppWidth, names.reduce(coverageLabel.count) { max($0, $1.width) })
        let coverage = matrix.coverage
        let cellWidth = ([matrix.columns.count] + coverage).map { String($0).count }.max()! + 1
        let perChunk = max(1, (lineWidth - labelWidth) / cellWidth)
        let marks = matrix.rows.map { SupportMark.marks(of: $0, columns: matrix.columns.count) }
        let chunks = stride(from: 0, to: max(matrix.columns.count, 1), by: perChunk).map { $0..<min($0 + perChunk, matrix.columns.count) }
        /// A new line and its label, padded to the label width when cells follow; a label
        /// alone has no spaces after it.
        func appendLabel(_ label: (text: String, width: Int), cellsFollow: Bool) {
            guard cellsFollow else {
                var trimmed = label.text
                while trimmed.last == " " { trimmed.removeLast() }
                return appendLine(trimmed)
            }
            appendLine(label.text)
            text.append(spaces: labelWidth - label.width)
        }
        /// A number right-aligned in the cell width.
        func appendNumber(_ value: Int) {
            let digits = String(value)
            text.append(spaces: cellWidth - digits.utf8.count)
            text.append(digits)
        }
        for chunk in chunks {
            if chunks.count > 1 { appendLine("  parameters \(chunk.lowerBound + 1)–\(chunk.upperBound):") }
            appendLabel(("", 0), cellsFollow: !chunk.isEmpty)
            for column in chunk { appendNumber(column + 1) }
            for (rowMarks, name) in zip(marks, names) {
                appendLabel(name, cellsFollow: !chunk.isEmpty)
                for column in chunk {
                    // Every symbol is one character wide.
                    text.append(spaces: cellWidth - 1)
                    text.append(rowMarks[column].symbol)
                }
            }
            appendLabel(truncated(coverageLabel, to: labelWidth), cellsFollow: !chunk.isEmpty)
            for column in chunk { appendNumber(coverage[column]) }
        }
        if matrix.columns.isEmpty { appendLine("  (no parameters)") }
        for line in key(matrix.columns) { appendLine(line) }
        for (row, name) in zip(matrix.rows, names) {
            guard let reason = row.outcome.failureReason else { continue }
            appendLine("  \(SupportMark(row.outcome.state)?.symbol ?? "") \(name.text) \(row.outcome.summary): \(plain(reason))")
        }
    }

    /// `1 text  2 url_in_tweet  …`, wrapped at the line width.
    private static func key(_ columns: [SupportMatrix.Column]) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, column) in columns.enumerated() {
            let entry = "\(index + 1) \(plain(column.key))"
            if !current.isEmpty, current.count + 2 + entry.count > lineWidth {
                lines.append(current)
                current = ""
            }
            current += "  " + entry
        }
        return current.isEmpty ? lines : lines + [current]
    }

    /// Data on one line: invisible characters (line breaks, tabs, escapes, bidi overrides;
    /// see `Unicode.Scalar.isInvisible`) become spaces, so a name can neither break the grid,
    /// nor send a terminal escape sequence, nor turn the text after it around.
    static func plain(_ text: String) -> String {
        // Most names are printable ASCII: they are returned as they are, without looking up
        // each scalar's category.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) else { return text }
        guard text.unicodeScalars.contains(where: \.isInvisible) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.isInvisible ? " " : $0 }))
    }

    /// `text`, cut to `width` characters with a `…` when longer, and its width in characters.
    static func truncated(_ text: String, to width: Int) -> (text: String, width: Int) {
        let count = text.count
        return count <= width ? (text, count) : (String(text.prefix(width - 1)) + "…", width)
    }
}
