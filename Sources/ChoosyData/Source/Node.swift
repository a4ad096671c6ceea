/// One value of a JSON or YAML document with the source range it was read from and its JSON
/// Pointer. JSON and YAML load into this same tree, so every later stage works on either.
public struct Node: Sendable {
    /// What a node holds. Objects keep their members in source order, duplicates included.
    public enum Value: Sendable {
        case object([Member])
        case array([Node])
        case string(String)
        /// A number, kept as its JSON literal text so nothing is lost to rounding.
        case number(String)
        case bool(Bool)
        case null
    }

    /// What the node holds. A string value written in the source as it reads (no escapes, no
    /// folded lines) is kept as the node's range and read from the file's bytes when asked:
    /// strings too long to be stored inline were the largest part of a large lint's heap after
    /// the tree's arrays, and each was the second copy of text the file already holds.
    public var value: Value {
        get {
            switch storage {
            case .value(let value): value
            case .sourceText(let quoted): .string(sourceText(quoted: quoted))
            }
        }
        set { storage = .value(newValue) }
    }

    private enum Storage: Sendable {
        case value(Value)
        /// A string whose text is the node's bytes, less a quote at each end when `quoted`.
        case sourceText(quoted: Bool)
    }

    private var storage: Storage
    // Only byte offsets are kept: the pointer's table knows the document's lines and turns
    // them into a `SourceRange` when one is asked for. The pointer's two parts are stored apart
    // so that its 32-bit entry fills the gap after the offsets: a node is 40 bytes, not 56.
    private var startOffset: UInt32
    private var endOffset: UInt32
    private var pointerEntry: UInt32
    fileprivate private(set) var pointerTable: JSONPointerTable

    /// Where the value is written: its first character to just after its last.
    public var range: SourceRange {
        pointerTable.range(from: startOffset, to: endOffset)
    }

    /// The path of the file the value was read from; empty for a node made outside a parse.
    public var file: String {
        pointerTable.lines?.path ?? ""
    }

    /// Setting a pointer from another document (a subtree moved elsewhere) keeps the range.
    public var pointer: JSONPointer {
        get { JSONPointer(table: pointerTable, entry: pointerEntry) }
        set {
            if newValue.table.lines === pointerTable.lines, newValue.table.fixedRange == nil, pointerTable.fixedRange == nil {
                (pointerTable, pointerEntry) = (newValue.table, newValue.entry)
            } else {
                pointerTable = JSONPointerTable(base: newValue, lines: pointerTable.lines, fixedRange: pointerTable.fixedRange)
                pointerEntry = JSONPointerTable.baseEntry
            }
        }
    }

    /// A node at bytes `start..<end` of the document whose lines `pointer`'s table holds.
    init(_ value: Value, from start: Int, to end: Int, pointer: JSONPointer) {
        storage = .value(value)
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
        pointerEntry = pointer.entry
        pointerTable = pointer.table
        if case .string(let text) = value, let quoted = pointer.table.lines?.spells(text, from: start, to: end) {
            storage = .sourceText(quoted: quoted)
        }
    }

    /// A string node at bytes `start..<end` that the parser read as written between its quotes
    /// (no escapes, no errors): it is kept as source text without comparing the text to the bytes.
    init(quotedStringFrom start: Int, to end: Int, pointer: JSONPointer) {
        storage = .sourceText(quoted: true)
        startOffset = UInt32(truncatingIfNeeded: start)
        endOffset = UInt32(truncatingIfNeeded: end)
        pointerEntry = pointer.entry
        pointerTable = pointer.table
        if end - start - 2 <= SourceLines.inlineStringCapacity { storage = .value(.string(sourceText(quoted: true))) }
    }

    private func sourceText(quoted: Bool) -> String {
        guard let lines = pointerTable.lines else { preconditionFailure("a string kept as source text in a node without a file") }
        let inset = quoted ? 1 : 0
        return lines.text(from: Int(startOffset) + inset, to: Int(endOffset) - inset)
    }

    /// A node at any range; one that `pointer`'s document cannot place (a range from another
    /// file) gets a table of its own that holds it.
    public init(_ value: Value, range: SourceRange, pointer: JSONPointer) {
        self.init(value, from: range.start.offset, to: range.end.offset, pointer: pointer)
        if self.range != range {
            pointerTable = JSONPointerTable(base: pointer, lines: pointer.table.lines, fixedRange: range)
            pointerEntry = JSONPointerTable.baseEntry
        }
    }
}

