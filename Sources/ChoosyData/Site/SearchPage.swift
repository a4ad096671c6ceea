/// `search.html`: the search index of every app type, action, parameter and app, embedded as
/// JSON data that the site's script filters as the reader types into the header's box.
enum SearchPage {
    static let indexID = "search-index"

    static func render(_ catalog: MergedCatalog, apps: [SiteApp], layout: SiteLayout) -> [UInt8] {
        layout.document(title: "Search", breadcrumbs: [(SiteLayout.siteName, SitePath.index)]) { html in
            html.heading(.h1, id: "top", "Search")
            html.element(.p, [.init(.id, "search-status"), .init(.ariaLive, "polite")]) { html in
                html.text("Type in the search box above. Search needs JavaScript; without it, the ")
                html.link(SitePath.index, "index")
                html.text(" lists every app type and app.")
            }
            html.element(.ul, [.init(.id, "search-results"), .init(.class, "results")])
            html.scriptData(id: indexID, index(catalog, apps: apps))
        }
    }

    /// `[{kind, name, key, context, href}]`: what a search matches (name, key, context) and
    /// where a hit leads.
    static func index(_ catalog: MergedCatalog, apps: [SiteApp]) -> JSONOutput {
        func entry(_ kind: String, _ name: String, _ key: String, _ context: String, _ href: String) -> JSONOutput {
            .object([("kind", .string(kind)), ("name", .string(name)), ("key", .string(key)), ("context", .string(context)), ("href", .string(href))])
        }
        var entries: [JSONOutput] = []
        for type in catalog.appTypes {
            let typeName = type.name ?? type.key
            entries.append(entry("app type", typeName, type.key, "", SitePath.appType(type.key)))
            entries += type.actions.map { entry("action", $0.value(\.name) ?? $0.key, $0.key, typeName, SitePath.action(type.key, $0.key)) }
            entries += type.parameters.map { entry("parameter", $0.value(\.name) ?? $0.key, $0.key, typeName, SitePath.parameter(type.key, $0.key)) }
        }
        entries += apps.map { app in
            entry("app", app.name, app.key, app.memberships.map { $0.type.name ?? $0.type.key }.joined(separator: ", "), SitePath.app(app.key))
        }
        return .array(entries)
    }
}
