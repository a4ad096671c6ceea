import Testing
@testable import ChoosyEditor
@testable import ChoosySyntax

/// `LSPText`: LSP positions in each encoding ⇄ byte offsets ⇄ the parsers' `SourceLocation`s.
@Suite struct LSPTextTests {
    /// "a😀b" after `"x": "`: the emoji is 4 bytes, 2 UTF-16 units, 1 scalar.
    private static let text = "[\n  {\"x\": \"a\u{1F600}b\"}\r\n]"

    @Test(arguments: [(PositionEncoding.utf8, 14), (.utf16, 12), (.utf32, 11)])
    func aCharacterAfterANonBMPScalarCountsInTheEncoding(encoding: PositionEncoding, character: Int) {
        let text = LSPText(Self.text, encoding: encoding)
        let offsetOfB = Array(Self.text.utf8).firstIndex(of: UInt8(ascii: "b"))!
        #expect(text.position(ofOffset: offsetOfB) == LSPPosition(line: 1, character: character))
        #expect(text.offset(of: LSPPosition(line: 1, character: character)) == offsetOfB)
        // Columns count scalars, whatever the encoding.
        #expect(text.location(of: LSPPosition(line: 1, character: character)) == SourceLocation(line: 2, column: 12, offset: offsetOfB))
        #expect(text.position(of: SourceLocation(line: 2, column: 12, offset: offsetOfB)) == LSPPosition(line: 1, character: character))
    }

    @Test func positionsOutsideTheTextAreClampedAsTheProtocolAsks() {
        let text = LSPText(Self.text, encoding: .utf16)
        // Past the end of a line: its end, before "\r\n".
        #expect(text.offset(of: LSPPosition(line: 1, character: 99)) == Array(Self.text.utf8).firstIndex(of: UInt8(ascii: "\r")))
        // Inside the surrogate pair: before the emoji.
        let emoji = Array(Self.text.utf8).firstIndex(of: 0xF0)!
        #expect(text.offset(of: LSPPosition(line: 1, character: 11)) == emoji)
        // Past the last line: the end of the text.
        #expect(text.offset(of: LSPPosition(line: 9, character: 0)) == Self.text.utf8.count)
        #expect(text.endPosition == LSPPosition(line: 2, character: 1))
    }

    /// Columns start after a byte order mark, as the parsers count them; LSP characters count it.
    @Test func columnsStartAfterAByteOrderMark() {
        let text = LSPText(bytes: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8), encoding: .utf16)
        #expect(text.location(ofOffset: 4) == SourceLocation(line: 1, column: 2, offset: 4))
        #expect(text.position(of: SourceLocation(line: 1, column: 2, offset: 4)) == LSPPosition(line: 0, character: 2))
    }

    /// A location whose offset is not on its line (made outside a parse) is placed by its
    /// line and column.
    @Test func aLocationWithoutItsOffsetIsPlacedByLineAndColumn() {
        let text = LSPText(Self.text, encoding: .utf16)
        #expect(text.position(of: SourceLocation(line: 2, column: 12, offset: 0)) == LSPPosition(line: 1, character: 12))
    }

    @Test func anIncrementalChangeReplacesItsRange() {
        let text = LSPText(Self.text, encoding: .utf16)
        let changed = text.replacing(LSPRange(start: LSPPosition(line: 1, character: 9), end: LSPPosition(line: 1, character: 12)), with: "c")
        #expect(String(decoding: changed, as: UTF8.self) == "[\n  {\"x\": \"cb\"}\r\n]")
    }

    /// Many ranges converted at once land where each converted alone lands: on one long line
    /// of mixed-width scalars, overlapping and out of order, with locations whose offset is
    /// not on their line (converted by line and column instead), in every encoding.
    @Test(arguments: [PositionEncoding.utf8, .utf16, .utf32])
    func rangesAtOnceEqualRangesOneByOne(encoding: PositionEncoding) {
        let line = String(repeating: "a\u{1F600}é{{x}}", count: 200)
        let source = "[\n\"" + line + "\"\r\n]"
        let text = LSPText(source, encoding: encoding)
        let lines = SourceLines(of: SourceFile(path: "t.json", text: source), hasByteOrderMark: false)
        let bytes = Array(source.utf8)
        let offsets = bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 }
        var ranges: [SourceRange] = []
        for (index, offset) in offsets.enumerated().reversed() where index % 3 == 0 {
            let end = offsets[min(index + 7, offsets.count - 1)]
            ranges.append(SourceRange(start: lines.location(ofOffset: UInt32(offset)), end: lines.location(ofOffset: UInt32(end))))
        }
        // A location whose offset lies off its line, as a rule may make one.
        ranges.append(SourceRange(start: SourceLocation(line: 2, column: 5, offset: 0), end: SourceLocation(line: 3, column: 1, offset: 1)))
        #expect(text.ranges(of: ranges) == ranges.map(text.range(of:)))
    }
}
