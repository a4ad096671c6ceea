import ChoosyCatalog

/// Which apps of an app type take each of its parameters for one action, and where in the
/// URL: the answer to "if I pass `via`, which apps use it?".
public struct SupportMatrix: Sendable, Equatable {
    /// Where a parameter's placeholder stands in an app's url_format.
    public enum Cell: String, Sendable, Equatable, CaseIterable {
        /// Outside the query (scheme, hier-part or fragment): the client keeps that part even
        /// when the value is empty, so the URL needs the value to make sense.
        case path
        /// Only in the query: optional, since the client drops a query component whose value
        /// is empty.
        case query
        /// Only where the client never fills it: after a second `?`, after a second `=` of a
        /// query component, or in a component's name. The format names it; the app never
        /// gets it.
        case lost
        /// Not in the url_format: the app ignores the parameter.
        case none

        /// Whether the parameter reaches the app.
        public var reachesApp: Bool { self == .path || self == .query }
    }

    /// One app: what the client does for the action (`AppActionOutcome`), and the cells in
    /// parameter order when that is opening a URL; nil otherwise, since then no parameter
    /// reaches the app, which makes it a row of its own kind.
    public struct Row: Sendable, Equatable {
        public let app: String
        public let appName: String?
        public let outcome: AppActionOutcome
        public let cells: [Cell]?

        /// Whether the client opens a URL of the app's for the action.
        public var opensURL: Bool { cells != nil }
    }

    /// A column: one parameter of the app type.
    public struct Column: Sendable, Equatable {
        public let key: String
        public let name: String?
    }

    public let type: String
    public let typeName: String?
    public let action: String
    public let actionName: String?
    public let columns: [Column]
    public private(set) var rows: [Row]

    /// The matrix of one action of a merged app type: its apps in the type's order, its
    /// parameters in the type's order.
    public init(appType: MergedAppType, action: Merged<Action>) {
        let parameterKeys = Set(appType.parameterKeys)
        self.init(appType: appType, action: action) { app in
            app.action(action.key)?.value(\.urlFormat).map { URLFormat($0.text, parameterKeys: parameterKeys) }
        }
    }

    /// The same from url_formats already cut with the type's parameters: `format` gives each
    /// app's for the action (the docs site cuts each once for all the pages that show it).
    package init(appType: MergedAppType, action: Merged<Action>, format: (MergedApp) -> URLFormat?) {
        let keys = appType.parameterKeys
        type = appType.key
        typeName = appType.name
        self.action = action.key
        actionName = action.value(\.name)
        columns = appType.parameters.map { Column(key: $0.key, name: $0.value(\.name)) }
        let profile = appType.definitions.profile
        rows = appType.apps.map { app in
            let outcome = AppActionOutcome(of: app, in: appType, action: action.key, profile: profile)
            let cells = outcome.state == .url ? format(app).map { Self.cells(of: $0, parameters: keys, profile: profile) } : nil
            return Row(app: app.key, appName: app.name, outcome: outcome, cells: cells)
        }
    }

    /// Every matrix of the catalog: each app type in catalog order, each of its actions in
    /// the type's order.
    public static func all(_ catalog: MergedCatalog) -> SupportMatrices {
        SupportMatrices(catalog.appTypes.flatMap { appType in appType.actions.map { (appType, $0) } })
    }

    /// Where each of `parameters` stands in `format` as `profile` cuts it: the shipped client
    /// takes the query up to a second `?`, fills only the base and each component's value up to
    /// a second `=` (a placeholder elsewhere is never filled: `lost`) and reads `#` as text; an
    /// `rfc3986` client ends the query at `#` and keeps the fragment. Only well-formed
    /// `{{key}}` placeholders count, since the client fills nothing else; a parameter both
    /// outside and inside the query is `path`, since the part outside is kept even when empty.
    /// A format has a few placeholders, so each parameter looks through them rather than
    /// hashing into a table.
    public static func cells(of format: URLFormat, parameters: [String], profile: ClientProfile) -> [Cell] {
        let query: Range<Int>?
        let isFilled: (Int) -> Bool
        switch profile {
        case .shipped:
            let cut = format.shippedCut
            (query, isFilled) = (cut.query, cut.fills)
        case .rfc3986:
            (query, isFilled) = (format.queryRange, { _ in true })
        }
        return parameters.map { parameter in
            var cell = Cell.none
            for placeholder in format.placeholders {
                guard case .valid(let name) = placeholder.form, name == parameter else { continue }
                guard isFilled(placeholder.range.lowerBound) else {
                    if cell == .none { cell = .lost }
                    continue
                }
                guard query?.contains(placeholder.range.lowerBound) ?? false else { return .path }
                cell = .query
            }
            return cell
        }
    }

    /// For each column, how many apps opening a URL for the action pass the parameter on.
    public var coverage: [Int] {
        columns.indices.map { column in rows.count { $0.cells.map { $0[column].reachesApp } ?? false } }
    }

    /// The columns an HTML grid shows, by index: the parameters at least one app's url_format
    /// names. A column no format names would be "not used" all the way down.
    public var usedColumns: [Int] {
        columns.indices.filter { column in rows.contains { ($0.cells?[column] ?? .none) != .none } }
    }

    /// The number of apps the client opens a URL of for the action.
    public var urlOpeningAppCount: Int { rows.count(where: \.opensURL) }

    /// The number of apps of each state, in `AppActionOutcome.State`'s order, leaving out
    /// states no app has.
    public var stateCounts: [(state: AppActionOutcome.State, count: Int)] {
        AppActionOutcome.State.allCases.compactMap { state in
            let count = rows.count { $0.outcome.state == state }
            return count > 0 ? (state, count) : nil
        }
    }

    /// The same matrix with only the rows of the apps the client opens a URL of: coverage and
    /// counts stay the same, since the other rows count for nothing.
    public var urlOpeningApps: SupportMatrix {
        var matrix = self
        matrix.rows.removeAll { !$0.opensURL }
        return matrix
    }
}

/// Matrices worked out as they are read: the matrices of a large catalog are tens of megabytes,
/// and `matrix` writes each as soon as it is made. Each read works its matrix out again, so a
/// caller that reads one several times keeps it.
public struct SupportMatrices: RandomAccessCollection, Sendable {
    private let subjects: [(appType: MergedAppType, action: Merged<Action>)]

    package init(_ subjects: [(appType: MergedAppType, action: Merged<Action>)]) {
        self.subjects = subjects
    }

    public var startIndex: Int { subjects.startIndex }
    public var endIndex: Int { subjects.endIndex }

    public subscript(position: Int) -> SupportMatrix {
        SupportMatrix(appType: subjects[position].appType, action: subjects[position].action)
    }
}
