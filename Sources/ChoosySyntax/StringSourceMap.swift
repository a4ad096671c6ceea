import ChoosyCore
import Foundation

extension Document {
    /// The source range of scalars `scalars` of the string value `node`, so a finding about a
    /// placeholder can point at the placeholder, not the whole string. Works for strings written
    /// on one line (JSON strings, YAML plain and quoted scalars), escapes included; for anything
    /// else (folded or multi-line scalars) it falls back to the node's range.
    public func sourceRange(ofScalars scalars: Range<Int>, in node: Node) -> SourceRange {
        guard node.isString, node.range.start.line == node.range.end.line, scalars.lowerBound >= 0 else {
            return node.range
        }
        // The value's text is read only when the starts are not kept: a long url_format with
        // thousands of findings was decoded again for each (quadratic).
        let starts = scalarStartsMemo.starts(of: node.range) {
            node.string.flatMap { scalarStarts(of: node, valueLength: $0.unicodeScalars.count) }
        }
        guard let starts, scalars.upperBound < starts.count else {
            return node.range
        }
        return SourceRange(start: starts[scalars.lowerBound], end: starts[scalars.upperBound])
    }

    /// Where each scalar of the value starts in the source, plus where the value ends; nil when
    /// the source does not decode to `valueLength` scalars (so the mapping would be wrong).
    private func scalarStarts(of node: Node, valueLength: Int) -> [SourceLocation]? {
        let bytes = file.bytes
        let start = node.range.start
        guard start.offset < bytes.count, node.range.end.offset <= bytes.count else { return nil }
        let quote = bytes[start.offset]
        let isQuoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
        var offset = start.offset + (isQuoted ? 1 : 0)
        var column = start.column + (isQuoted ? 1 : 0)
        let end = node.range.end.offset - (isQuoted ? 1 : 0)
        var starts: [SourceLocation] = []
        while offset < end {
            starts.append(SourceLocation(line: start.line, column: column, offset: offset))
            let length = sourceLength(at: offset, quote: isQuoted ? quote : nil)
            for byte in bytes[offset..<min(offset + length, end)] where byte & 0xC0 != 0x80 {
                column += 1
            }
            offset += length
        }
        starts.append(SourceLocation(line: start.line, column: column, offset: offset))
        return starts.count == valueLength + 1 ? starts : nil
    }

    /// How many source bytes the value scalar starting at `offset` takes.
    private func sourceLength(at offset: Int, quote: UInt8?) -> Int {
        let bytes = file.bytes
        let byte = bytes[offset]
        if quote == UInt8(ascii: "'"), byte == UInt8(ascii: "'") { return 2 }
        guard quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\"), offset + 1 < bytes.count else {
            return utf8Length(leadByte: byte)
        }
        switch bytes[offset + 1] {
        case UInt8(ascii: "u"):
            let isHighSurrogate = offset + 2 < bytes.count && (bytes[offset + 2] | 0x20) == UInt8(ascii: "d")
                && offset + 3 < bytes.count && (UInt8(ascii: "8")...UInt8(ascii: "b")).contains(bytes[offset + 3] | 0x20)
            return isHighSurrogate ? 12 : 6
        case UInt8(ascii: "x"): return 4
        case UInt8(ascii: "U"): return 10
        default: return 2
        }
    }

    private func utf8Length(leadByte: UInt8) -> Int {
        switch leadByte {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}

/// The scalar positions of the last few string values a document was asked about: the
/// findings of one value come together, and a generated url_format with thousands of findings
/// must be walked once, not once for each. A few, not one, because rules run at once and
/// ask about their values in turns.
final class ScalarStartsMemo: @unchecked Sendable {
    /// How many values are kept: one for each rule that runs at a time is plenty.
    private static let capacity = 8

    private let lock = NSLock()
    /// The values asked about, most recent last.
    private var entries: [(range: SourceRange, starts: [SourceLocation]?)] = []

    /// The starts of the value at `range`, computed by `compute` unless they are kept. The
    /// lock is not held while computing, so a long value does not hold up other threads.
    func starts(of range: SourceRange, compute: () -> [SourceLocation]?) -> [SourceLocation]? {
        let kept: [SourceLocation]?? = lock.withLock {
            guard let index = entries.lastIndex(where: { $0.range == range }) else { return nil }
            entries.append(entries.remove(at: index))
            return entries[entries.count - 1].starts
        }
        if let kept { return kept }
        let starts = compute()
        lock.withLock {
            if entries.count == Self.capacity { entries.removeFirst() }
            entries.append((range, starts))
        }
        return starts
    }
}
