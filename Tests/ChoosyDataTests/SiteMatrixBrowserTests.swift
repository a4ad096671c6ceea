import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyTools

/// The matrices and the phone layout in a real browser (headless Chromium), at 1280 and 390 px
/// wide, light and dark: no page scrolls sideways, every matrix cell says in the legend's words
/// what it means, and every cell kind's text has at least WCAG AA contrast (4.5:1) on its
/// colour, on the docs site and in `matrix --format html` alike.
@Suite(.serialized, .tags(.slow, .browser))
struct SiteMatrixBrowserTests {
    /// A page of each kind of the data/ site: the twitter type and post action a new user
    /// opens first, an action with apps that do not implement it, the app with the longest
    /// documentation link, and the front pages.
    static let pages = [
        "index.html", "search.html", "rules.html", "schema.html", "type-twitter.html", "type-maps.html", "action-twitter-post.html",
        "action-twitter-follow.html", "app-mail.html", "app-twitter.html", "parameter-twitter-text.html",
    ]

    static let viewports = [(1280, "light"), (1280, "dark"), (390, "light"), (390, "dark")]

    /// How far the page body reaches past a window `width` px wide. Not past `innerWidth`: a
    /// phone widens its layout viewport to a page too wide for it, so `innerWidth` grows with
    /// the page.
    static func overflow(width: Int) -> String {
        "document.documentElement.scrollWidth - \(width)"
    }

    /// What a page looks like in numbers, worked out in it: how far the page body reaches past
    /// a window `width` px wide, the legend's words, every matrix cell's text (or label) with
    /// its kind, the contrast of each cell kind's text on its background in the legend and the
    /// grids, and the labels of the matrices and stacked tables that scroll inside their box.
    static func measure(width: Int) -> String {
        """
        (() => {
          const luminance = colour => {
            const [r, g, b] = colour.match(/[\\d.]+/g).slice(0, 3).map(v => {
              const c = Number(v) / 255;
              return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          const contrast = element => {
            const style = getComputedStyle(element);
            const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
            return (a + 0.05) / (b + 0.05);
          };
          const kinds = \(JSONValue.array(SupportMark.allCases.map { .string($0.rawValue) }).compactText());
          const kindOf = element => kinds.find(kind => element.classList.contains(kind)) || '';
          const marked = Array.from(document.querySelectorAll('.legend .mark, .matrix tbody td'));
          return {
            overflow: \(overflow(width: width)),
            legend: Array.from(document.querySelectorAll('.legend .mark'), mark => mark.textContent),
            cells: Array.from(document.querySelectorAll('.matrix tbody td'), cell => ({
              kind: kindOf(cell), text: (cell.textContent.trim() || cell.getAttribute('aria-label') || '')
            })),
            contrasts: marked.map(element => ({kind: kindOf(element), ratio: contrast(element)})),
            shownCells: Array.from(document.querySelectorAll('.matrix tbody td'))
              .filter(cell => cell.getClientRects().length > 0 && ['path', 'query', 'lost', 'none'].some(kind => cell.classList.contains(kind)))
              .map(cell => ({
                kind: kindOf(cell),
                label: getComputedStyle(cell, '::before').content,
                key: cell.closest('table').tHead.rows[0].cells[cell.cellIndex].querySelector('code').textContent
              })),
            boxesScrolling: Array.from(document.querySelectorAll('.matrix, .scroll'))
              .filter(box => (box.matches('.matrix') || box.querySelector('table.stacked')) && box.scrollWidth > box.clientWidth + 1)
              .map(box => box.querySelector('table').getAttribute('aria-label') || box.querySelector('table').getAttribute('aria-labelledby'))
          };
        })()
        """
    }

    struct Measure: Decodable {
        struct Cell: Decodable { let kind: String; let text: String }
        struct Contrast: Decodable { let kind: String; let ratio: Double }
        /// A parameter cell the window shows: its kind, the label CSS puts before it, and
        /// the key of its column.
        struct ShownCell: Decodable { let kind: String; let label: String; let key: String }
        let overflow: Int
        let legend: [String]
        let cells: [Cell]
        let contrasts: [Contrast]
        let boxesScrolling: [String]
        let shownCells: [ShownCell]
    }

    static func visits(of urls: [String]) -> [Chromium.Visit] {
        urls.flatMap { url in
            viewports.map { Chromium.Visit(url: url, expression: measure(width: $0.0), width: $0.0, height: 900, colorScheme: $0.1) }
        }
    }

