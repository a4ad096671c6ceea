import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog

/// The docs site in a real browser (headless Chromium; `make test` installs it): every page
/// loads without a console error under its Content-Security-Policy, search finds apps, "Try
/// it" renders what `choosy-data url` renders for both clients, and catalog data never runs as
/// script.
@Suite(.tags(.slow, .browser))
struct DocsBrowserTests {
    static let fixtures = "Tests/ChoosyDataTests/Fixtures/site"

    /// Every page of the upstream catalog's site (SiteMatrixBrowserTests loads every page of
    /// data/'s, and checks the same).
    @Test func everyPageLoadsWithoutConsoleErrors() throws {
        let site = try BuiltSite(["--config", "Tests/Fixtures/upstream/.choosy-data.yml"])
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
        let hits = "Array.from(document.querySelectorAll('#search-results a'), a => a.textContent + '|' + a.getAttribute('href'))"
        let typed = """
            (() => { const box = document.getElementById('site-search'); box.value = 'GOOGLE ma';
              box.dispatchEvent(new Event('input', {bubbles: true})); return \(hits); })()
            """
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url("search.html") + "?q=weetb", expression: hits),
            Chromium.Visit(url: site.url("search.html"), expression: typed),
            Chromium.Visit(url: site.url("search.html") + "?q=zzzz", expression: "document.getElementById('search-status').textContent"),
        ], returning: DecodedJSON.self)
        #expect(results[0].result == .strings(["Tweetbot|app-tweetbot.html"]))
        // Gmail's URL scheme is `googlegmail`, so it is a hit too, ranked after the name.
        // Every word is found in the app itself, so no pair of it with an action is a hit.
        #expect(results[1].result == .strings(["Google Maps|app-googlemaps.html", "Gmail|app-gmail.html"]))
        #expect(results[2].result == .string("0 results."))
        for result in results { #expect(result.errors.isEmpty, "\(result.errors)") }
    }

    /// Values at the edges of both clients' escaping and cutting: spaces, `&`, `=`, `?`, `/`,
    /// `#`, `%`, emoji, accents, a whole URL, a placeholder, and empty strings (which drop query
    /// components and empty path segments).
    static let values = ["a b", "x&y=z", "#top?q", "👍 é", "", "https://e.com/?a=b c", "100%", "{{q}}", "a/b"]

    /// A catalog and the client to show it as, on the default platform or `platform`: the
    /// arguments of both `docs` and `url`.
    struct ClientCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let client: String
        var platform: String? = nil
        var testDescription: String { (arguments + ["as", client] + (platform.map { ["on", $0] } ?? [])).joined(separator: " ") }
        /// The catalog arguments, with `--client` unless the catalog's default (shipped) is meant.
        var commandArguments: [String] { commandArguments(at: nil) }

        /// `commandArguments` with the catalog's paths under `root` (for a command run in this
        /// process, whose directory may not be the package's).
        func commandArguments(at root: String?) -> [String] {
            let catalog = arguments.map { argument in root.map { argument.hasPrefix("-") ? argument : "\($0)/\(argument)" } ?? argument }
            return catalog + (client == "shipped" ? [] : ["--client", client]) + (platform.map { ["--platform", $0] } ?? [])
        }
    }

    static let catalogs = [["data/"], ["--config", "Tests/Fixtures/upstream/.choosy-data.yml"], ["\(fixtures)/tricky/"]]
    /// Both clients on the default platform; the shipped one before iOS 17 too, where the
    /// upstream and tricky catalogs hold URLs the platforms treat apart.
    static let clientCases = ["shipped", "rfc3986"].flatMap { client in catalogs.map { ClientCase(arguments: $0, client: client) } }
        + catalogs.dropFirst().map { ClientCase(arguments: $0, client: "shipped", platform: "ios16") }

    /// Every action page, for all-empty values and for value sets giving each parameter a
    /// different value: the row of each app that implements the action shows what `url
    /// --format json` says the client opens, with the same outcome, dropped parameters and
    /// warnings.
    @Test(arguments: clientCases)
    func tryItRendersWhatChoosyDataURLRenders(_ clientCase: ClientCase) throws {
        let site = try BuiltSite(clientCase.commandArguments)
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let actionPages = site.pages.filter { $0.hasPrefix("action-") }
        let expression = """
            (() => {
              const values = \(String(decoding: try JSONEncoder().encode(Self.values), as: UTF8.self));
              const inputs = Array.from(document.querySelectorAll('#try-it-form textarea'));
              const results = document.getElementById('try-it-results');
              return [-1, \(Self.values.indices.map(String.init).joined(separator: ", "))].map(set => {
                inputs.forEach((input, i) => { input.value = set < 0 ? '' : values[(i + set) % values.length]; });
                inputs[0]?.dispatchEvent(new Event('input', {bubbles: true}));
                return {
                  client: results.dataset.client,
                  parameters: inputs.map(input => [input.name, input.value]),
                  rows: Array.from(results.querySelectorAll('tr[data-app]'), row => ({
                    app: row.dataset.app, url: row.querySelector('output').textContent, outcome: row.dataset.outcome,
                    note: row.querySelector('.outcome').textContent,
                    otherPlatform: row.querySelector('.other-platform').textContent,
                    dropped: row.querySelector('.dropped').textContent.split(', ').filter(s => s),
                    warnings: Array.from(row.querySelectorAll('.warnings li'), item => {
                      const code = item.querySelector('code').textContent;
                      return {code, message: item.textContent.slice(code.length + 1)};
                    })
                  }))
                };
              });
            })()
            """
        let results = try Chromium.visit(actionPages.map { Chromium.Visit(url: site.url($0), expression: expression) }, returning: [TryItRun].self)
        var compared = 0
        var outcomes: Set<String> = []
        var warningCodes: Set<String> = []
        var platformNotes = 0
        for (page, result) in zip(actionPages, results) {
            #expect(result.errors.isEmpty, "\(page): \(result.errors)")
            let keys = page.dropFirst("action-".count).dropLast(".html".count).split(separator: "-").map(String.init)
            for run in result.result ?? [] {
                #expect(run.client == clientCase.client, "\(page)")
                let parameters = run.parameters.map { "\($0[0])=\($0[1])" }
                let cli = InProcessTool.run(["url", keys[0], keys[1]] + parameters + ["--format", "json"] + clientCase.commandArguments(at: TestPaths.packageRoot.path))
                try #require(cli.status == 0, "\(cli.standardError)")
                let expected = try JSONDecoder().decode(URLOutput.self, from: Data(cli.standardOutput.utf8))
                #expect(expected.client == clientCase.client)
                #expect(run.rows.map(\.app) == expected.implementing.map(\.app), "\(page)")
                for (row, want) in zip(run.rows, expected.implementing) {
                    let context = "\(page) \(row.app) \(parameters)"
                    #expect(row.url == (want.url ?? ""), "\(context)")
                    #expect(row.outcome == want.outcome, "\(context)")
                    #expect(row.note.isEmpty == (want.outcome == "url"), "\(context)")
                    #expect(row.dropped == want.dropped, "\(context)")
                    #expect(row.warnings == want.warnings, "\(context)")
                    #expect(row.otherPlatform == (want.on_other_platform?.note ?? ""), "\(context)")
                    if !row.otherPlatform.isEmpty { platformNotes += 1 }
                    outcomes.insert(row.outcome)
                    warningCodes.formUnion(row.warnings.map(\.code))
                    compared += 1
                }
            }
        }
        #expect(compared > 50)
        // The upstream catalog's leftover placeholders open a URL from iOS 17 and only the app before.
        if clientCase.arguments.contains("--config") { #expect(platformNotes > 0) }
        // The values and formats reach what each client can do, so the comparison covers it.
        if clientCase.client == "shipped" && clientCase.arguments == ["\(Self.fixtures)/tricky/"] && clientCase.platform == nil {
            #expect(outcomes == ["url", "app", "crash"])
            #expect(warningCodes.isSuperset(of: ["crash", "text-lost", "invalid-url", "value-splits-query", "value-splits-path", "empty-path-segment"]))
        }
        if clientCase.client == "rfc3986" { #expect(outcomes.subtracting(["url", "app"]).isEmpty) }
    }

    /// Try it's `splitAtSeparators` asks the browser's grapheme segmentation whether a delimiter
    /// and the scalar after it are one character, as `ShippedURLCut.isSeparator` asks Swift's
    /// `Character`: the two join a delimiter to the same scalars, all of planes 0, 1 and 14
    /// (where every combining character is) compared.
    @Test func theBrowserJoinsADelimiterToTheScalarsSwiftJoinsItTo() throws {
        let planes = [0x80...0x1FFFF, 0xE0000...0xEFFFF]
        let expression = """
            (() => {
              const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
              const joined = [];
              for (const [low, high] of \(planes.map { [$0.lowerBound, $0.upperBound] })) {
                for (let value = low; value <= high; value++) {
                  if (value >= 0xD800 && value <= 0xDFFF) continue;
                  const pair = "?" + String.fromCodePoint(value);
                  if (graphemes.segment(pair).containing(0).segment === pair) joined.push(value);
                }
              }
              return joined;
            })()
            """
        let browser = try #require(try Chromium.visit([Chromium.Visit(url: "about:blank", expression: expression)], returning: [Int].self)[0].result)
        let swift = planes.joined().filter { value in
            guard let scalar = Unicode.Scalar(UInt32(value)) else { return false }
            let bytes = Array("?\(scalar)".utf8)
            return !bytes.withUnsafeBufferPointer { ShippedURLCut.isSeparator(at: 0, in: $0) }
        }
        #expect(swift.count > 2_000)
        #expect(browser == swift, "joined only in the browser: \(Set(browser).subtracting(swift).sorted().prefix(20)); only in Swift: \(Set(swift).subtracting(browser).sorted().prefix(20))")
    }

    struct Warning: Decodable, Equatable { let code: String; let message: String }

    struct TryItRun: Decodable {
        struct Row: Decodable {
            let app: String; let url: String; let outcome: String; let note: String; let otherPlatform: String; let dropped: [String]
            let warnings: [Warning]
        }
        let client: String
        let parameters: [[String]]
        let rows: [Row]
    }

    struct URLOutput: Decodable {
        struct OtherPlatform: Decodable { let note: String }
        struct Result: Decodable {
            let app: String; let supported: Bool; let outcome: String; let url: String?; let dropped: [String]; let warnings: [Warning]
            let on_other_platform: OtherPlatform?
        }
        let client: String
        let results: [Result]
        /// The apps that implement the action: those Try it has a row of.
        var implementing: [Result] { results.filter(\.supported) }
    }

    /// Every payload would open a dialog if it ran; with the page's CSP on, any injected
    /// markup would also show as a blocked inline script or a failed image load.
    @Test func markupInTheCatalogNeverRuns() throws {
        let site = try BuiltSite(["\(Self.fixtures)/xss/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let typeIt = """
            (() => { document.querySelectorAll('#try-it-form textarea').forEach(i => { i.value = '"><img src=x onerror=alert(1)>'; });
              document.querySelector('#try-it-form textarea')?.dispatchEvent(new Event('input', {bubbles: true}));
              // Try it draws its QR codes as svg.qr; a payload that ran would also open a dialog.
              return document.querySelectorAll('img, iframe, svg:not(.qr), script:not([src]):not([type])').length; })()
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
enum DecodedJSON: Decodable, Equatable {
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
