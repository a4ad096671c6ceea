import ChoosyCore
import ChoosyCatalog

/// `search.html`: every entry of the search index as a list of links, which is the whole page
/// without JavaScript; with it, the site's script shows the hits for `?q=` and for what is
/// typed into the header's box, ranked (`SearchScript`).
enum SearchPage {
    static func render(_ index: SearchIndex, layout: SiteLayout) -> [UInt8] {
        layout.document(title: "Search", breadcrumbs: [(SiteLayout.siteName, SitePath.index)]) { html in
            html.heading(.h1, id: "top", "Search")
            html.element(.p, [.init(.id, "search-status"), .init(.ariaLive, "polite")]) { html in
                let count = index.entries.count
                html.text("Everything the search looks through, \(count == 1 ? "1 entry" : "\(count) entries"). ")
                html.text("Type in the search box above to find an app by name, key or URL scheme, or an app type, action or parameter.")
            }
            html.element(.ul, [.init(.id, "search-results"), .init(.class, "results")]) { html in
                for entry in index.entries { html.searchHit(entry) }
            }
        }
    }
}

extension HTMLWriter {
    /// `<li><a>name</a> <span class="kind">kind · context · </span><code>key</code></li>`, as
    /// the script writes a hit.
    mutating func searchHit(_ entry: SearchIndex.Entry) {
        element(.li) { html in
            html.link(entry.href, entry.label)
            html.element(.span, .init(.class, "kind")) { $0.text(" \(entry.kind)\(entry.context.isEmpty ? "" : " · \(entry.context)") · ") }
            html.code(entry.key)
        }
    }
}
