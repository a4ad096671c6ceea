import Testing
@testable import ChoosyData

/// Scalars read by position from UTF-8 bytes must be the string's own, ASCII or not.
struct ScalarTextTests {
    @Test(arguments: ["", "tweetbot:///post?text={{text}}", "é", "a€b", "😀{{x}}é", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"])
    func scalarsAreTheStringsScalars(text: String) {
        let scalars = ScalarText(text)
        #expect(Array(scalars) == Array(text.unicodeScalars))
        #expect(scalars.count == text.unicodeScalars.count)
    }

    @Test(arguments: [
        ("a€b😀c", 1..<4, "€b😀"),
        ("a€b😀c", 0..<0, ""),
        ("a€b😀c", 4..<5, "c"),
        ("abc", 1..<3, "bc"),
    ])
    func textOfARangeCountsScalars(text: String, range: Range<Int>, expected: String) {
        #expect(ScalarText(text).text(of: range) == expected)
    }
}
