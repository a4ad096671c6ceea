/// Why `choosy-data url` could not render; the CLI exits 2.
public enum URLPreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    case noCatalog
    case load(String)
    /// A TYPE, ACTION or `--app` that the merged catalog does not have: what was asked for,
    /// and the keys there are.
    case unknown(kind: String, key: String, valid: [String])
    /// Parameter names the app type does not declare, each with a likely intended name.
    case undeclaredParameters(appType: String, names: [(name: String, suggestion: String?)], valid: [String])
    /// A parameter given twice on the command line.
    case repeatedParameter(String)

    public var description: String {
        switch self {
        case .noCatalog:
            "no catalog here: no \(CatalogConfig.fileName) in this directory or above (pass a catalog directory, e.g. 'choosy-data url twitter post text=hi data/')"
        case .load(let message):
            message
        case .unknown(let kind, let key, let valid):
            "unknown \(kind) '\(key)'; \(kind)s: \(Self.list(valid))"
        case .undeclaredParameters(let appType, let names, let valid):
            "app type '\(appType)' has no parameter "
                + names.map { "'\($0.name)'" + ($0.suggestion.map { " (did you mean '\($0)'?)" } ?? "") }.joined(separator: ", ")
                + "; parameters: \(Self.list(valid))"
        case .repeatedParameter(let name):
            "parameter '\(name)' is given twice; give each parameter once"
        }
    }

    private static func list(_ keys: [String]) -> String {
        keys.isEmpty ? "(none)" : keys.joined(separator: ", ")
    }

    public static func == (lhs: URLPreviewError, rhs: URLPreviewError) -> Bool {
        lhs.description == rhs.description
    }
}
