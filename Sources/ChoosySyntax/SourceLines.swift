import ChoosyCore
import Foundation

/// Where the lines of one file start, so that a tree can keep byte offsets alone (8 bytes a
/// range instead of 24) and work out lines and columns only for the few positions reported.
///
/// Lines end at `\n` only, as in both parsers (JSON and libyaml's character indexes alike); a
/// column counts the Unicode scalars (UTF-8 lead bytes) before it on its line, plus one, and
/// line 1 starts after a byte order mark.
package final class SourceLines: Sendable {
    /// Every how many bytes `scalarsBeforeBlock` has an entry.
    private static let blockSize = 1024

    /// The path of the file, which every node placed by these lines was read from.
    let path: String
    private let bytes: [UInt8]
    private let lineStarts: [UInt32]
    /// The number of scalars before each block of `blockSize` bytes, so a column on a long line
    /// (a minified file) counts at most one block; empty when the file is ASCII, where a
    /// scalar is a byte.
    private let scalarsBeforeBlock: [UInt32]

    /// The file's bytes are shared, not copied.
    package init(of file: SourceFile, hasByteOrderMark: Bool) {
        path = file.path
        let bytes = file.bytes
        self.bytes = bytes
        var starts: [UInt32] = [hasByteOrderMark ? 3 : 0]
        var isASCII = true
        // Newlines found by memchr and non-ASCII bytes eight at a time: testing every byte for
        // both (and for a block's start) was 4 % of lint's instructions.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let newline = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset) {
                offset = UnsafeRawPointer(base).distance(to: newline) + 1
                starts.append(UInt32(truncatingIfNeeded: offset))
            }
            isASCII = Self.isASCII(UnsafeRawBufferPointer(buffer))
        }
        lineStarts = starts.withUnsafeBufferPointer { Array($0) }  // without the spare capacity
        scalarsBeforeBlock = isASCII ? [] : Self.scalarsBeforeBlocks(of: bytes)
    }

    /// Whether the file is all ASCII, found when the lines were.
    var isASCII: Bool { scalarsBeforeBlock.isEmpty }

    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var bits: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            bits |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        for byte in bytes[offset...] { bits |= UInt64(byte) }
        return bits & 0x8080_8080_8080_8080 == 0
    }

    /// The number of scalars before each block of `blockSize` bytes.
    private static func scalarsBeforeBlocks(of bytes: [UInt8]) -> [UInt32] {
        var blocks: [UInt32] = []
        var scalars = 0
        for blockStart in stride(from: 0, to: bytes.count, by: blockSize) {
            blocks.append(UInt32(truncatingIfNeeded: scalars))
            scalars += scalarCount(of: bytes, in: blockStart..<min(blockStart + blockSize, bytes.count))
        }
        return blocks
    }

    /// The scalars in `bytes[range]`: the bytes that are not UTF-8 continuation bytes
    /// (`10xxxxxx`), counted eight at a time. Byte by byte, building the table was 4 % of
    /// linting a non-ASCII catalog, and a column lookup, under the fuzzer's instrumentation,
    /// a tenth of the `lint` target's time.
    private static func scalarCount(of bytes: [UInt8], in range: Range<Int>) -> Int {
        bytes.withUnsafeBytes { buffer in
            var continuations = 0
            var offset = range.lowerBound
            while offset + 8 <= range.upperBound {
                let word = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                // Bit 7 of each byte set, and bit 6 (shifted up to bit 7) clear.
                continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
                offset += 8
            }
            for byte in buffer[offset..<range.upperBound] where byte & 0xC0 == 0x80 {
                continuations += 1
            }
            return range.count - continuations
        }
    }

    /// The location of byte `offset`. Offsets before line 1 (inside a byte order mark) are on
    /// line 1, column 1.
    package func location(ofOffset offset: UInt32) -> SourceLocation {
        guard offset > lineStarts[0] else { return SourceLocation(line: 1, column: 1, offset: Int(offset)) }
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = scalarCount(before: Int(offset)) - scalarCount(before: Int(lineStarts[low])) + 1
        return SourceLocation(line: low + 1, column: column, offset: Int(offset))
    }

    private func scalarCount(before offset: Int) -> Int {
        guard !scalarsBeforeBlock.isEmpty else { return offset }
        let block = min(offset / Self.blockSize, scalarsBeforeBlock.count - 1)
        let blockStart = block * Self.blockSize
        return Int(scalarsBeforeBlock[block]) + Self.scalarCount(of: bytes, in: blockStart..<min(offset, bytes.count))
    }

    /// Whether `text` is what bytes `start..<end` spell, either as they are or less a quote at
    /// each end: the flag for the latter, nil when neither holds.
    func spells(_ text: String, from start: Int, to end: Int) -> Bool? {
        var text = text
        let count = text.utf8.count
        guard start >= 0, end <= bytes.count else { return nil }
        let quoted: Bool
        switch end - start {
        case count: quoted = false
        case count + 2: quoted = true
        default: return nil
        }
        guard count > 0 else { return quoted }
        let contentStart = start + (quoted ? 1 : 0)
        let matches = text.withUTF8 { textBytes in
            bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + contentStart, textBytes.baseAddress!, count) == 0 }
        }
        return matches ? quoted : nil
    }

    /// The text of bytes `start..<end`, which `spells` matched against a string.
    package func text(from start: Int, to end: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }

    /// The bytes of 1-based line `number` without its line break (nor a `\r` before it).
    package func byteRange(ofLine number: Int) -> Range<Int>? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = Int(lineStarts[number - 1])
        var end = number < lineStarts.count ? Int(lineStarts[number]) - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    /// The offset of the scalar `index` scalars after the one at `start` (or of the end of the
    /// file), found through the block table rather than by counting from `start`.
    package func offset(ofScalar index: Int, after start: Int) -> Int {
        guard !scalarsBeforeBlock.isEmpty else { return min(start + index, bytes.count) }
        let target = scalarCount(before: start) + index
        var low = start / Self.blockSize
        var high = scalarsBeforeBlock.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(scalarsBeforeBlock[middle]) <= target { low = middle } else { high = middle - 1 }
        }
        var offset = max(start, low * Self.blockSize)
        var count = scalarCount(before: offset)
        while offset < bytes.count {
            if bytes[offset] & 0xC0 != 0x80 {
                if count == target { return offset }
                count += 1
            }
            offset += 1
        }
        return bytes.count
    }

    /// The number of scalars in `range`.
    package func scalarCount(in range: Range<Int>) -> Int {
        scalarCount(before: range.upperBound) - scalarCount(before: range.lowerBound)
    }
}
