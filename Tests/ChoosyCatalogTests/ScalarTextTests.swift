import Testing
@testable import ChoosyCatalog

/// Scalars read by position from UTF-8 bytes must be the string's own, ASCII or not.
struct ScalarTextTests {
    @Test(arguments: ["", "tweetbot:///post?text={{text}}", "é", "a€b", "😀{{x}}é", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"])
    func scalarsAreTheStringsScalars(text: String) {
        let scalars = ScalarText(text)
        #expect(Array(scalars) == Array(text.unicodeScalars))
        #expect(scalars.count == text.unicodeScalars.count)
    }

    @Test(arguments: ["", "abc", "é", "a€b😀c", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"])
    func byteOffsetsAndPositionsAreInverses(text: String) {
        let scalars = ScalarText(text)
        var offset = 0
        for (position, scalar) in text.unicodeScalars.enumerated() {
            #expect(scalars.byteOffset(position) == offset)
            #expect(scalars.position(ofByte: offset) == position)
            offset += String(scalar).utf8.count
        }
        #expect(scalars.byteOffset(scalars.count) == text.utf8.count)
        #expect(scalars.position(ofByte: text.utf8.count) == scalars.count)
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
