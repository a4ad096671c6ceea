import Foundation
import Testing

/// The docs site in a real browser (headless Chromium; `make test` installs it): every page
/// loads without a console error under its Content-Security-Policy, search finds apps, "Try
/// it" renders what `choosy-data url` renders, and catalog data never runs as script.
@Suite(.serialized)
struct DocsBrowserTests {
    static let fixtures = "Tests/ChoosyDataTests/Fixtures/site"

    @Test(arguments: [["data/"], ["--config", "Tests/ChoosyDataTests/Fixtures/upstream/.choosy-data.yml"]])
    func everyPageLoadsWithoutConsoleErrors(arguments: [String]) throws {
        let site = try BuiltSite(arguments)
        defer { site.remove() }
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        // The page's script ran: the search box exists and "Try it" filled its table.
        let results = try Chromium.visit(site.pages.map { Chromium.Visit(url: site.url($0), expression: "document.readyState") }, returning: String.self)
        #expect(results.count == site.pages.count)
        for result in results {
            #expect(result.errors.isEmpty, "\(result.url): \(result.errors)")
            #expect(result.dialogs.isEmpty)
            #expect(result.result == "complete")
        }
    }

    /// Hits as "name|href", from the search page opened with `?q=` (as the header's box does)
    /// and after typing into the box.
    @Test func searchFindsAnAppByPartOfItsName() throws {
        let site = try BuiltSite(["data/"])
        defer { site.remove() }
        let hits = "Array.from(document.querySelectorAll('#search-results a'), a => a.textContent + '|' + a.getAttribute('href'))"
        let typed = """
            (() => { const box = document.getElementById('site-search'); box.value = 'GOOGLE ma';
              box.dispatchEvent(new Event('input', {bubbles: true})); return \(hits); })()
            """
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url("search.html") + "?q=weetb", expression: hits),
            Chromium.Visit(url: site.url("search.html"), expression: typed),
            Chromium.Visit(url: site.url("search.html") + "?q=zzzz", expression: "document.getElementById('search-status').textContent"),
        ], returning: JSONValue.self)
        #expect(results[0].result == .strings(["Tweetbot|app-tweetbot.html"]))
        #expect(results[1].result == .strings(["Google Maps|app-googlemaps.html"]))
        #expect(results[2].result == .string("0 results."))
        for result in results { #expect(result.errors.isEmpty, "\(result.errors)") }
    }

    /// Values at the edges of encoding: spaces, `&`, `#`, `=`, `?`, `/`, `%`, emoji, accents,
    /// a whole URL, and empty strings (which drop query components).
    static let values = ["a b", "x&y=z", "#top?q", "👍 é", "", "https://e.com/?a=b c", "100%", "{{q}}"]

    @Test(arguments: ["data/", "\(fixtures)/tricky/"])
    func tryItRendersWhatChoosyDataURLRenders(catalog: String) throws {
        let site = try BuiltSite([catalog])
        defer { site.remove() }
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let actionPages = site.pages.filter { $0.hasPrefix("action-") }
        // Value sets: all empty, then each parameter a different value, rotated per set.
        let sets = Self.values.indices.map { $0 }
        let expression = """
            (() => {
              const values = \(String(decoding: try JSONEncoder().encode(Self.values), as: UTF8.self));
              const inputs = Array.from(document.querySelectorAll('#try-it-form input'));
              return [-1, \(sets.map(String.init).joined(separator: ", "))].map(set => {
                inputs.forEach((input, i) => { input.value = set < 0 ? '' : values[(i + set) % values.length]; });
                inputs[0]?.dispatchEvent(new Event('input', {bubbles: true}));
                return {
                  parameters: inputs.map(input => [input.name, input.value]),
                  rows: Array.from(document.querySelectorAll('#try-it-results tr[data-app]'), row => ({
                    app: row.dataset.app, url: row.querySelector('output').textContent,
                    dropped: row.dataset.format === undefined ? [] : row.querySelector('.dropped').textContent.split(', ').filter(s => s)
                  }))
                };
              });
            })()
            """
        let results = try Chromium.visit(actionPages.map { Chromium.Visit(url: site.url($0), expression: expression) }, returning: [TryItRun].self)
        var compared = 0
        for (page, result) in zip(actionPages, results) {
            #expect(result.errors.isEmpty, "\(page): \(result.errors)")
            let keys = page.dropFirst("action-".count).dropLast(".html".count).split(separator: "-").map(String.init)
            for run in result.result ?? [] {
                let cli = try ToolRunner.run(["url", keys[0], keys[1]] + run.parameters.map { "\($0[0])=\($0[1])" } + ["--format", "json", catalog])
                try #require(cli.status == 0, "\(cli.standardError)")
                let expected = try JSONDecoder().decode(URLOutput.self, from: Data(cli.standardOutput.utf8)).results
                #expect(run.rows.map(\.app) == expected.map(\.app), "\(page)")
                for (row, want) in zip(run.rows, expected) {
                    #expect(row.url == (want.url ?? ""), "\(page) \(row.app) \(run.parameters)")
                    #expect(row.dropped == want.dropped, "\(page) \(row.app) \(run.parameters)")
                    compared += 1
                }
            }
        }
        #expect(compared > 50)
    }

    struct TryItRun: Decodable {
        struct Row: Decodable { let app: String; let url: String; let dropped: [String] }
        let parameters: [[String]]
        let rows: [Row]
    }

    struct URLOutput: Decodable {
        struct Result: Decodable { let app: String; let url: String?; let dropped: [String] }
        let results: [Result]
    }

    /// Every payload would open a dialog if it ran; with the page's CSP on, any injected
    /// markup would also show as a blocked inline script or a failed image load.
    @Test func markupInTheCatalogNeverRuns() throws {
        let site = try BuiltSite(["\(Self.fixtures)/xss/"])
        defer { site.remove() }
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let typeIt = """
            (() => { document.querySelectorAll('#try-it-form input').forEach(i => { i.value = '"><img src=x onerror=alert(1)>'; });
              document.querySelector('#try-it-form input')?.dispatchEvent(new Event('input', {bubbles: true}));
              return document.querySelectorAll('img, iframe, svg, script:not([src]):not([type])').length; })()
            """
        var visits: [Chromium.Visit] = []
        for page in site.pages {
            for bypassCSP in [false, true] {
                visits.append(Chromium.Visit(url: site.url(page), expression: typeIt, bypassCSP: bypassCSP))
            }
        }
        visits.append(Chromium.Visit(url: site.url("search.html") + "?q=script", expression: typeIt, bypassCSP: true))
        let results = try Chromium.visit(visits, returning: Int.self)
        for result in results {
            #expect(result.dialogs.isEmpty, "\(result.url): \(result.dialogs)")
            #expect(result.errors.isEmpty, "\(result.url): \(result.errors)")
            #expect(result.result == 0, "\(result.url): injected elements")
        }
        let search = try Chromium.visit([Chromium.Visit(url: site.url("search.html") + "?q=script", expression: "document.querySelectorAll('#search-results li').length")], returning: Int.self)
        // The type, its action and two parameters, and the three apps: all hits, shown as text.
        #expect(search[0].result == 7)
    }
}

/// The JSON values the search test reads back.
enum JSONValue: Decodable, Equatable {
    case string(String)
    case strings([String])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            self = .strings(try container.decode([String].self))
        }
    }
}
