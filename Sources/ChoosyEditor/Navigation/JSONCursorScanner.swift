import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// Reads the objects around a cursor from JSON text that may not parse: a string ends at its
/// closing quote or at the end of its line (JSON strings hold no line break), and a bracket
/// closes the innermost container of its kind, or nothing.
struct JSONCursorScanner {
    let context: CursorContext

    private enum Container {
        /// Object number `index`, whether a member's name comes next, and the member whose
        /// value is being read.
        case object(index: Int, expectsName: Bool, member: String?)
        case array(via: String?)
    }

    init(bytes: [UInt8], cursor: Int) {
        var objects: [CursorContext.Object] = []
        var stack: [Container] = []
        var atCursor: (objects: [Int], spot: CursorContext.Spot)?
        func openObjects() -> [Int] {
            stack.compactMap { if case .object(let index, _, _) = $0 { index } else { nil } }
        }
        /// What lies between tokens at the cursor: a member's name to write, or nothing.
        func spotBetweenTokens() -> CursorContext.Spot {
            guard case .object(_, true, _) = stack.last else { return .other }
            var start = cursor
            while start > 0, isNameByte(bytes[start - 1]) { start -= 1 }
            var end = cursor
            while end < bytes.count, isNameByte(bytes[end]) { end += 1 }
            return .memberName(start..<end, quotes: .none, hasColon: Self.colonFollows(bytes, from: end))
        }
        var index = 0
        while index < bytes.count {
            if atCursor == nil, index >= cursor { atCursor = (openObjects(), spotBetweenTokens()) }
            let via: String? = switch stack.last {
            case .object(_, _, let member): member
            case .array(let via): via
            case nil: nil
            }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                var object = CursorContext.Object(via: via)
                if case .array = stack.last { object.isElement = true }
                objects.append(object)
                stack.append(.object(index: objects.count - 1, expectsName: true, member: nil))
            case UInt8(ascii: "["):
                stack.append(.array(via: via))
            case UInt8(ascii: "}"):
                if openObjects().isEmpty { break }
                while let last = stack.popLast() { if case .object = last { break } }
            case UInt8(ascii: "]"):
                guard stack.contains(where: { if case .array = $0 { true } else { false } }) else { break }
                while let last = stack.popLast() { if case .array = last { break } }
            case UInt8(ascii: ","):
                if case .object(let object, _, _) = stack.last { stack[stack.count - 1] = .object(index: object, expectsName: true, member: nil) }
            case UInt8(ascii: ":"):
                if case .object(let object, _, let member) = stack.last { stack[stack.count - 1] = .object(index: object, expectsName: false, member: member) }
            case UInt8(ascii: "\""):
                let content = Self.stringContent(bytes, from: index + 1)
                let closed = content.upperBound < bytes.count && bytes[content.upperBound] == UInt8(ascii: "\"")
                let text = String(decoding: bytes[content], as: UTF8.self)
                let hasCursor = atCursor == nil && content.lowerBound <= cursor && cursor <= content.upperBound
                // A string left open ends, for what replaces it, with the name at the cursor:
                // the rest of its line is what the user wrote after it.
                var typed = content
                if hasCursor, !closed {
                    var end = cursor
                    while end < content.upperBound, isNameByte(bytes[end]) { end += 1 }
                    typed = content.lowerBound..<end
                }
                if case .object(let object, let expectsName, let member) = stack.last {
                    if expectsName {
                        let hasColon = Self.colonFollows(bytes, from: min(content.upperBound + 1, bytes.count))
                        if hasCursor {
                            atCursor = (openObjects(), .memberName(typed, quotes: closed ? .closed : .open, hasColon: hasColon))
                        } else {
                            objects[object].memberNames.append(text)
                        }
                        stack[stack.count - 1] = .object(index: object, expectsName: false, member: text)
                    } else {
                        if hasCursor { atCursor = (openObjects(), member.map { .value(member: $0, typed) } ?? .other) }
                        if member == "key", objects[object].key == nil { objects[object].key = text }
                    }
                } else if hasCursor {
                    atCursor = (openObjects(), .other)
                }
                index = content.upperBound + (closed ? 1 : 0)
                continue
            default:
                break
            }
            index += 1
        }
        let (open, spot) = atCursor ?? (openObjects(), spotBetweenTokens())
        context = CursorContext(objects: open.map { objects[$0] }, spot: spot)
    }

    /// The bytes of a string's text from `start` (after its opening quote) to its closing
    /// quote, or to the end of the line when it has none.
    private static func stringContent(_ bytes: [UInt8], from start: Int) -> Range<Int> {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") {
            end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        return start..<min(end, bytes.count)
    }

    /// Whether a colon is the next byte after `start` that is not white space.
    private static func colonFollows(_ bytes: [UInt8], from start: Int) -> Bool {
        bytes[start...].first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } == UInt8(ascii: ":")
    }
}
