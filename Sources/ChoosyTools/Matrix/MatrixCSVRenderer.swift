import Foundation

/// Matrices as one RFC 4180 table in long form, one record per app and parameter
/// (`type,action,app,state,parameter,support`), CRLF line ends: one fixed header whatever
/// the app types, ready for filters and pivot tables.
enum MatrixCSVRenderer: MatrixRenderer {
    static let header = ["type", "action", "app", "state", "parameter", "support"]

    static func frame(count: Int) -> (opening: String, closing: String) {
        (opening: header.joined(separator: ",") + "\r\n", closing: "")
    }

    /// The records of every app and parameter. Each field is quoted once per matrix or row,
    /// not once per record: the records repeat them, and a large catalog has millions.
    static func piece(_ matrix: SupportMatrix, index: Int) -> String {
        let typeAndAction = field(matrix.type) + "," + field(matrix.action) + ","
        let parameters = matrix.columns.map { "," + field($0.key) + "," }
        var text = ""
        for row in matrix.rows {
            let appAndState = field(row.app) + "," + row.outcome.state.rawValue
            for (column, parameter) in parameters.enumerated() {
                text += typeAndAction
                text += appAndState
                text += parameter
                text += (row.cells?[column] ?? .none).rawValue
                text += "\r\n"
            }
        }
        return text
    }

    /// A field, quoted when it holds a comma, a quote or a line break, quotes doubled. A field
    /// a spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a
    /// carriage return) gets a leading `'` and quotes, as OWASP recommends against CSV injection:
    /// a catalog's keys must not run commands in the maintainer's spreadsheet.
    static func field(_ text: String) -> String {
        let startsFormula = text.unicodeScalars.first.map(formulaStarts.contains) ?? false
        guard startsFormula || text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + (startsFormula ? "'" : "") + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The first characters that make a spreadsheet read a cell as a formula.
    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
}
