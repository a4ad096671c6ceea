import Foundation

/// Matrices as one RFC 4180 table in long form, one record per app and parameter
/// (`type,action,app,state,parameter,support`), CRLF line ends: one fixed header whatever
/// the app types, ready for filters and pivot tables.
enum MatrixCSVRenderer {
    static let header = ["type", "action", "app", "state", "parameter", "support"]

    static func render(_ matrices: [SupportMatrix]) -> String {
        var records = [header]
        for matrix in matrices {
            for row in matrix.rows {
                let state = row.isSupported ? "supported" : "unsupported"
                let cells = row.cells ?? Array(repeating: .none, count: matrix.columns.count)
                for (column, cell) in zip(matrix.columns, cells) {
                    records.append([matrix.type, matrix.action, row.app, state, column.key, cell.rawValue])
                }
            }
        }
        return records.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
    }

    /// A field, quoted when it holds a comma, a quote or a line break, quotes doubled.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
