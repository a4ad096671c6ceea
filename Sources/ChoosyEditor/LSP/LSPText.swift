import ChoosyCore
import ChoosySyntax

/// The text of an open document, and the conversions between LSP positions (0-based line,
/// character in the negotiated encoding) and the catalog's `SourceLocation`s (1-based line,
/// column in Unicode scalars, byte offset). Lines end at "\n"; a "\r" before it belongs to the
/// break, as in the parsers.
public struct LSPText: Sendable {
    public let bytes: [UInt8]
    public let encoding: PositionEncoding
    /// The byte offset of each line's first byte.
    private let lineStarts: [Int]

    public init(bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.encoding = encoding
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
    }

    public init(_ text: String, encoding: PositionEncoding) {
        self.init(bytes: Array(text.utf8), encoding: encoding)
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The position just after the last character.
    public var endPosition: LSPPosition { position(ofOffset: bytes.count) }

    /// The byte offset of `position`. A character past the end of its line is the line's end,
    /// one inside a character (half of a surrogate pair) its start, and a line past the last the
    /// end of the text, as the protocol asks of servers.
    public func offset(of position: LSPPosition) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        var offset = lineStarts[position.line]
        let end = contentEnd(ofLine: position.line)
        var units = 0
        while offset < end {
            let (scalarWidth, byteCount) = scalarAt(offset)
            if units + scalarWidth > position.character { break }
            units += scalarWidth
            offset += byteCount
        }
        return offset
    }

    /// The position of the byte at `offset` (clamped to the text).
    public func position(ofOffset offset: Int) -> LSPPosition {
        let offset = min(max(offset, 0), bytes.count)
        return position(ofOffset: offset, onLine: line(containing: offset))
    }

    /// The position of `offset`, which lies on `line`.
    private func position(ofOffset offset: Int, onLine line: Int) -> LSPPosition {
        var index = lineStarts[line]
        var character = 0
        while index < offset {
            let (width, byteCount) = scalarAt(index)
            character += width
            index += byteCount
        }
        return LSPPosition(line: line, character: character)
    }

    /// The position of a location the parsers or the rules made: by its byte offset when that
    /// lies on its line, else by its line and column.
    public func position(of location: SourceLocation) -> LSPPosition {
        let line = location.line - 1
        guard line >= 0, line < lineStarts.count else { return line < 0 ? LSPPosition(line: 0, character: 0) : endPosition }
        let lineEnd = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if location.offset >= lineStarts[line], location.offset <= lineEnd {
            // An offset at the next line's start is on that line, as `position(ofOffset:)` places it.
            return location.offset < lineEnd || line + 1 == lineStarts.count
                ? position(ofOffset: location.offset, onLine: line) : position(ofOffset: location.offset)
        }
        var offset = firstColumnOffset(ofLine: line)
        for _ in 1..<max(location.column, 1) where offset < contentEnd(ofLine: line) {
            offset += scalarAt(offset).byteCount
        }
        return position(ofOffset: offset)
    }

    public func range(of range: SourceRange) -> LSPRange {
        LSPRange(start: position(of: range.start), end: position(of: range.end))
    }

    /// The range of bytes `range` of the text.
    public func range(ofBytes range: Range<Int>) -> LSPRange {
        LSPRange(start: position(ofOffset: range.lowerBound), end: position(ofOffset: range.upperBound))
    }

    /// `range(of:)` of each of `ranges`, in one pass over each line however many ranges it
    /// holds: converting them one by one scans a line from its start each time, which is
    /// quadratic for thousands of findings on one long line.
    public func ranges(of ranges: [SourceRange]) -> [LSPRange] {
        let locations = ranges.flatMap { [$0.start, $0.end] }
        // The offsets that lie on their location's line, each converted once, in text order.
        var onTheirLine = locations.filter { location in
            let line = location.line - 1
            return line >= 0 && line < lineStarts.count && location.offset >= lineStarts[line]
                && location.offset <= (line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count)
        }.map(\.offset)
        onTheirLine = Array(Set(onTheirLine)).sorted()
        var positions: [Int: LSPPosition] = [:]
        var (line, index, character) = (-1, 0, 0)
        for offset in onTheirLine {
            let offsetLine = self.line(containing: offset)
            if offsetLine != line { (line, index, character) = (offsetLine, lineStarts[offsetLine], 0) }
            while index < offset {
                let (width, byteCount) = scalarAt(index)
                character += width
                index += byteCount
            }
            positions[offset] = LSPPosition(line: line, character: character)
        }
        func position(_ location: SourceLocation) -> LSPPosition {
            positions[location.offset].flatMap { $0.line == location.line - 1 ? $0 : nil } ?? self.position(of: location)
        }
        return ranges.map { LSPRange(start: position($0.start), end: position($0.end)) }
    }

    /// The catalog's location of `position`: line and column counted as the parsers count them
    /// (columns in scalars, starting after a byte order mark).
    public func location(of position: LSPPosition) -> SourceLocation {
        location(ofOffset: offset(of: position))
    }

    public func location(ofOffset offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(containing: offset)
        var index = firstColumnOffset(ofLine: line)
        var column = 1
        while index < offset {
            index += scalarAt(index).byteCount
            column += 1
        }
        return SourceLocation(line: line + 1, column: column, offset: offset)
    }

    public func sourceRange(of range: LSPRange) -> SourceRange {
        SourceRange(start: location(of: range.start), end: location(of: range.end))
    }

    /// The text with `range` replaced by `newText`: an incremental change of `didChange`.
    public func replacing(_ range: LSPRange, with newText: String) -> [UInt8] {
        let start = offset(of: range.start)
        let end = max(offset(of: range.end), start)
        return Array(bytes[..<start]) + Array(newText.utf8) + Array(bytes[end...])
    }

    // MARK: Lines and scalars

    private func line(containing offset: Int) -> Int {
        var (low, high) = (0, lineStarts.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Where line `line`'s characters end: before its "\n" or "\r\n".
    private func contentEnd(ofLine line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        let newline = lineStarts[line + 1] - 1
        return newline > lineStarts[line] && bytes[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
    }

    /// Where column 1 of `line` is: after the byte order mark on the first line.
    private func firstColumnOffset(ofLine line: Int) -> Int {
        line == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : lineStarts[line]
    }

    /// The width in the encoding and the byte count of the scalar starting at `offset`; a byte
    /// that starts no valid scalar counts as one of one byte.
    private func scalarAt(_ offset: Int) -> (width: Int, byteCount: Int) {
        let lead = bytes[offset]
        let byteCount = switch lead {
        case 0..<0x80: 1
        case 0xC0..<0xE0: 2
        case 0xE0..<0xF0: 3
        case 0xF0..<0xF8: 4
        default: 1
        }
        guard byteCount > 1, offset + byteCount <= bytes.count,
            bytes[(offset + 1)..<(offset + byteCount)].allSatisfy({ $0 & 0xC0 == 0x80 })
        else { return (1, 1) }
        let width = switch encoding {
        case .utf8: byteCount
        case .utf16: byteCount == 4 ? 2 : 1
        case .utf32: 1
        }
        return (width, byteCount)
    }
}
