import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog

/// The docs site's port of the system's last step (Try it's `parseFromIOS17` and
/// `parseBeforeIOS17`, built from `SystemURLParsing`'s tables) in a real browser, held to the
/// Swift definition on the corpus that holds the Swift definition to Foundation's
/// `URL(string:)`: the same URL, the same reason, or no URL for the same reason.
@Suite(.serialized, .tags(.slow, .browser))
struct SystemURLParsingBrowserTests {
    /// `{url, reason}` or `{noURL}`, as the script returns it.
    struct Parsed: Decodable, Equatable {
        var url: String?
        var reason: String?
        var noURL: String?

        init(_ result: SystemURLParsing.Result, of text: String) {
            switch result {
            case .url: url = text
            case .encoded(let encoded, let why): (url, reason) = (encoded, why)
            case .noURL(let why): noURL = why
            }
        }
    }

    /// docs/url.md's one known difference: a host holding a `%` and non-ASCII text, whose IDNA
    /// the browser does otherwise than ICU.
    static func isIDNAWithPercent(_ text: String) -> Bool {
        text.contains("%") && text.unicodeScalars.contains { !$0.isASCII } && text.contains("//")
    }

    @Test(arguments: Platform.allCases)
    func theSitesPortAgreesWithSwiftOnTheGeneratedStrings(platform: Platform) throws {
        let strings = SystemURLStrings.generated(count: 12_000)
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let corpus = String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
        let expression = "\(corpus).map(text => ChoosySystemURL.parse(text, \"\(platform.rawValue)\"))"
        let result = try #require(try Chromium.visit([Chromium.Visit(url: site.url("index.html"), expression: expression)], returning: [Parsed].self).first)
        #expect(result.errors.isEmpty, "\(result.errors)")
        let inBrowser = try #require(result.result)
        try #require(inBrowser.count == strings.count)
        var differences: [String] = []
        var knownDifferences = 0
        for (text, browser) in zip(strings, inBrowser) {
            let swift = Parsed(SystemURLParsing.parse(text, on: platform), of: text)
            guard browser != swift else { continue }
            if platform == .ios17, Self.isIDNAWithPercent(text) {
                knownDifferences += 1
            } else {
                differences.append("\(text.debugDescription): browser \(browser), Swift \(swift)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) of \(strings.count) differ, such as:\n\(differences.prefix(5).joined(separator: "\n"))")
        #expect(knownDifferences <= 10, "\(knownDifferences) hosts with '%' and non-ASCII text differ")
    }
}
