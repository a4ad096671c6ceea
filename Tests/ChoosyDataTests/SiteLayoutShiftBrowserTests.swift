import ChoosyTestSupport
import Foundation
import Testing

/// Pages hold still while they load, as Chromium measures it (the layout-shift entries the
/// page's own observer reads): on a phone the sidebar starts closed in the page itself, where
/// a script closing it after load moved everything below it.
@Suite(.serialized, .tags(.slow, .browser))
struct SiteLayoutShiftBrowserTests {
    /// The cumulative layout shift of the page so far, once its script has run.
    static let cumulativeLayoutShift = """
        new Promise(resolve => {
          let total = 0;
          new PerformanceObserver(list => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value; })
            .observe({type: 'layout-shift', buffered: true});
          setTimeout(() => resolve({shift: total, sidebarOpen: document.getElementById('sidebar')?.open ?? null}), 300);
        })
        """

    struct Measure: Decodable { let shift: Double; let sidebarOpen: Bool? }

    @Test(arguments: [390, 1280])
    func everyKindOfPageHoldsStill(width: Int) throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let pages = ["index.html", "type-twitter.html", "action-twitter-post.html", "parameter-maps-query.html", "app-safari.html", "search.html"]
        // As served, before any script: closed, so that nothing has to move on a phone.
        for page in pages { #expect(try site.text(page).contains("<details id=\"sidebar\">"), "\(page)") }
        let results = try Chromium.visit(
            pages.map { Chromium.Visit(url: site.url($0), expression: Self.cumulativeLayoutShift, width: width) }, returning: Measure.self)
        for (page, result) in zip(pages, results) {
            let measure = try #require(result.result, "\(page): \(result.errors)")
            #expect(measure.shift <= 0.05, "\(page) at \(width) px shifts by \(measure.shift)")
            // The sidebar is open beside the page, closed above it on a phone.
            #expect(measure.sidebarOpen == (width > 640), "\(page) at \(width) px")
        }
    }

    /// On a phone a table's shown caption ("URL formats in Twitter") is as wide as its cards
    /// and wraps as text does, not a word a line.
    @Test func captionsOnAPhoneSpanTheirTable() throws {
        let site = try BuiltSite(["data/"])
        let expression = """
            Array.from(document.querySelectorAll('caption:not(.visually-hidden)'), caption =>
              caption.getBoundingClientRect().width / caption.closest('table').getBoundingClientRect().width)
            """
        let result = try Chromium.visit([Chromium.Visit(url: site.url("app-tweetbot.html"), expression: expression, width: 390)], returning: [Double].self)[0]
        let ratios = try #require(result.result)
        #expect(!ratios.isEmpty && ratios.allSatisfy { $0 > 0.9 }, "\(ratios)")
    }
}
