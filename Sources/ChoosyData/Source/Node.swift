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

    public var value: Value
    public var range: SourceRange
    // The pointer's two parts are stored apart so that its 32-bit entry fills the gap after
    // the range: a node is 56 bytes instead of 64.
    private var pointerEntry: UInt32
    private var pointerTable: JSONPointerTable

    public var pointer: JSONPointer {
        get { JSONPointer(table: pointerTable, entry: pointerEntry) }
        set { (pointerTable, pointerEntry) = (newValue.table, newValue.entry) }
    }

    public init(_ value: Value, range: SourceRange, pointer: JSONPointer) {
        self.value = value
        self.range = range
        pointerEntry = pointer.entry
        pointerTable = pointer.table
    }
}

/// One `key: value` member of an object; the key has its own range.
public struct Member: Sendable {
    public var key: String
    public var keyRange: SourceRange
    public var value: Node

    public init(key: String, keyRange: SourceRange, value: Node) {
        self.key = key
        self.keyRange = keyRange
        self.value = value
    }
}

extension Node {
    /// The members if this is an object.
    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements if this is an array.
    public var elements: [Node]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The text if this is a string.
    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The literal text if this is a number.
    public var numberText: String? {
        if case .number(let text) = value { return text }
        return nil
    }

    /// The value if this is a boolean.
    public var bool: Bool? {
        if case .bool(let value) = value { return value }
        return nil
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
        switch value {
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
        switch value {
        case .object(let members):
            copy.value = .object(members.map {
                Member(key: $0.key, keyRange: $0.keyRange, value: $0.value.moved(to: pointer.appending(key: $0.key)))
            })
        case .array(let elements):
            copy.value = .array(elements.enumerated().map { $1.moved(to: pointer.appending(index: $0)) })
        default:
            break
        }
        return copy
    }

    /// How many nodes this tree holds, itself included.
    public var nodeCount: Int {
        switch value {
        case .object(let members): 1 + members.reduce(0) { $0 + $1.value.nodeCount }
        case .array(let elements): 1 + elements.reduce(0) { $0 + $1.nodeCount }
        default: 1
        }
    }
}
