/// How every human-readable matrix format shows a cell: one symbol, a word, the words an
/// HTML cell says and its meaning, so text, Markdown, `matrix --format html` and the docs site
/// share one legend.
public enum SupportMark: String, Sendable, CaseIterable {
    case path
    case query
    case none
    /// The app does not implement the action: the whole row.
    case unsupported

    public init(_ cell: SupportMatrix.Cell) {
        switch cell {
        case .path: self = .path
        case .query: self = .query
        case .none: self = .none
        }
    }

    public var symbol: String {
        switch self {
        case .path: "✓"
        case .query: "◦"
        case .none: "·"
        case .unsupported: "—"
        }
    }

    /// What an HTML cell says, in its colour: where the URL takes the parameter and whether it
    /// needs a value. Colour is the level of support (green: the app uses it) and the words
    /// carry the rest, so a cell reads the same without colour and to a screen reader.
    public var label: String {
        switch self {
        case .path: "in the URL path — required"
        case .query: "query — optional"
        case .none: "not used"
        case .unsupported: "action not supported"
        }
    }

    /// The HTML class of the mark's label outside a grid cell: `mark` and the mark's own.
    var markClass: String {
        switch self {
        case .path: "mark path"
        case .query: "mark query"
        case .none: "mark none"
        case .unsupported: "mark unsupported"
        }
    }

    /// What the mark means, for legends and tooltips.
    public var meaning: String {
        switch self {
        case .path: "used outside the query, so the URL needs a value"
        case .query: "used in the query only, so optional: the client drops it when empty"
        case .none: "the app's URL for this action does not take the parameter"
        case .unsupported: "the app has no URL for this action"
        }
    }

    /// The marks of a row, one per column.
    static func marks(of row: SupportMatrix.Row, columns: Int) -> [SupportMark] {
        row.cells?.map(SupportMark.init) ?? Array(repeating: .unsupported, count: columns)
    }
}
