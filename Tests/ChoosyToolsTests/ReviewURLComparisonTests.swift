import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyTools

/// Which app actions `review` renders URLs for: beside changed url_formats, every action of an
/// app, or of an app type's apps, that the change adds or removes, opened by no app on the
/// side that lacks it.
struct ReviewURLComparisonTests {
    /// An app type `type` whose apps (key and url_format) implement `open` with a `query`.
    static func appType(_ type: String, apps: [(key: String, format: String)]) -> String {
        let apps = apps.map { #"{"key": "\#($0.key)", "name": "\#($0.key)", "app_url_scheme": "\#($0.key):", "actions": [{"key": "open", "url_format": "\#($0.format)"}]}"# }
        return #"{"key": "\#(type)", "name": "\#(type)", "parameters": [{"key": "query", "name": "Query", "description": "What to open."}], "#
            + #""actions": [{"key": "open", "name": "Open"}], "apps": [\#(apps.joined(separator: ", "))]}"#
    }

    static func catalog(_ appTypes: String...) -> Catalog {
        Catalog(text: "[" + appTypes.joined(separator: ", ") + "]", path: "types.json", layer: "main")
    }

    /// Each comparison as `type/app/action class`, with its first row's URL before and after
    /// (`-` for no such app).
    static func comparisons(_ base: Catalog, _ head: Catalog) -> [String] {
        CatalogReview(base: base, head: head).urlComparisons.map { comparison in
            let row = comparison.rows[0]
            return "\(comparison.type)/\(comparison.app)/\(comparison.action) \(comparison.changeClass.rawValue): "
                + "\(row.before.map { $0.url ?? "" } ?? "-") → \(row.after.map { $0.url ?? "" } ?? "-")"
        }
    }

    static let maps = appType("maps", apps: [("waze", "waze://?q={{query}}"), ("apple", "apple://?q={{query}}")])
    static let mapsWithoutApple = appType("maps", apps: [("waze", "waze://?q={{query}}")])

    @Test func anAddedAppShowsWhatItOpens() {
        #expect(Self.comparisons(Self.catalog(Self.mapsWithoutApple), Self.catalog(Self.maps)) == [
            "maps/apple/open feature: - → apple://?q=query%201&2",
        ])
    }

    @Test func aRemovedAppShowsWhatItOpened() {
        #expect(Self.comparisons(Self.catalog(Self.maps), Self.catalog(Self.mapsWithoutApple)) == [
            "maps/apple/open breaking: apple://?q=query%201&2 → -",
        ])
    }

    @Test func anAddedAppTypeShowsEachOfItsApps() {
        let mail = Self.appType("mail", apps: [("gmail", "gmail://co?to={{query}}")])
        #expect(Self.comparisons(Self.catalog(Self.maps), Self.catalog(Self.maps, mail)) == [
            "mail/gmail/open feature: - → gmail://co?to=query%201&2",
        ])
        #expect(Self.comparisons(Self.catalog(Self.maps, mail), Self.catalog(Self.maps)) == [
            "mail/gmail/open breaking: gmail://co?to=query%201&2 → -",
        ])
    }

    @Test func aRenamedAppOpensTheSameURLs() {
        let renamed = Self.maps.replacing(#""key": "apple""#, with: #""key": "applemaps""#)
        #expect(CatalogReview(base: Self.catalog(Self.maps), head: Self.catalog(renamed)).diff.changes.map(\.kind) == [.renamed])
        #expect(Self.comparisons(Self.catalog(Self.maps), Self.catalog(renamed)).isEmpty)
    }
}
