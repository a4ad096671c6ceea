import ChoosyCore
import ChoosySyntax

/// A place in a document as LSP gives it: 0-based line, and 0-based character in the
/// negotiated `PositionEncoding`.
public struct LSPPosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// A `Position` object of a message; nil when it is not one.
    public init?(_ node: Node?) {
        guard let line = node?["line"]?.integer, let character = node?["character"]?.integer, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    public var json: JSONValue {
        .object([("line", .integer(line)), ("character", .integer(character))])
    }

    public static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A span of a document as LSP gives it; `end` is exclusive.
public struct LSPRange: Hashable, Sendable {
    public var start: LSPPosition
    public var end: LSPPosition

    public init(start: LSPPosition, end: LSPPosition) {
        self.start = start
        self.end = end
    }

    /// A `Range` object of a message; nil when it is not one.
    public init?(_ node: Node?) {
        guard let start = LSPPosition(node?["start"]), let end = LSPPosition(node?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    public var json: JSONValue {
        .object([("start", start.json), ("end", end.json)])
    }

    /// `json`, written compactly without making the value: an outline writes thousands.
    func write(to output: inout ByteBuffer) {
        output.append(#"{"start":{"line":"#)
        output.append(decimal: start.line)
        output.append(#","character":"#)
        output.append(decimal: start.character)
        output.append(#"},"end":{"line":"#)
        output.append(decimal: end.line)
        output.append(#","character":"#)
        output.append(decimal: end.character)
        output.append("}}")
    }

    /// Whether the two ranges share a position (touching counts: a cursor at a range's end is
    /// on it).
    public func overlaps(_ other: LSPRange) -> Bool {
        start <= other.end && other.start <= end
    }
}

extension Node {
    /// The value if this is a number without fraction or exponent that fits an `Int`.
    public var integer: Int? {
        numberText.flatMap { Int($0) }
    }
}
