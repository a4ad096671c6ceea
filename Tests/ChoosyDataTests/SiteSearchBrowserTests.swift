import ChoosyTestSupport
import Foundation
import Testing

/// The header's search box in a real browser, on a page other than the search page: what it
/// finds (by scheme, part of a scheme, a misspelt name), its list box driven by the keyboard,
/// and the search page without its script.
@Suite(.serialized, .tags(.slow, .browser))
struct SiteSearchBrowserTests {
    /// Types `query` into the header's box and returns the options of its list box.
    static func typed(_ query: String) -> String {
        """
        (() => { const box = document.getElementById('site-search');
          box.value = \(String(decoding: try! JSONEncoder().encode(query), as: UTF8.self));
          box.dispatchEvent(new Event('input', {bubbles: true}));
          return Array.from(document.querySelectorAll('#site-search-options [role=option]'), o => o.textContent); })()
        """
    }

    /// A key pressed in the header's box.
    static func press(_ key: String) -> String {
        "document.getElementById('site-search').dispatchEvent(new KeyboardEvent('keydown', {key: '\(key)', bubbles: true, cancelable: true}));"
    }

    @Test(arguments: [
        ("mailto", "Mail app · Email"),
        ("googlechrome", "Google Chrome app · Browser"),
        ("twiterrific", "Twitterrific app · Twitter"),
        ("TWITTERRIFIC", "Twitterrific app · Twitter"),
        ("tweetbot", "Tweetbot app · Twitter"),
        // A swap of two neighbouring letters is one edit; a word of 4 letters may be one edit off.
        ("gmial", "Gmail app · Email"),
        ("wase", "Waze app · Maps"),
    ])
    func theHeaderBoxFindsAnAppByNameSchemeOrNearMiss(query: String, firstHit: String) throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let results = try Chromium.visit([Chromium.Visit(url: site.url("type-twitter.html"), expression: Self.typed(query))], returning: [String].self)
        #expect(results[0].errors.isEmpty, "\(results[0].errors)")
        let options = try #require(results[0].result)
        #expect(options.first == firstHit)
        // The last option leads to every hit on the search page.
        #expect(options.last?.hasSuffix("on the search page") == true)
    }

    /// Hits rank by how they match: an app whose name starts with the word comes before what
    /// is an edit away from it; a hit of several words ranks as its worst.
    @Test func hitsAreRankedByHowTheyMatch() throws {
        let site = try BuiltSite(["data/"])
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url("index.html"), expression: Self.typed("tweetb")),
            Chromium.Visit(url: site.url("index.html"), expression: Self.typed("twitter post")),
            Chromium.Visit(url: site.url("index.html"), expression: Self.typed("zzzz")),
        ], returning: [String].self)
        // Then, within an edit, `tweet` of the actions' names.
        #expect(results[0].result?.prefix(2) == ["Tweetbot app · Twitter", "Write a tweet action · Twitter"])
        // The Twitter app's post names both words (rank 0); the action itself has `post` as its
        // key (rank 0) and `twitter` only as its type (rank 5): a hit, ranked as its worst word.
        #expect(results[1].result?.first == "Twitter: Write a tweet app action · Twitter")
        #expect(results[1].result?.contains("Write a tweet action · Twitter") == true)
        #expect(results[2].result == ["No results on the search page"])
    }

    /// A query naming an app and an action finds the app's row of the action page, by the
    /// action's key, name or a synonym of a word of them (`SearchSynonyms`); a synonym finds an
    /// action alone too. The words typed are marked in each hit's name.
    @Test(arguments: [
        ("tweetbot post", "Tweetbot: Write a tweet", "app action · Twitter", "action-twitter-post.html#app-tweetbot"),
        ("tweetbot write", "Tweetbot: Write a tweet", "app action · Twitter", "action-twitter-post.html#app-tweetbot"),
        ("google maps directions", "Google Maps: Get directions", "app action · Maps", "action-maps-get_directions.html#app-googlemaps"),
        ("gmail send", "Gmail: Write a new email", "app action · Email", "action-email-compose.html#app-gmail"),
        ("tweet composer", "Write a tweet", "action · Twitter", "action-twitter-post.html"),
        ("navigate", "Get directions", "action · Maps", "action-maps-get_directions.html"),
    ])
    func anAppAndAnActionFindTheAppsURLForIt(query: String, name: String, kind: String, href: String) throws {
        let site = try BuiltSite(["data/"])
        let first = """
            (() => { \(Self.typed(query));
              const option = document.querySelector('#site-search-options [role=option]');
              return [option.querySelector('.name').textContent, option.querySelector('.kind').textContent, option.dataset.href,
                Array.from(option.querySelectorAll('mark'), mark => mark.textContent).join('|')]; })()
            """
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url("index.html"), expression: first),
            Chromium.Visit(url: site.url("search.html") + "?q=" + query.replacingOccurrences(of: " ", with: "+"),
                expression: "Array.from(document.querySelectorAll('#search-results li a'), a => a.getAttribute('href'))"),
        ], returning: [String].self)
        for result in results { #expect(result.errors.isEmpty, "\(result.errors)") }
        let option = try #require(results[0].result)
        #expect(Array(option.prefix(3)) == [name, kind, href])
        // Each word typed that is in the name is marked there, as typed in the name's case.
        let marked = query.split(separator: " ").filter { name.lowercased().contains($0) }
        #expect(option[3].lowercased() == marked.joined(separator: "|"), "\(option)")
        #expect(results[1].result?.first == href)
        let page = try site.text(String(href.prefix { $0 != "#" }))
        if let anchor = href.split(separator: "#").dropFirst().first { #expect(page.contains("id=\"\(anchor)\"")) }
    }

    /// A short word of a query of several words is found in descriptions, as the longer ones
    /// are; alone it is not, or every description with "by" in it would be a hit.
    @Test func aShortWordCountsBesideOthers() throws {
        let site = try BuiltSite(["data/"])
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url("index.html"), expression: Self.typed("turn-by-turn")),
            Chromium.Visit(url: site.url("index.html"), expression: Self.typed("by")),
        ], returning: [String].self)
        #expect(results[0].result?.contains("Start navigation parameter · Maps") == true)
        #expect(results[1].result?.contains("Start navigation parameter · Maps") == false)
    }

    /// The search page says which scheme a hit was found by, and nothing for other hits.
    @Test func theSearchPageSaysWhichSchemeAHitWasFoundBy() throws {
        let site = try BuiltSite(["data/"])
        let hits = "Array.from(document.querySelectorAll('#search-results li'), item => item.textContent)"
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url("search.html") + "?q=mailto", expression: hits),
            Chromium.Visit(url: site.url("search.html") + "?q=mail", expression: hits),
        ], returning: [String].self)
        #expect(results[0].result?.first == "Mail app · Email · mail · scheme: mailto:")
        #expect(results[1].result?.first == "Mail app · Email · mail")
    }

    struct ListBoxState: Decodable, Equatable {
        let expanded: String?
        let active: String?
        let selected: [String]
        let hidden: Bool
    }

    static let state = """
        ({ expanded: document.getElementById('site-search').getAttribute('aria-expanded'),
           active: document.getElementById('site-search').getAttribute('aria-activedescendant'),
           selected: Array.from(document.querySelectorAll('#site-search-options [aria-selected=true]'), o => o.id),
           hidden: document.getElementById('site-search-options').hidden })
        """

    /// Arrows move the active option (wrapping), Escape closes the list box, and Enter opens
    /// the active option's page.
    @Test func theListBoxFollowsTheKeyboard() throws {
        let site = try BuiltSite(["data/"])
        let typing = "\(Self.typed("mail"));"
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url("type-maps.html"), expression: "\(typing) \(Self.state)"),
            Chromium.Visit(url: site.url("type-maps.html"), expression: "\(typing) \(Self.press("ArrowDown")) \(Self.press("ArrowDown")) \(Self.state)"),
            Chromium.Visit(url: site.url("type-maps.html"), expression: "\(typing) \(Self.press("ArrowUp")) \(Self.state)"),
            Chromium.Visit(url: site.url("type-maps.html"), expression: "\(typing) \(Self.press("ArrowDown")) \(Self.press("Escape")) \(Self.state)"),
        ], returning: ListBoxState.self)
        #expect(results[0].result == ListBoxState(expanded: "true", active: nil, selected: [], hidden: false))
        #expect(results[1].result == ListBoxState(expanded: "true", active: "site-search-option-1", selected: ["site-search-option-1"], hidden: false))
        let count = try Chromium.visit([Chromium.Visit(url: site.url("type-maps.html"), expression: "\(typing) document.querySelectorAll('#site-search-options [role=option]').length")], returning: Int.self)
        let last = "site-search-option-\(try #require(count[0].result) - 1)"
        #expect(results[2].result == ListBoxState(expanded: "true", active: last, selected: [last], hidden: false))
        #expect(results[3].result == ListBoxState(expanded: "false", active: nil, selected: [], hidden: true))
        for result in results { #expect(result.errors.isEmpty, "\(result.errors)") }

        // "mail" ranks the Mail app first (its name and key are the word).
        let entered = try Chromium.visit([
            Chromium.Visit(url: site.url("type-maps.html"), expression: "\(typing) \(Self.press("ArrowDown")) \(Self.press("Enter"))", navigates: true)
        ])
        #expect(entered[0].landedAt == site.url("app-mail.html"))
        let all = try Chromium.visit([
            Chromium.Visit(url: site.url("type-maps.html"), expression: "\(typing) \(Self.press("ArrowUp")) \(Self.press("Enter"))", navigates: true)
        ])
        #expect(all[0].landedAt == site.url("search.html") + "?q=mail")
    }

    /// Without the script the search page is the whole index as links: the form's `?q=` lands
    /// there, and the reader finds with the browser's find.
    @Test func theSearchPageListsEveryEntryWithoutTheScript() throws {
        let site = try BuiltSite(["data/"])
        let page = try site.text("search.html")
        for link in [#"<a href="app-mail.html">Mail</a>"#, #"<a href="type-twitter.html">Twitter</a>"#, #"<a href="action-twitter-post.html">Write a tweet</a>"#, #"<a href="parameter-maps-query.html">Search text</a>"#] {
            #expect(page.contains(link), "\(link)")
        }
        #expect(!page.contains("application/json"), "the index is in choosy.js, not in the page")
        let script = try site.text("choosy.js")
        #expect(script.contains(#""name":"Mail","key":"mail","context":"Email","href":"app-mail.html","schemes":["mailto","message"]"#))
    }

    /// "/" on a page goes to the search box; typed in a field, it is the character.
    @Test func slashFocusesTheSearchBox() throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let expression = """
            (() => {
              const slash = (target) => target.dispatchEvent(new KeyboardEvent('keydown', {key: '/', bubbles: true, cancelable: true}));
              const fromPage = !slash(document.body) && document.activeElement.id === 'site-search';
              const field = document.querySelector('#try-it-form textarea');
              field.focus();
              const inField = slash(field) && document.activeElement === field;
              return fromPage && inField;
            })()
            """
        let result = try Chromium.visit([Chromium.Visit(url: site.url("action-twitter-post.html"), expression: expression)], returning: Bool.self)[0]
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(result.result == true)
    }
}
