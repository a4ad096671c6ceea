import Testing
@testable import ChoosyCore
@testable import ChoosySyntax

/// The parser's word-at-a-time scans stop exactly where a byte-at-a-time scan does, whatever
/// the alignment, the bulk UTF-8 check agrees with the standard library's, and member names
/// looked up by their bytes get one number each.
struct ByteScanTests {
    /// Every byte the string scan stops at, and some it must not.
    static let probes: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]

    static func endOfPlainStringBytes(byteByByte bytes: [UInt8], from start: Int, nonASCIIIsPlain: Bool) -> Int {
        bytes[start...].firstIndex { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || (!nonASCIIIsPlain && $0 >= 0x80) } ?? bytes.count
    }

    @Test(arguments: probes, [false, true])
    func stringScanStopsAtTheFirstStopByte(probe: UInt8, nonASCIIIsPlain: Bool) {
        for length in 0..<20 {
            for position in 0...length {
                // Plain bytes around the probe, and a second probe after it, so that a flag
                // from a later byte cannot win.
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                if position < length { bytes[position] = probe }
                bytes += [UInt8(ascii: "\\"), probe]
                for start in 0...min(position, 3) {
                    let found = bytes.withUnsafeBufferPointer { ByteScan.endOfPlainStringBytes(in: $0, from: start, nonASCIIIsPlain: nonASCIIIsPlain) }
                    #expect(found == Self.endOfPlainStringBytes(byteByByte: bytes, from: start, nonASCIIIsPlain: nonASCIIIsPlain))
                }
            }
        }
    }

    @Test func spaceScanStopsAtTheFirstOtherByte() {
        for length in 0..<20 {
            for other in [UInt8(ascii: "\n"), UInt8(ascii: "\t"), 0x00, 0x21, 0xA0] {
                let bytes = [UInt8](repeating: UInt8(ascii: " "), count: length) + [other, UInt8(ascii: " ")]
                for start in 0...length {
                    #expect(bytes.withUnsafeBufferPointer { ByteScan.endOfSpaces(in: $0, from: start) } == length)
                }
            }
            let spaces = [UInt8](repeating: UInt8(ascii: " "), count: length)
            #expect(spaces.withUnsafeBufferPointer { ByteScan.endOfSpaces(in: $0, from: 0) } == length)
        }
    }

    /// Lead bytes, continuation bytes and their bounds (overlong forms, surrogates, beyond
    /// U+10FFFF, truncated sequences), after every count of ASCII bytes up to a word and more.
    @Test func utf8CheckAgreesWithTheStandardLibrary() {
        let leads: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEE, 0xEF, 0xF0, 0xF3, 0xF4, 0xF5, 0xFF]
        let seconds: [UInt8] = [0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0]
        let laters: [[UInt8]] = [[], [0x80], [0xBF, 0x80], [0x41, 0x80], [0x80, 0xC0]]
        for prefix in 0...9 {
            for lead in leads {
                for second in seconds {
                    for later in laters {
                        let bytes = [UInt8](repeating: UInt8(ascii: "a"), count: prefix) + [lead, second] + later
                        let isValid = bytes.withUnsafeBufferPointer { ByteScan.isValidUTF8($0) }
                        #expect(isValid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
                    }
                }
            }
        }
    }

    /// The numbers `names` get from a fresh tree builder, read as bytes, then again.
    private static func numbers(of names: [String]) -> (first: [UInt32], again: [UInt32], names: [String], byString: [UInt32]) {
        var builder = NodeTreeBuilder(lines: SourceLines(of: SourceFile(path: "t.json", text: ""), hasByteOrderMark: false))
        var first: [UInt32] = [], again: [UInt32] = [], byString: [UInt32] = []
        for name in names { first.append(Array(name.utf8).withUnsafeBufferPointer { builder.nameNumber(spelledBy: $0) }) }
        for name in names { again.append(Array(name.utf8).withUnsafeBufferPointer { builder.nameNumber(spelledBy: $0) }) }
        for name in names { byString.append(builder.nameNumber(of: name)) }
        return (first, again, first.map { builder.name(numbered: $0) }, byString)
    }

    @Test func memberNamesAreNumberedOnceWhetherReadAsBytesOrAsStrings() {
        let names = (0..<1000).map { "name\($0)" } + ["", "é", "a/b"]
        let numbers = Self.numbers(of: names)
        #expect(Set(numbers.first).count == names.count)
        #expect(numbers.again == numbers.first)
        #expect(numbers.byString == numbers.first)
        #expect(numbers.names == names)
    }

    /// Names whose FNV-1a hashes share their low bits all land in one run of slots, as names
    /// chosen to collide would: past a long probe the table hashes with a seed instead, and
    /// still numbers every name once.
    @Test func namesMadeToCollideAreStillNumberedOnce() {
        let candidates = (0..<95 * 95).map { "k" + String(UnicodeScalar(32 + $0 / 95)!) + String(UnicodeScalar(32 + $0 % 95)!) }
        let colliding = Array(Dictionary(grouping: candidates) { FNV1a64.hash($0.utf8) & 0x7F }.values.first { $0.count >= 40 }!.prefix(40))
        let numbers = Self.numbers(of: colliding)
        #expect(Set(numbers.first).count == colliding.count)
        #expect(numbers.again == numbers.first)
        #expect(numbers.names == colliding)
    }
}
