import ChoosyCatalog

/// How every human-readable matrix format shows a cell: one symbol, a word, the words an
/// HTML cell says and its meaning, so text, Markdown, `matrix --format html` and the docs site
/// share one legend. A row that opens no URL is marked whole by its app action's state.
public enum SupportMark: String, Sendable, CaseIterable {
    case path
    case query
    case lost
    case none
    /// The rendered text is not a URL: the client launches the app only. The whole row.
    case appOnly = "app-only"
    /// The client crashes the host app on the app's url_format. The whole row.
    case crash
    /// The app does not implement the action. The whole row.
    case unsupported

    public init(_ cell: SupportMatrix.Cell) {
        switch cell {
        case .path: self = .path
        case .query: self = .query
        case .lost: self = .lost
        case .none: self = .none
        }
    }

    /// The mark of a whole row whose app action opens no URL; nil for one that opens a URL.
    public init?(_ state: AppActionOutcome.State) {
        switch state {
        case .url: return nil
        case .app: self = .appOnly
        case .crash: self = .crash
        case .unsupported: self = .unsupported
        }
    }

    /// Whether the mark says where the url_format names the parameter: `path`, `query` or
    /// `lost`.
    public var isNamedByFormat: Bool { self == .path || self == .query || self == .lost }

    public var symbol: String {
        switch self {
        case .path: "✓"
        case .query: "◦"
        case .lost: "×"
        case .none: "·"
        case .appOnly: "⌂"
        case .crash: "!"
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
        case .lost: "lost by the client"
        case .none: "not used"
        case .appOnly: "opens the app only"
        case .crash: ClientRendering.Outcome.crashSummary
        case .unsupported: "action not supported"
        }
    }

    /// The HTML class of the mark's label outside a grid cell: `mark` and the mark's own.
    var markClass: String { "mark " + rawValue }

    /// What the mark means, for legends and tooltips.
    public var meaning: String {
        switch self {
        case .path: "used outside the query, so the URL needs a value"
        case .query: "used in the query only, so optional: the client drops it when empty"
        case .lost: "named only where the client never fills it, so the app never gets it"
        case .none: "the app's URL for this action does not take the parameter"
        case .appOnly: "not a valid URL once filled: the client launches the app only"
        case .crash: "a query component has no '=': the client \(ClientRendering.Outcome.crashSummary)"
        case .unsupported: "the app has no URL for this action"
        }
    }

    /// The marks of a row, one per column: its cells, or its state's mark in every column.
    static func marks(of row: SupportMatrix.Row, columns: Int) -> [SupportMark] {
        row.cells?.map(SupportMark.init) ?? Array(repeating: SupportMark(row.outcome.state) ?? .none, count: columns)
    }
}