/// One `key: value` member of an object; the key has its own range.
public struct Member: Sendable {
    public var key: String
    private var keyStart: UInt32
    private var keyEnd: UInt32
    public var value: Node

    /// Where the key is written, placed by the lines of the value's document.
    public var keyRange: SourceRange {
        SourceRange(start: value.pointerTable.location(ofOffset: keyStart), end: value.pointerTable.location(ofOffset: keyEnd))
    }

    /// A member whose key is at bytes `keyStart..<keyEnd` of the value's document.
    init(key: String, from keyStart: Int, to keyEnd: Int, value: Node) {
        self.key = key
        self.keyStart = UInt32(truncatingIfNeeded: keyStart)
        self.keyEnd = UInt32(truncatingIfNeeded: keyEnd)
        self.value = value
    }

    /// `keyRange` must be a range of the value's document (or the start of a file), which is
    /// where the key range is read back from.
    public init(key: String, keyRange: SourceRange, value: Node) {
        self.init(key: key, from: keyRange.start.offset, to: keyRange.end.offset, value: value)
        assert(self.keyRange == keyRange, "a key range from another document than its value")
    }
}

extension Node {
    /// The members if this is an object.
    public var members: [Member]? {
        if case .value(.object(let members)) = storage { return members }
        return nil
    }

    /// The elements if this is an array.
    public var elements: [Node]? {
        if case .value(.array(let elements)) = storage { return elements }
        return nil
    }

    /// The text if this is a string.
    public var string: String? {
        switch storage {
        case .value(.string(let text)): text
        case .sourceText(let quoted): sourceText(quoted: quoted)
        default: nil
        }
    }

    /// The literal text if this is a number.
    public var numberText: String? {
        if case .value(.number(let text)) = storage { return text }
        return nil
    }

    /// The value if this is a boolean.
    public var bool: Bool? {
        if case .value(.bool(let value)) = storage { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .value(.null) = storage { return true }
        return false
    }

    /// Whether this is a string, found without reading the text.
    public var isString: Bool {
        switch storage {
        case .value(.string), .sourceText: true
        default: false
        }
    }

    /// The first member named `key`, if this is an object that has one.
    public func member(_ key: String) -> Member? {
        members?.first { $0.key == key }
    }

    /// The value of the first member named `key`.
    public subscript(key: String) -> Node? {
        member(key)?.value
    }

    /// What kind of value this is, in the words JSON Schema uses.
    public var kindName: String {
        if isString { return "string" }
        return switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    /// Whether two trees hold the same value, ignoring positions. Numbers compare by value
    /// (`1.0` equals `1`), members by key in order.
    public func hasSameValue(as other: Node) -> Bool {
        switch (value, other.value) {
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value.hasSameValue(as: $1.value) }
        case (.array(let a), .array(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.hasSameValue(as: $1) }
        case (.string(let a), .string(let b)):
            a == b
        case (.number(let a), .number(let b)):
            a == b || Double(a) == Double(b)
        case (.bool(let a), .bool(let b)):
            a == b
        case (.null, .null):
            true
        default:
            false
        }
    }

    /// The same value at another place in a tree: every pointer below is re-rooted at
    /// `pointer`. Ranges stay where the text is.
    public func moved(to pointer: JSONPointer) -> Node {
        var copy = self
        copy.pointer = pointer
        // Below the copy's own pointer, which keeps this tree's lines, children need no table
        // of their own to keep their ranges.
        let pointer = copy.pointer
        switch storage {
        case .value(.object(let members)):
            copy.value = .object(members.map {
                var member = $0
                member.value = $0.value.moved(to: pointer.appending(key: $0.key))
                return member
            })
        case .value(.array(let elements)):
            copy.value = .array(elements.enumerated().map { $1.moved(to: pointer.appending(index: $0)) })
        default:
            break
        }
        return copy
    }

    /// How many nodes this tree holds, itself included.
    public var nodeCount: Int {
        switch storage {
        case .value(.object(let members)): 1 + members.reduce(0) { $0 + $1.value.nodeCount }
        case .value(.array(let elements)): 1 + elements.reduce(0) { $0 + $1.nodeCount }
        default: 1
        }
    }
}
