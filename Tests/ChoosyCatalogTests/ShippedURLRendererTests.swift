import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog

/// The shipped client's rendering (docs/url.md, "The shipped client"), checked against a table
/// written by hand from the client's rules, not from this code: every cut, escape, drop, crash
/// and fallback, one case each (Fixtures/shipped-client/render-cases.json). The table's
/// fallbacks are those of builds before iOS 17 (`ios16`), where an invalid URL is none.
struct ShippedURLRendererTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        let name: String
        let format: String
        let keys: [String]
        let values: [String: String]
        let scheme: String
        let outcome: String
        let url: String?
        let dropped: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        let url = TestPaths.sharedFixture("shipped-client/render-cases.json")
        return (try? JSONDecoder().decode([Case].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func theTableIsRead() {
        #expect(Self.cases.count >= 45)
    }

    @Test(arguments: cases)
    func rendersAsTheShippedClient(_ testCase: Case) {
        let rendering = ClientProfile.shipped.render(
            testCase.format, parameterKeys: testCase.keys, with: testCase.values, appURLScheme: testCase.scheme, on: .ios16)
        #expect(rendering.outcome.rawValue == testCase.outcome)
        #expect(rendering.url == testCase.url)
        #expect(rendering.dropped == testCase.dropped)
    }

    /// Warnings say why a URL does not reach the app as meant; each code once, where it applies.
    @Test(arguments: [
        ("a://x?q={{q}}", ["q": "a&b"], ["value-splits-query"]),
        ("a://x?q={{q}}", ["q": "a=b"], ["value-splits-query"]),
        ("a://x?q={{q}}", ["q": "a?b"], ["value-splits-query"]),
        ("a://x?q={{q}}", ["q": "a/b:c@d"], []),
        ("a://user/{{q}}", ["q": "a/b"], ["value-splits-path"]),
        ("a://user/{{q}}", ["q": "a?b"], ["value-splits-path"]),
        ("a://user/{{q}}", ["q": "a?\u{301}b"], ["value-splits-path"]),
        ("a://x?q={{q}}", ["q": "a&\u{301}b"], ["value-splits-query"]),
        ("mailto:{{q}}", ["q": "a/b"], []),
        ("a://account/{{q}}/post", [:], ["empty-path-segment"]),
        ("mailto:{{q}}", [:], []),
        ("a://x?q={{q}}?r=1", ["q": "1"], ["text-lost"]),
        ("a://x?q=a=b", [:], ["text-lost"]),
        ("a://x?q={{q}}&flag", ["q": "1"], ["crash"]),
        ("a://x y?q={{q}}", ["q": "1"], ["invalid-url"]),
        ("{{q}}", ["q": "https://e.com/a?b=c"], []),
    ] as [(String, [String: String], [String])])
    func warnsAboutWhatTheAppReadsDifferently(format: String, values: [String: String], codes: [String]) {
        let rendering = ClientProfile.shipped.render(format, parameterKeys: ["q"], with: values, appURLScheme: "a:", on: .ios16)
        #expect(rendering.warnings.map(\.code) == codes)
    }

    /// The client replaces one declared key after the other: a value that completes a later
    /// key's placeholder is filled again, and keys with braces are searched for as text.
    @Test(arguments: [
        ("s://{{{{a}}b}}", ["a", "xb"], ["a": "x", "xb": "Y"], "s://Y"),
        ("s://{{{{a}}b}}", ["xb", "a"], ["a": "x", "xb": "Y"], nil),
        ("s://{{{a}}}/{{a}}", ["a"], ["a": "v"], nil),
        ("s://{{a}}}/x", ["a}"], ["a}": "v"], "s://v/x"),
        ("s://{{a}}/{{b}}/{{a}}", ["b", "a"], ["a": "1", "b": "2"], "s://1/2/1"),
        // A key declared twice is filled twice: the second fill completes what the first left.
        ("s://{{{{a}}}}", ["a", "a"], ["a": "a"], "s://a"),
        ("s://{{{{a}}}}", ["a"], ["a": "a"], nil),
        ("s://{{{{a}}}}/{{b}}", ["a", "b", "a"], ["a": "a", "b": "1"], "s://a/1"),
    ] as [(String, [String], [String: String], String?)])
    func fillsOneKeyAfterTheOther(format: String, keys: [String], values: [String: String], url: String?) {
        let rendering = ClientProfile.shipped.render(format, parameterKeys: keys, with: values, appURLScheme: "s:", on: .ios16)
        #expect(rendering.url == (url ?? "s:"), "\(rendering)")
    }

    /// The client's search compares characters: a `?`, `&` or `=` that the next scalar joins
    /// into one character (a combining mark, a joiner, a spacing mark, a skin tone) cuts nothing;
    /// one followed by a scalar that does not join it (a precomposed letter, a prepended
    /// concatenation mark) cuts as ever.
    @Test(arguments: [
        ("a://x?\u{301}q={{q}}", "app", "a://x?\u{301}q=1", ["invalid-url"]),
        ("a://x?\u{903}q={{q}}", "app", "a://x?\u{903}q=1", ["invalid-url"]),
        ("a://x?q={{q}}&\u{301}flag", "app", "a://x?q=1&\u{301}flag", ["invalid-url"]),
        ("a://x?q=\u{301}{{q}}", "crash", nil, ["crash"]),
        ("a://x?q={{q}}=\u{301}b", "app", "a://x?q=1=\u{301}b", ["invalid-url"]),
        ("a://x?q={{q}}&\u{200D}r=1", "app", "a://x?q=1&\u{200D}r", ["text-lost", "invalid-url"]),
        ("a://x?q={{q}}?\u{1F3FB}", "app", "a://x?q=1?\u{1F3FB}", ["invalid-url"]),
        ("a://x?q={{q}}&\u{600}r=2", "app", "a://x?q=1&\u{600}r=2", ["invalid-url"]),
        ("a://x?\u{E9}={{q}}", "app", "a://x?\u{E9}=1", ["invalid-url"]),
        ("a://x?q={{q}}&r=2", "url", "a://x?q=1&r=2", []),
    ] as [(String, String, String?, [String])])
    func aDelimiterJoinedToTheNextCharacterCutsNothing(format: String, outcome: String, rendered: String?, codes: [String]) {
        let rendering = ClientProfile.shipped.render(format, parameterKeys: ["q"], with: ["q": "1"], appURLScheme: "a:", on: .ios16)
        #expect(rendering.outcome.rawValue == outcome)
        #expect(rendering.rendered == rendered)
        #expect(rendering.warnings.map(\.code) == codes)
    }

    /// The other profile keeps today's algorithm: strict escaping, literal components kept,
    /// `#` a fragment, never a crash.
    @Test func theRFC3986ProfileRendersAsBefore() {
        let rendering = ClientProfile.rfc3986.render("a://x?q={{q}}&flag#top", parameterKeys: ["q"], with: ["q": "a&b"], appURLScheme: "a:", on: .ios17)
        #expect(rendering == ClientRendering(
            outcome: .url, url: "a://x?q=a%26b&flag#top", rendered: "a://x?q=a%26b&flag#top", dropped: [], warnings: []))
    }
}
