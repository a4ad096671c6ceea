extension SupportMatrix {
    /// An app type or action the catalog does not have; the message lists the valid keys.
    public enum SelectionError: Error, Sendable, Equatable, CustomStringConvertible {
        case unknownType(String, valid: [String])
        case unknownAction(String, type: String, valid: [String])

        public var description: String {
            switch self {
            case .unknownType(let key, let valid):
                "unknown app type '\(key)'\(Self.suggestion(for: key, among: valid)); valid types: \(Self.list(valid))"
            case .unknownAction(let key, let type, let valid):
                "app type '\(type)' has no action '\(key)'\(Self.suggestion(for: key, among: valid)); valid actions: \(Self.list(valid))"
            }
        }

        private static func suggestion(for key: String, among valid: [String]) -> String {
            Suggestion.closest(to: key, among: valid).map { " (did you mean '\($0)'?)" } ?? ""
        }

        private static func list(_ keys: [String]) -> String {
            keys.isEmpty ? "(none)" : keys.joined(separator: ", ")
        }
    }

    /// The matrices of the catalog (no `type`), of one app type (no `action`), or of one
    /// action of one app type.
    public static func select(from catalog: MergedCatalog, type: String?, action: String?) throws(SelectionError) -> SupportMatrices {
        guard let type else { return all(catalog) }
        guard let appType = catalog.appType(type) else {
            throw .unknownType(type, valid: catalog.appTypes.map(\.key))
        }
        guard let action else { return SupportMatrices(appType.actions.map { (appType, $0) }) }
        guard let merged = appType.action(action) else {
            throw .unknownAction(action, type: type, valid: appType.actions.map(\.key))
        }
        return SupportMatrices([(appType, merged)])
    }
}
