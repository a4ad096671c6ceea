import Foundation
import Testing

/// The sidebar and the previous/next links of the site of data/, as written (every link of
/// every page resolving is DocsSiteTests' `everyInternalLinkResolvesToAFileAndAnchor`).
struct SiteNavigationTests {
    @Test func actionPagesLinkToThePreviousAndNextActionOfTheirType() throws {
        let site = try BuiltSite(["data/"])
        defer { site.remove() }
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
        defer { site.remove() }
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
