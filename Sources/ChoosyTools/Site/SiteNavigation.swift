import ChoosyCore
import ChoosyCatalog

/// The sidebar of every page: every app type, and the actions of the type the page belongs to
/// (listing every type's actions on every page would grow the site with the square of the
/// catalog), the page itself marked `aria-current`. Above `everyTypeLimit` app types, a page
/// lists only its own type and links to the index's table of all of them, for the same reason.
/// Action pages also link to the previous and next action of their type.
struct SiteNavigation: Sendable {
    struct Link: Sendable {
        let key: String
        let name: String
    }

    /// The app types in catalog order, each with its actions in order.
    let types: [(type: Link, actions: [Link])]
    /// The position in `types` of each app type's key.
    private let typeIndex: [String: Int]

    /// Up to this many app types, every page's sidebar lists them all. A longer list would
    /// make every page longer than most of their content, and the site grow with types × pages.
    static let everyTypeLimit = 50

    /// Whether every page's sidebar lists every app type.
    var listsEveryType: Bool { types.count <= Self.everyTypeLimit }

    /// Where a page sits in the sidebar.
    enum Place {
        case appType(String)
        case action(type: String, action: String)
        /// A page of the type that is not in the sidebar itself (a parameter).
        case inside(type: String)

        var typeKey: String {
            switch self {
            case .appType(let type), .action(let type, _), .inside(let type): type
            }
        }

        func isPage(ofType key: String) -> Bool {
            if case .appType(key) = self { true } else { false }
        }

        func isPage(ofAction key: String, in type: String) -> Bool {
            if case .action(type, key) = self { true } else { false }
        }
    }

    init(_ catalog: MergedCatalog? = nil) {
        types = (catalog?.appTypes ?? []).map { type in
            let names = DistinctNames(type.actions.map { $0.value(\.name) ?? $0.key })
            return (Link(key: type.key, name: type.name ?? type.key), type.actions.map { Link(key: $0.key, name: names.label($0.value(\.name) ?? $0.key, key: $0.key)) })
        }
        typeIndex = Dictionary(types.enumerated().map { ($1.type.key, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The app types a page's sidebar lists: all of them, or above `everyTypeLimit` the page's own.
    func listedTypes(at place: Place?) -> [(type: Link, actions: [Link])] {
        if listsEveryType { return types }
        guard let key = place?.typeKey, let index = typeIndex[key] else { return [] }
        return [types[index]]
    }

    /// The actions before and after `action` in its type, when there are.
    func neighbours(of action: String, in type: String) -> (previous: Link?, next: Link?) {
        guard let position = typeIndex[type], case let actions = types[position].actions, let index = actions.firstIndex(where: { $0.key == action }) else {
            return (nil, nil)
        }
        return (index > 0 ? actions[index - 1] : nil, index + 1 < actions.count ? actions[index + 1] : nil)
    }
}

extension HTMLWriter {
    /// `<nav aria-label="App types">` with a `details` the script closes on a phone, so the
    /// list does not push the page down; without the script it stays open.
    mutating func sidebar(_ navigation: SiteNavigation, at place: SiteNavigation.Place?) {
        guard !navigation.types.isEmpty else { return }
        element(.nav, [.init(.ariaLabel, "App types"), .init(.class, "sidebar")]) { html in
            // Closed as served: a phone shows the page's content first without a script moving
            // it after the first paint; the script opens it where it is a column of its own.
            html.element(.details, .init(.id, "sidebar")) { html in
                html.element(.summary) { $0.text("App types") }
                html.element(.ul) { html in
                    if !navigation.listsEveryType {
                        html.element(.li) { $0.link(SitePath.index + "#app-types", "All \(navigation.types.count) app types") }
                    }
                    for (type, actions) in navigation.listedTypes(at: place) {
                        html.element(.li) { html in
                            html.currentLink(SitePath.appType(type.key), type.name, isCurrent: place?.isPage(ofType: type.key) == true)
                            guard place?.typeKey == type.key, !actions.isEmpty else { return }
                            html.element(.ul, .init(.ariaLabel, "Actions of \(type.name)")) { html in
                                for action in actions {
                                    html.element(.li) { html in
                                        html.currentLink(
                                            SitePath.action(type.key, action.key), action.name, isCurrent: place?.isPage(ofAction: action.key, in: type.key) == true)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Links to the previous and next action of `type`, named.
    mutating func pager(_ navigation: SiteNavigation, action: String, in type: String, typeName: String) {
        let (previous, next) = navigation.neighbours(of: action, in: type)
        guard previous != nil || next != nil else { return }
        element(.nav, [.init(.ariaLabel, "Previous and next action of \(typeName)"), .init(.class, "pager")]) { html in
            if let previous {
                html.element(.a, [.init(.href, SitePath.action(type, previous.key)), .init(.rel, "prev"), .init(.class, "previous")]) { html in
                    html.element(.span, .init(.class, "direction")) { $0.text("Previous action") }
                    html.text(previous.name)
                }
            }
            if let next {
                html.element(.a, [.init(.href, SitePath.action(type, next.key)), .init(.rel, "next"), .init(.class, "next")]) { html in
                    html.element(.span, .init(.class, "direction")) { $0.text("Next action") }
                    html.text(next.name)
                }
            }
        }
    }

    /// A link, marked `aria-current="page"` when it is the page's own.
    private mutating func currentLink(_ href: String, _ text: String, isCurrent: Bool) {
        element(.a, isCurrent ? [.init(.href, href), .init(.ariaCurrent, "page")] : [.init(.href, href)]) { $0.text(text) }
    }
}