    /// The checks every page passes at every size and colour scheme; returns the cell kinds
    /// its grids and legend show.
    static func expectReadable(_ result: Chromium.Result<Measure>, _ visit: Chromium.Visit) -> Set<String> {
        let context = "\(visit.url) at \(visit.width ?? 0) px, \(visit.colorScheme ?? "")"
        #expect(result.errors.isEmpty && result.dialogs.isEmpty, "\(context): \(result.errors) \(result.dialogs)")
        guard let measure = result.result else {
            Issue.record("\(context): no measure")
            return []
        }
        #expect(measure.overflow <= 0, "\(context): the page is \(measure.overflow) px wider than the window")
        if !measure.cells.isEmpty {
            #expect(measure.legend == SupportMark.allCases.map(\.label), "\(context)")
        }
        // A row that opens no URL says why after its mark's words.
        func says(_ text: String, _ label: String) -> Bool { text == label || text.hasPrefix(label + ": ") }
        for cell in measure.cells {
            // A grid without parameter columns says of an app that opens a URL just that.
            let opensURL = cell.kind.isEmpty && cell.text == AppActionOutcome.summary(of: .url)
            #expect(opensURL || measure.legend.contains { says(cell.text, $0) }, "\(context): a cell says '\(cell.text)'")
            #expect(cell.kind.isEmpty || SupportMark(rawValue: cell.kind).map { says(cell.text, $0.label) } == true, "\(context): a \(cell.kind) cell says '\(cell.text)'")
        }
        for contrast in measure.contrasts {
            #expect(contrast.ratio >= 4.5, "\(context): \(contrast.kind) text has contrast \(contrast.ratio)")
        }
        return Set(measure.contrasts.map(\.kind))
    }

    @Test func sitePagesFitEveryWindowAndTheirMatricesReadInWords() throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let visits = Self.visits(of: Self.pages.map(site.url))
        let results = try Chromium.visit(visits, returning: Measure.self)
        var kinds: Set<String> = []
        for (result, visit) in zip(results, visits) {
            kinds.formUnion(Self.expectReadable(result, visit))
            // A phone reads grids and tables as cards, without scrolling them sideways.
            if visit.width == 390 { #expect(result.result?.boxesScrolling == [], "\(visit.url)") }
            // A phone shows a grid's rows as cards: each cell it shows is labelled with its
            // column's key, and it leaves out the parameters an app does not use.
            for cell in result.result?.shownCells ?? [] where visit.width == 390 {
                #expect(cell.kind != SupportMark.none.rawValue && cell.label == "\"\(cell.key)\"", "\(visit.url): \(cell)")
            }
            if visit.url.hasSuffix("action-twitter-post.html") { #expect(result.result?.cells.count ?? 0 > 0) }
        }
        #expect(kinds.subtracting([""]) == Set(SupportMark.allCases.map(\.rawValue)))
    }

    /// Every action page's coverage grid beside the sidebar, at 1280 and 1024 px: the grid fits
    /// its box, so no cell (such as twitter post's one "in the URL path — required" of
    /// Twitterrific) hides behind a sideways scroll.
    @Test func everyActionGridFitsADesktopWindow() throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let pages = site.pages.filter { $0.hasPrefix("action-") }
        let widest = """
            Math.max(0, ...Array.from(document.querySelectorAll('.matrix'), box => box.scrollWidth - box.clientWidth))
            """
        let visits = [1280, 1024].flatMap { width in
            pages.map { Chromium.Visit(url: site.url($0), expression: widest, width: width, height: 900) }
        }
        let results = try Chromium.visit(visits, returning: Int.self)
        #expect(results.count == visits.count && pages.count > 20)
        for (visit, result) in zip(visits, results) {
            #expect(result.result == 0, "\(visit.url) at \(visit.width ?? 0) px: the grid scrolls \(result.result ?? -1) px sideways")
            #expect(result.errors.isEmpty && result.dialogs.isEmpty, "\(visit.url): \(result.errors) \(result.dialogs)")
        }
    }

    /// The rest of the site's pages at a phone's width: none scrolls sideways. With the pages
    /// above, every page of data/'s site is loaded here, so each is also checked for console
    /// errors and dialogs (DocsBrowserTests does the same for the upstream catalog).
    @Test func everySitePageFitsAPhone() throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let pages = site.pages.filter { !Self.pages.contains($0) }
        let results = try Chromium.visit(
            pages.map { Chromium.Visit(url: site.url($0), expression: Self.overflow(width: 390), width: 390, height: 900) },
            returning: Int.self)
        #expect(results.count == pages.count && pages.count > 50)
        for (page, result) in zip(pages, results) {
            #expect(result.result ?? 1 <= 0, "\(page) is \(result.result ?? 0) px wider than a phone")
            #expect(result.errors.isEmpty && result.dialogs.isEmpty, "\(page): \(result.errors) \(result.dialogs)")
        }
    }

    /// `matrix --format html` of the whole bundled catalog: the same words, legend and
    /// contrast as the site's grids, and no sideways scrolling of the page.
    @Test func matrixHTMLOutputReadsTheSame() throws {
        let outcome = try ToolRunner.run(["matrix", "data/", "--format", "html"])
        try #require(outcome.status == 0, "\(outcome.standardError)")
        let scratch = try ScratchDirectory("matrix")
        let file = scratch.file("matrix.html")
        try outcome.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        let visits = Self.visits(of: [file.absoluteString])
        let results = try Chromium.visit(visits, returning: Measure.self)
        for (result, visit) in zip(results, visits) {
            #expect(Self.expectReadable(result, visit).subtracting([""]) == Set(SupportMark.allCases.map(\.rawValue)))
            #expect(result.result?.cells.count ?? 0 > 100)
        }
    }
}
