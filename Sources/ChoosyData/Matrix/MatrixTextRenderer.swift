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
        "\n\n" + grid(matrix).joined(separator: "\n")
    }

    static func grid(_ matrix: SupportMatrix) -> [String] {
        var lines = ["\(plain(matrix.typeName ?? matrix.type)): \(plain(matrix.actionName ?? matrix.action))  [\(plain(matrix.type)) \(plain(matrix.action))]"]
        guard !matrix.rows.isEmpty else { return lines + ["  (no apps)"] }
        let coverageLabel = "coverage (of \(matrix.supportingAppCount))"
        let names = matrix.rows.map { truncated(plain($0.appName ?? $0.app), to: maxAppWidth) }
        let labelWidth = min(maxAppWidth, (names + [coverageLabel]).map(\.count).max()!)
        let coverage = matrix.coverage
        let cellWidth = ([matrix.columns.count] + coverage).map { String($0).count }.max()! + 1
        let perChunk = max(1, (lineWidth - labelWidth) / cellWidth)
        let marks = matrix.rows.map { SupportMark.marks(of: $0, columns: matrix.columns.count) }
        let chunks = stride(from: 0, to: max(matrix.columns.count, 1), by: perChunk).map { $0..<min($0 + perChunk, matrix.columns.count) }
        for chunk in chunks {
            if chunks.count > 1 { lines.append("  parameters \(chunk.lowerBound + 1)–\(chunk.upperBound):") }
            func line(_ label: String, _ values: [String]) -> String {
                // Appended in place: padding each cell into a string of its own, then joining
                // them, was a third of matrix's time.
                var row = padded(label, to: labelWidth)
                for value in values {
                    row.append(String(repeating: " ", count: max(0, cellWidth - value.count)))
                    row.append(value)
                }
                // Trimmed from the end only: reversing the whole line twice was most of matrix's time.
                while row.last == " " { row.removeLast() }
                return row
            }
            lines.append(line("", chunk.map { String($0 + 1) }))
            for (rowMarks, name) in zip(marks, names) {
                lines.append(line(name, chunk.map { rowMarks[$0].symbol }))
            }
            lines.append(line(truncated(coverageLabel, to: labelWidth), chunk.map { String(coverage[$0]) }))
        }
        if matrix.columns.isEmpty { lines.append("  (no parameters)") }
        return lines + key(matrix.columns)
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

    /// Data on one line: control characters (line breaks, tabs, escapes) become spaces, so a
    /// name can neither break the grid nor send a terminal escape sequence.
    static func plain(_ text: String) -> String {
        let isControl = { (scalar: Unicode.Scalar) in scalar.properties.generalCategory == .control }
        // Names with control characters are rare: the others are returned as they are.
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    static func truncated(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
