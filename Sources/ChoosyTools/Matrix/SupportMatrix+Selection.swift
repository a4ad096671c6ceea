import ChoosyCatalog

extension SupportMatrix {
    /// The matrices of the catalog (no `type`), of one app type (no `action`), or of one
    /// action of one app type; an app type or action the catalog does not have is an error
    /// listing the valid keys.
    public static func select(from catalog: MergedCatalog, type: String?, action: String?) throws(UnknownKeyError) -> SupportMatrices {
        guard let type else { return all(catalog) }
        guard let appType = catalog.appType(type) else {
            throw UnknownKeyError(kind: "app type", key: type, validKeys: catalog.appTypes.map(\.key))
        }
        guard let action else { return SupportMatrices(appType.actions.map { (appType, $0) }) }
        guard let merged = appType.action(action) else {
            throw UnknownKeyError(kind: "action", key: action, in: "app type '\(type)'", validKeys: appType.actions.map(\.key))
        }
        return SupportMatrices([(appType, merged)])
    }
}
