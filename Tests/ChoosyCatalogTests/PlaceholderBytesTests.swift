import Foundation
import Testing
@testable import ChoosyCatalog

/// `PlaceholderBytes.keysHeld`, the parameters a docs page's "Try it" asks for, says for every
/// key what a text search for `{{key}}` in each format says, on the edge cases of its byte walk
/// and of the text search's canonical equivalence.
struct PlaceholderBytesTests {
    static let keys = ["a", "ab", "b_c", "x}}{{y", "{{a", "k", "é"]

    static let texts = [
        "", "{{a}}", "x://{{ab}}/{{a}}", "{{{a}}}", "{{a}}}", "{{a}", "{a}}", "{{ a }}", "{{A}}", "{{b_c}}?q={{b_c}}",
        "{{x}}{{y}}", "{{x}}{{y}}}", "{{{{a}}", "{{{{a}}}}", "{{a{{ab}}", "{{ab}}{{a", "}}{{a}}{{", "{{k}}",
        // Non-ASCII: the text search sees characters, with canonical equivalence.
        "é{{a}}", "{{a}}\u{301}", "{{a\u{301}}}", "\u{212A}", "{{\u{212A}}}", "{{e\u{301}}}", "{{é}}", "{{a}}{{é}}",
    ]

    @Test(arguments: texts)
    func oneTextHoldsWhatATextSearchFinds(_ text: String) {
        #expect(PlaceholderBytes.keysHeld(by: [text], keys: Self.keys) == Self.keys.map { text.contains("{{\($0)}}") })
    }

    @Test func severalTextsHoldWhatOneOfThemHolds() {
        for count in 0...3 {
            for start in Self.texts.indices {
                let texts = (0..<count).map { Self.texts[(start + 5 * $0) % Self.texts.count] }
                let expected = Self.keys.map { key in texts.contains { $0.contains("{{\(key)}}") } }
                #expect(PlaceholderBytes.keysHeld(by: texts, keys: Self.keys) == expected, "\(texts)")
                let asciiKeys = Self.keys.filter { $0.utf8.allSatisfy { $0 < 0x80 } }
                #expect(PlaceholderBytes.keysHeld(by: texts, keys: asciiKeys) == asciiKeys.map { key in texts.contains { $0.contains("{{\(key)}}") } })
            }
        }
    }

    /// The client's text search and the placeholder scanner part ways on purpose: the client
    /// fills a `{{x}}` found inside braces that the scanner calls malformed.
    @Test(arguments: ["{{{x}}}", "{{x}}}", "a{{{x}}"])
    func theClientFillsAPlaceholderTheScannerCallsMalformed(_ text: String) {
        #expect(PlaceholderBytes.occurrences(of: ["x"], in: Array(text.utf8)).count == 1)
        #expect(!PlaceholderToken.scan(ScalarText(text), parameterKeys: ["x"]).contains { $0.parameterName == "x" })
    }
}
