import Testing
@testable import ChoosyCore

/// The buffer pages are written into keeps every byte, in order, however often it grows.
struct ByteBufferTests {
    @Test(arguments: [0, 1, 3, 64, 1 << 16])
    func keepsEveryByteInOrderAcrossGrowth(capacity: Int) {
        var buffer = ByteBuffer(capacity: capacity)
        var expected: [UInt8] = []
        for round in 0..<300 {
            let text = String(repeating: "é<\(round)> ", count: round % 7)
            buffer.append(text)
            expected += Array(text.utf8)
            buffer.append(UInt8(truncatingIfNeeded: round))
            expected.append(UInt8(truncatingIfNeeded: round))
            buffer.append(UnsafeBufferPointer(start: nil, count: 0))
        }
        #expect(buffer.bytes == expected)
        #expect(buffer.string == String(decoding: expected, as: UTF8.self))
    }

    /// Runs of spaces longer than the literal they are copied from come out whole.
    @Test(arguments: [0, 1, 63, 64, 65, 200])
    func appendsRunsOfSpaces(count: Int) {
        var buffer = ByteBuffer(capacity: 1)
        buffer.append("[")
        buffer.append(spaces: count)
        buffer.append("]")
        #expect(buffer.string == "[" + String(repeating: " ", count: count) + "]")
        #expect(buffer.count == count + 2)
    }

    /// A number's digits are written as `String` writes them, at every length and sign.
    @Test(arguments: [0, 7, 9, 10, 99, 100, 4_096, 1_234_567_890, -1, -10, -905, Int.max, Int.min])
    func writesDecimalsAsStringDoes(value: Int) {
        var buffer = ByteBuffer(capacity: 2)
        buffer.append("<")
        buffer.append(decimal: value)
        buffer.append(">")
        #expect(buffer.string == "<\(value)>")
    }
}
