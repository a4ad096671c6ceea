/// Matrices as JSON: `{"matrices": [{type, action, parameters, rows, coverage}]}`, every row
/// with a cell for every parameter so consumers index all rows alike.
enum MatrixJSONRenderer {
    static func render(_ matrices: [SupportMatrix]) -> String {
        JSONOutput.object([("matrices", .array(matrices.map(object)))]).rendered()
    }

    private static func object(_ matrix: SupportMatrix) -> JSONOutput {
        let keys = matrix.columns.map(\.key)
        return .object([
            ("type", .string(matrix.type)),
            ("action", .string(matrix.action)),
            ("parameters", .array(keys.map(JSONOutput.string))),
            ("rows", .array(matrix.rows.map { row in
                let cells = row.cells ?? Array(repeating: .none, count: keys.count)
                return .object([
                    ("app", .string(row.app)),
                    ("state", .string(row.isSupported ? "supported" : "unsupported")),
                    ("cells", .object(zip(keys, cells).map { ($0, .string($1.rawValue)) })),
                ])
            })),
            ("coverage", .object(zip(keys, matrix.coverage).map { ($0, .integer($1)) })),
        ])
    }
}
