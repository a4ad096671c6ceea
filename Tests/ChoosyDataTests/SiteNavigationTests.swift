import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyTools

/// The sidebar and the previous/next links of the site of data/, as written (every link of
/// every page resolving is DocsSiteTests' `everyInternalLinkResolvesToAFileAndAnchor`).
struct SiteNavigationTests {
    @Test func actionPagesLinkToThePreviousAndNextActionOfTheirType() throws {
        let site = try BuiltSite(["data/"])
        let post = try site.text("action-twitter-post.html")
        #expect(post.contains(#"<a href="action-twitter-show_profile.html" rel="prev" class="previous"><span class="direction">Previous action</span>Show a user's profile</a>"#))
        #expect(post.contains(#"<a href="action-twitter-retweet.html" rel="next" class="next"><span class="direction">Next action</span>Repost (retweet) a tweet</a>"#))
        let first = try site.text("action-twitter-show_profile.html")
        #expect(!first.contains(#"rel="prev""#))
        #expect(first.contains(#"<a href="action-twitter-post.html" rel="next""#))
        let last = try site.text("action-twitter-unfollow.html")
        #expect(last.contains(#"<a href="action-twitter-follow.html" rel="prev""#))
        #expect(!last.contains(#"rel="next""#))
        // A type with one action has no such links.
        #expect(try !site.text("action-browser-browse.html").contains(#"class="pager""#))
    }

    @Test func theSidebarListsEveryTypeAndMarksThePage() throws {
        let site = try BuiltSite(["data/"])
        let sidebar = #"<nav aria-label="App types" class="sidebar">"#
        for page in site.pages {
            let text = try site.text(page)
            #expect(text.contains(sidebar), "\(page)")
            for type in ["browser", "email", "maps", "twitter"] { #expect(text.contains(#"href="type-\#(type).html""#), "\(page)") }
        }
        let post = try site.text("action-twitter-post.html")
        #expect(post.contains(#"<li><a href="action-twitter-post.html" aria-current="page">Write a tweet</a></li>"#))
        #expect(post.contains(#"<ul aria-label="Actions of Twitter">"#))
        #expect(!post.contains(#"<ul aria-label="Actions of Maps">"#))
        #expect(try site.text("type-maps.html").contains(#"<li><a href="type-maps.html" aria-current="page">Maps</a><ul aria-label="Actions of Maps">"#))
        // Only the pages of a type open its actions.
        #expect(try !site.text("index.html").contains("<ul aria-label=\"Actions of"))
    }
}

/// The sidebar of a catalog with more app types than every page should list.
struct SiteNavigationLimitTests {
    /// A catalog of `count` app types `t0`… in `app-data/`, each with one action and one app.
    static func catalog(ofTypes count: Int) throws -> ScratchDirectory {
        let root = try ScratchDirectory("types")
        for index in 0..<count {
            let text = """
                [{"name": "Type \(index)", "key": "t\(index)", "parameters": [], "actions": [{"name": "Go", "key": "go"}],
                  "apps": [{"name": "App \(index)", "key": "app\(index)", "app_url_scheme": "app\(index):",
                            "actions": [{"key": "go", "url_format": "app\(index)://go"}]}]}]
                """
            try root.write("app-data/t\(index).json", text)
        }
        return root
    }

    /// The sidebar's markup in `page`.
    static func sidebar(of page: String) -> Substring {
        guard let start = page.range(of: #"<nav aria-label="App types""#), let end = page[start.upperBound...].range(of: "</nav>") else { return "" }
        return page[start.lowerBound..<end.upperBound]
    }

    @Test(arguments: [SiteNavigation.everyTypeLimit, SiteNavigation.everyTypeLimit + 1])
    func aboveTheLimitAPageListsOnlyItsOwnTypeAndLinksToAll(typeCount: Int) throws {
        let scratch = try Self.catalog(ofTypes: typeCount)
        let catalog = scratch.url
        let site = try BuiltSite([catalog.path])
        #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
        let listsAll = typeCount <= SiteNavigation.everyTypeLimit
        let allLink = #"<li><a href="index.html#app-types">All \#(typeCount) app types</a></li>"#
        #expect(try site.text("index.html").contains(#"id="app-types""#))
        for (page, ownType) in [("type-t7.html", "t7"), ("action-t7-go.html", "t7"), ("app-app7.html", nil), ("index.html", nil), ("rules.html", nil)] {
            let sidebar = Self.sidebar(of: try site.text(page))
            let typeLinks = sidebar.components(separatedBy: #"href="type-"#).count - 1
            #expect(typeLinks == (listsAll ? typeCount : ownType == nil ? 0 : 1), "\(page)")
            #expect(sidebar.contains(allLink) == !listsAll, "\(page)")
            if let ownType {
                #expect(sidebar.contains(#"<ul aria-label="Actions of Type 7">"#), "\(page)")
                #expect(sidebar.contains(#"<li><a href="action-\#(ownType)-go.html""#), "\(page)")
            }
        }
    }
}
