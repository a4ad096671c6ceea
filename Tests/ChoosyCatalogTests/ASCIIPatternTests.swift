import Foundation
import Testing
@testable import ChoosyCatalog

/// The byte matcher the schema validator tries before `NSRegularExpression`: whatever it calls a
/// match, ICU does too, and it reads the schema's own patterns.
struct ASCIIPatternTests {
    static let patterns = [
        "^[a-z][a-z0-9_]*$", "^[A-Za-z][A-Za-z0-9+.-]*:", #"^https?://[^\s/]+\S*$"#, "^a?b+c*$", "^$", "^[-x]",
    ]
    static let texts = [
        "", "a", "tweet_bot2", "Tweet", "a-b", "abc\n", "a b", "é", "tweetbot:", "tweetbot://x", "http:", "x+y.z-:rest",
        "https://example.com/path?q=1", "http://exa mple.com", "https:///x", "http://é.com", "http://a\u{2003}b", "bbb",
        "abbcc", "ac", "-", "x", "\n",
    ]

    @Test(arguments: patterns)
    func everyMatchIsOneForICUToo(pattern: String) throws {
        let simple = try #require(ASCIIPattern(pattern))
        let icu = try NSRegularExpression(pattern: pattern)
        for text in Self.texts where simple.matches(text) {
            #expect(icu.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, "\(pattern) on \(text.debugDescription)")
        }
    }

    @Test(arguments: [
        ("^[a-z][a-z0-9_]*$", "tweet_bot2", true), ("^[a-z][a-z0-9_]*$", "Tweet", false), ("^[a-z][a-z0-9_]*$", "", false),
        ("^[A-Za-z][A-Za-z0-9+.-]*:", "x+y.z-:rest", true), ("^[A-Za-z][A-Za-z0-9+.-]*:", "1x:", false),
        (#"^https?://[^\s/]+\S*$"#, "https://example.com/path?q=1", true), (#"^https?://[^\s/]+\S*$"#, "http://exa mple.com", false),
        (#"^https?://[^\s/]+\S*$"#, "https:///x", false), ("^a?b+c*$", "abbcc", true), ("^a?b+c*$", "ac", false),
    ])
    func matchesTheSchemaPatterns(pattern: String, text: String, matches: Bool) throws {
        #expect(try #require(ASCIIPattern(pattern)).matches(text) == matches)
    }

    /// Anything else is left to ICU, including what ICU refuses.
    @Test(arguments: ["a", "^(a|b)", "^a{2}", "^[^a]]", "^.", #"^\d"#, "^[]", "^[^]", "^[z-a]", "^a**", #"^\w+$"#])
    func refusesWhatItCannotMatchExactly(pattern: String) {
        #expect(ASCIIPattern(pattern) == nil)
    }
}
