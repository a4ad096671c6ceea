import ChoosyCore
import ChoosySyntax

/// Matrices as JSON: `{"matrices": [{type, action, parameters, rows, coverage}]}`, every row
/// with its app action's state (and the reason when that is not `url`) and a cell for every
/// parameter, `none` throughout when no URL opens, so consumers index all rows alike.
enum MatrixJSONRenderer: MatrixRenderer {
    /// `{"matrices": [` and `]}`, pretty-printed as `JSONValue` writes them.
    static func frame(count: Int) -> (opening: String, closing: String) {
        guard count > 0 else { return (opening: JSONValue.object([("matrices", .array([]))]).rendered(), closing: "") }
        return (opening: "{\n  \"matrices\": [", closing: "\n  ]\n}\n")
    }

    static func piece(_ matrix: SupportMatrix, index: Int) -> String {
        object(matrix).renderedItem(index, depth: 2)
    }

    private static func object(_ matrix: SupportMatrix) -> JSONValue {
        let keys = matrix.columns.map(\.key)
        return .object([
            ("type", .string(matrix.type)),
            ("action", .string(matrix.action)),
            ("parameters", .array(keys.map(JSONValue.string))),
            ("rows", .array(matrix.rows.map { row in
                let cells = row.cells ?? Array(repeating: .none, count: keys.count)
                return .object([
                    ("app", .string(row.app)),
                    ("state", .string(row.outcome.state.rawValue)),
                ] + (row.outcome.reason.map { [("reason", JSONValue.string($0))] } ?? []) + [
                    ("cells", .object(zip(keys, cells).map { ($0, .string($1.rawValue)) })),
                ])
            })),
            ("coverage", .object(zip(keys, matrix.coverage).map { ($0, .integer($1)) })),
        ])
    }
}
