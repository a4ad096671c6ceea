import ChoosyCore

/// Turns libyaml's positions (character indexes, or byte offsets for encoding errors) into
/// `SourceLocation`s: 1-based line and column counted in Unicode scalars, and the true byte offset.
final class YAMLPositionTable {
    /// Where a line begins, both as a byte offset into the file and as a character index.
    private struct LineStart {
        let byte: Int
        let character: Int
    }

    /// The text libyaml reads; its indices are byte offsets into the file (a BOM before it is skipped).
    private let text: ArraySlice<UInt8>
    private let lineStarts: [LineStart]
    /// The last position found. Events arrive in text order, so walking on from here keeps a
    /// long single-line file linear instead of quadratic.
    private var cursor: (line: Int, byte: Int, character: Int)

    init(text: ArraySlice<UInt8>) {
        self.text = text
        var starts = [LineStart(byte: text.startIndex, character: 0)]
        var character = 0
        for index in text.indices {
            if !Self.isContinuation(text[index]) { character += 1 }
            if text[index] == UInt8(ascii: "\n") {
                starts.append(LineStart(byte: index + 1, character: character))
            }
        }
        lineStarts = starts
        cursor = (0, text.startIndex, 0)
    }

    /// The location of the character at 0-based `index` as libyaml counts characters.
    package func location(ofCharacter index: Int) -> SourceLocation {
        let isOnCursorLine = cursor.character <= index
            && (cursor.line + 1 == lineStarts.count || index < lineStarts[cursor.line + 1].character)
        let line = isOnCursorLine ? cursor.line : lastLine { $0.character <= index }
        var (byte, character) = (lineStarts[line].byte, lineStarts[line].character)
        if cursor.line == line, cursor.character <= index {
            (byte, character) = (cursor.byte, cursor.character)
        }
        while character < index, byte < text.endIndex {
            byte += Self.sequenceLength(startingWith: text[byte])
            character += 1
        }
        cursor = (line, byte, character)
        return SourceLocation(line: line + 1, column: index - lineStarts[line].character + 1, offset: byte)
    }

    /// The location of the byte libyaml reports at `parserOffset`, which counts from the start
    /// of the text it reads, after any BOM (found by `make fuzz`: taken as a file offset, it
    /// fell before the first line and trapped).
    package func location(ofByte parserOffset: Int) -> SourceLocation {
        let offset = text.startIndex + parserOffset
        let line = lastLine { $0.byte <= offset }
        let start = lineStarts[line].byte
        let charactersBefore = text[start..<min(offset, text.endIndex)].count { !Self.isContinuation($0) }
        return SourceLocation(line: line + 1, column: charactersBefore + 1, offset: offset)
    }

    /// The byte at a file offset, if the text has one there.
    func byte(at offset: Int) -> UInt8? {
        text.indices.contains(offset) ? text[offset] : nil
    }

    /// The index of the last line whose start satisfies `isAtOrBefore` (binary search).
    private func lastLine(where isAtOrBefore: (LineStart) -> Bool) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if isAtOrBefore(lineStarts[middle]) { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private static func isContinuation(_ byte: UInt8) -> Bool {
        byte & 0b1100_0000 == 0b1000_0000
    }

    private static func sequenceLength(startingWith byte: UInt8) -> Int {
        switch byte {
        case 0b1111_0000...: 4
        case 0b1110_0000...: 3
        case 0b1100_0000...: 2
        default: 1
        }
    }
}
