import ChoosyCore
import ChoosyCatalog

/// An app as the docs site shows it: one page per app key, gathering the app of that key in
/// every app type it belongs to (Safari is a browser and a Twitter client).
struct SiteApp {
    let key: String
    /// In catalog order of the app types.
    let memberships: [(type: MergedAppType, app: MergedApp)]
    /// The name in the first app type that names it; the key when none does.
    let name: String

    init(key: String, memberships: [(type: MergedAppType, app: MergedApp)]) {
        self.key = key
        self.memberships = memberships
        name = memberships.indices.lazy.compactMap { memberships[$0].app.name }.first ?? key
    }

    /// Every app key of the catalog, sorted by name (then key) so the index reads like a list.
    static func all(in catalog: MergedCatalog) -> [SiteApp] {
        var order: [String] = []
        var memberships: [String: [(type: MergedAppType, app: MergedApp)]] = [:]
        for type in catalog.appTypes {
            for app in type.apps {
                if memberships[app.key] == nil { order.append(app.key) }
                memberships[app.key, default: []].append((type, app))
            }
        }
        // Each name lowered once, not at every comparison of the sort.
        return order.map { SiteApp(key: $0, memberships: memberships[$0]!) }
            .map { (sortKey: ($0.name.lowercased(), $0.key), app: $0) }
            .sorted { $0.sortKey < $1.sortKey }
            .map(\.app)
    }
}
