import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// What the site's search looks through: an entry for every app type, action, parameter and
/// app, with the texts a query is matched against (`SearchScript` ranks them) and the page a
/// hit leads to; an app's entry names the actions it implements, which the script pairs with
/// it ("tweetbot post"). The search page lists the entries for readers without JavaScript,
/// and `choosy.js` carries them, so the header's box searches from every page.
struct SearchIndex {
    struct Entry {
        let kind: String
        let name: String
        let key: String
        /// The app types it belongs to, by name.
        let context: String
        let href: String
        /// An app's URL schemes, lowercased without `:`: its `app_url_scheme` and those its
        /// url_formats open, so `mailto` finds Mail.
        var schemes: [String] = []
        /// A parameter's description.
        package var description = ""
        /// What a hit shows: the name, with the key when another entry of the same kind and
        /// context has the same name ("Open Link (open_link_14)").
        var label = ""
        /// An app's: the positions in the index of the actions' entries it implements (has a
        /// url_format for, as the site's client reads it), in catalog order.
        var actions: [Int] = []
    }

    let entries: [Entry]

    /// App types in catalog order, each followed by its actions and parameters, then the apps
    /// in the index's order (by name): the order of equally ranked hits.
    init(_ catalog: MergedCatalog, apps: [SiteApp]) {
        var entries: [Entry] = []
        // By app type key, the position of its first action's entry.
        var firstAction: [String: Int] = [:]
        for type in catalog.appTypes {
            let typeName = type.name ?? type.key
            entries.append(Entry(kind: "app type", name: typeName, key: type.key, context: "", href: SitePath.appType(type.key)))
            firstAction[type.key] = firstAction[type.key] ?? entries.count
            entries += type.actions.map {
                Entry(kind: "action", name: $0.value(\.name) ?? $0.key, key: $0.key, context: typeName, href: SitePath.action(type.key, $0.key))
            }
            entries += type.parameters.map {
                Entry(
                    kind: "parameter", name: $0.value(\.name) ?? $0.key, key: $0.key, context: typeName,
                    href: SitePath.parameter(type.key, $0.key), description: $0.value(\.description) ?? "")
            }
        }
        entries += apps.map { app in
            Entry(
                kind: "app", name: app.name, key: app.key, context: app.memberships.map { $0.type.name ?? $0.type.key }.joined(separator: ", "),
                href: SitePath.app(app.key), schemes: Self.schemes(of: app),
                actions: app.memberships.flatMap { type, app in
                    // Implemented as `AppActionOutcome` reads it: the client has a url_format to open.
                    type.actions.indices.filter { index in
                        app.action(type.actions[index].key).flatMap(catalog.profile.urlFormatNode(of:)) != nil
                    }.map { firstAction[type.key]! + $0 }
                })
        }
        let groups = Dictionary(grouping: entries.indices) { entries[$0].kind + "\u{0}" + entries[$0].context }
        for indices in groups.values {
            let names = DistinctNames(indices.map { entries[$0].name })
            for index in indices { entries[index].label = names.label(entries[index].name, key: entries[index].key) }
        }
        self.entries = entries
    }

    /// The distinct schemes of an app's `app_url_scheme` and url_formats, in order of appearance.
    private static func schemes(of app: SiteApp) -> [String] {
        let texts = app.memberships.flatMap { membership in
            [membership.app.appURLScheme] + membership.app.actions.map { $0.value(\.urlFormatNode)?.string }
        }
        var schemes: [String] = []
        for text in texts {
            guard let scheme = text.flatMap(URISyntax.schemeName(of:))?.lowercased(), !schemes.contains(scheme) else { continue }
            schemes.append(scheme)
        }
        return schemes
    }

    /// `[{kind, name, key, context, href, label?, schemes?, description?, actions?}]`, the
    /// fields an entry has; `label` only where it is not the name.
    var json: JSONValue {
        .array(entries.map { entry in
            var members: [(String, JSONValue)] = [
                ("kind", .string(entry.kind)), ("name", .string(entry.name)), ("key", .string(entry.key)),
                ("context", .string(entry.context)), ("href", .string(entry.href)),
            ]
            if entry.label != entry.name { members.append(("label", .string(entry.label))) }
            if !entry.schemes.isEmpty { members.append(("schemes", .array(entry.schemes.map(JSONValue.string)))) }
            if !entry.description.isEmpty { members.append(("description", .string(entry.description))) }
            if !entry.actions.isEmpty { members.append(("actions", .array(entry.actions.map { .number(String($0)) }))) }
            return .object(members)
        })
    }
}
