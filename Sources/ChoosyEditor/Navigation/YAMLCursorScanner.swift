import ChoosyCore
import ChoosySyntax

/// Reads the mappings around a cursor from block-style YAML that may not parse, by
/// indentation: a mapping's members start at one column, a `- ` starts an element of a list,
/// and the line above a nested block with less indentation names the member it is the value of.
struct YAMLCursorScanner {
    let context: CursorContext

    /// What one line holds, as far as the scanner reads it; columns count bytes from the line's start.
    private struct Line {
        let start: Int
        /// Where the line ends, before its line break.
        let end: Int
        /// The spaces before anything else.
        let indent: Int
        /// The column of each `- ` that opens a list element on the line.
        let dashes: [Int]
        /// Where the content after the indentation and dashes starts.
        let contentColumn: Int
        /// A member's name and the bytes of its value's text (quotes left out).
        let name: String?
        let colon: Int?
        let value: Range<Int>?
        /// Blank, or a comment.
        let isEmpty: Bool

        var hasEmptyValue: Bool { name != nil && value?.isEmpty != false }
    }

    init(bytes: [UInt8], cursor: Int) {
        var lines: [Line] = []
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lines.append(Self.line(bytes, from: start, to: end))
            start = end + 1
        }
        let cursorLine = lines.lastIndex { $0.start <= cursor } ?? 0
        context = Self.context(of: lines, bytes: bytes, cursorLine: cursorLine, cursor: min(cursor, lines[cursorLine].end))
    }

    private static func context(of lines: [Line], bytes: [UInt8], cursorLine index: Int, cursor: Int) -> CursorContext {
        let line = lines[index]
        let column = cursor - line.start
        let spot: CursorContext.Spot
        var mappingColumn = line.contentColumn
        if let colon = line.colon, column > colon - line.start {
            // In the value's text, or between it and the colon, its quotes or a comment.
            if let name = line.name, let value = line.value, value.contains(cursor) || value.upperBound == cursor {
                spot = .value(member: name, value)
            } else {
                spot = .other
            }
        } else if line.isEmpty, bytes[line.start..<cursor].allSatisfy({ $0 == UInt8(ascii: " ") }) {
            mappingColumn = column
            spot = .memberName(cursor..<cursor, quotes: .none, hasColon: false)
        } else if column >= line.contentColumn {
            var start = cursor
            while start > line.start + line.contentColumn, isNameByte(bytes[start - 1]) { start -= 1 }
            var end = cursor
            while end < line.end, isNameByte(bytes[end]) { end += 1 }
            spot = .memberName(start..<end, quotes: .none, hasColon: line.colon != nil)
        } else {
            spot = .other
        }
        var isNameAtCursor: Bool { if case .memberName = spot { true } else { false } }
        var objects: [CursorContext.Object] = []
        var lineIndex = index
        var excluded: Int? = isNameAtCursor ? index : nil
        while true {
            var object = CursorContext.Object()
            var members: [Int] = []
            var opener: Int?
            // Up to the line that opens the mapping (a `- ` at its column) or names it.
            var above = lineIndex
            while above >= 0 {
                let candidate = lines[above]
                defer { above -= 1 }
                if candidate.isEmpty && above != lineIndex { continue }
                if candidate.contentColumn == mappingColumn {
                    members.append(above)
                    if !candidate.dashes.isEmpty {
                        opener = above
                        break
                    }
                } else if candidate.contentColumn < mappingColumn && candidate.indent < mappingColumn {
                    opener = above
                    break
                }
            }
            // Down to the end of the mapping.
            for below in lines.indices.dropFirst(lineIndex + 1) {
                let candidate = lines[below]
                if candidate.isEmpty { continue }
                // A `- ` at the mapping's column is an element of a member's list written without indentation.
                if candidate.indent < mappingColumn || candidate.dashes.contains(where: { $0 < mappingColumn }) { break }
                if candidate.contentColumn == mappingColumn { members.append(below) }
            }
            for member in members.sorted() where member != excluded {
                guard let name = lines[member].name else { continue }
                object.memberNames.append(name)
                if name == "key", object.key == nil, let value = lines[member].value {
                    object.key = String(decoding: bytes[value], as: UTF8.self)
                }
            }
            excluded = nil
            // The member whose value the mapping is: above the opening `- `, the nearest line
            // with less indentation, or a member with no value at the dash's column.
            var parent: Int?
            if let opener, let dash = lines[opener].dashes.last, lines[opener].contentColumn == mappingColumn {
                object.isElement = true
                parent = lines[..<opener].lastIndex { candidate in
                    !candidate.isEmpty
                        && (candidate.contentColumn < dash || (candidate.contentColumn == dash && candidate.hasEmptyValue))
                }
            } else {
                parent = opener
            }
            object.via = parent.flatMap { lines[$0].name }
            objects.append(object)
            guard let parent, object.via != nil else { break }
            lineIndex = parent
            mappingColumn = lines[parent].contentColumn
        }
        return CursorContext(objects: objects.reversed(), spot: spot)
    }

    private static func line(_ bytes: [UInt8], from start: Int, to lineEnd: Int) -> Line {
        var end = lineEnd
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        func isSpace(_ offset: Int) -> Bool { offset < end && bytes[offset] == UInt8(ascii: " ") }
        var offset = start
        while isSpace(offset) { offset += 1 }
        let indent = offset - start
        var dashes: [Int] = []
        while offset < end, bytes[offset] == UInt8(ascii: "-"), offset + 1 == end || bytes[offset + 1] == UInt8(ascii: " ") {
            dashes.append(offset - start)
            offset += 1
            while isSpace(offset) { offset += 1 }
        }
        let contentColumn = offset - start
        let isEmpty = offset == end && dashes.isEmpty || (offset < end && bytes[offset] == UInt8(ascii: "#"))
        // A member's name ends at the first `: ` (or a colon ending the line).
        var colon: Int?
        var scan = offset
        let quote = offset < end && (bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'")) ? bytes[offset] : nil
        if let quote, let closing = bytes[(offset + 1)..<end].firstIndex(of: quote) { scan = closing + 1 }
        while scan < end {
            if bytes[scan] == UInt8(ascii: "#"), scan > offset, bytes[scan - 1] == UInt8(ascii: " ") { break }
            if bytes[scan] == UInt8(ascii: ":"), scan + 1 == end || bytes[scan + 1] == UInt8(ascii: " ") {
                colon = scan
                break
            }
            scan += 1
        }
        guard let colon, !isEmpty else {
            return Line(start: start, end: end, indent: indent, dashes: dashes, contentColumn: contentColumn,
                        name: nil, colon: nil, value: nil, isEmpty: isEmpty)
        }
        var nameRange = offset..<colon
        while nameRange.upperBound > nameRange.lowerBound, bytes[nameRange.upperBound - 1] == UInt8(ascii: " ") {
            nameRange = nameRange.lowerBound..<(nameRange.upperBound - 1)
        }
        if quote != nil, nameRange.count >= 2 { nameRange = (nameRange.lowerBound + 1)..<(nameRange.upperBound - 1) }
        var valueStart = colon + 1
        while isSpace(valueStart) { valueStart += 1 }
        return Line(
            start: start, end: end, indent: indent, dashes: dashes, contentColumn: contentColumn,
            name: String(decoding: bytes[nameRange], as: UTF8.self), colon: colon,
            value: valueText(bytes, from: valueStart, to: end), isEmpty: false)
    }

    /// The text of a value from `start`: inside its quotes (to the closing one, or the line's
    /// end when it is still open), or a plain scalar up to a comment.
    private static func valueText(_ bytes: [UInt8], from start: Int, to end: Int) -> Range<Int> {
        guard start < end else { return start..<start }
        let first = bytes[start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let closing = bytes[(start + 1)..<end].firstIndex(of: first) ?? end
            return (start + 1)..<closing
        }
        var valueEnd = start
        while valueEnd < end, !(bytes[valueEnd] == UInt8(ascii: "#") && bytes[valueEnd - 1] == UInt8(ascii: " ")) { valueEnd += 1 }
        while valueEnd > start, bytes[valueEnd - 1] == UInt8(ascii: " ") { valueEnd -= 1 }
        return start..<valueEnd
    }
}
