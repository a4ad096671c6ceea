/// One value of a JSON or YAML document with the source range it was read from and its JSON
/// Pointer. JSON and YAML load into this same tree, so every later stage works on either.
///
/// A parsed node is a handle: its document's `NodeTree` and the index of its record there, 16
/// bytes, with no storage of its own. A node made outside a parse (a merged value, a tree that
/// `fmt` reorders, a subtree moved elsewhere) keeps its value in a small object instead.
public struct Node: Sendable {
    /// What a node holds. Objects keep their members in source order, duplicates included.
    public enum Value: Sendable {
        case object(Members)
        case array(Elements)
        case string(String)
        /// A number, kept as its JSON literal text so nothing is lost to rounding.
        case number(String)
        case bool(Bool)
        case null
    }

    private enum Storage: Sendable {
        case parsed(NodeTree, UInt32)
        case built(BuiltNode)
    }

    private var storage: Storage

    /// Node `index` of a parsed tree.
    public init(tree: NodeTree, index: UInt32) {
        storage = .parsed(tree, index)
    }

    /// A node at any range; one that `pointer`'s document cannot place (a range from another
    /// file) gets a table of its own that holds it.
    public init(_ value: Value, range: SourceRange, pointer: JSONPointer) {
        storage = .built(BuiltNode(value, from: range.start.offset, to: range.end.offset, table: pointer.table, entry: pointer.entry))
        if self.range != range {
            let table = JSONPointerTable(base: pointer, lines: pointer.table.lines, fixedRange: range)
            storage = .built(BuiltNode(value, from: range.start.offset, to: range.end.offset, table: table, entry: JSONPointerTable.baseEntry))
        }
    }

    /// What the node holds. A parsed node reads it from its record, strings and numbers from
    /// the file's bytes; setting it makes the node one of its own, at the same range and pointer.
    public var value: Value {
        get {
            switch storage {
            case .parsed(let tree, let index): Self.value(of: tree, at: index)
            case .built(let node): node.value
            }
        }
        set {
            let (start, end) = offsets
            let (table, entry) = pointerParts
            storage = .built(BuiltNode(newValue, from: Int(start), to: Int(end), table: table, entry: entry))
        }
    }

    private static func value(of tree: NodeTree, at index: UInt32) -> Value {
        let record = tree.records[Int(index)]
        return switch record.kind {
        case .object: .object(Members(tree: tree, children: record.children))
        case .array: .array(Elements(tree: tree, children: record.children))
        case .quotedString, .plainString, .textString: .string(tree.text(of: record))
        case .sourceNumber, .textNumber: .number(tree.text(of: record))
        case .true: .bool(true)
        case .false: .bool(false)
        case .null: .null
        }
    }

    /// What the node holds, without reading its text or making a view of its children.
    package var kind: NodeTree.Kind {
        switch storage {
        case .parsed(let tree, let index): tree.records[Int(index)].kind
        case .built(let node): node.kind
        }
    }

    /// The text of a string or number.
    private var text: String? {
        switch storage {
        case .parsed(let tree, let index):
            let record = tree.records[Int(index)]
            return record.kind.isString || record.kind.isNumber ? tree.text(of: record) : nil
        case .built(let node):
            switch node.value {
            case .string(let text), .number(let text): return text
            default: return nil
            }
        }
    }

    private var offsets: (start: UInt32, end: UInt32) {
        switch storage {
        case .parsed(let tree, let index):
            let record = tree.records[Int(index)]
            return (record.start, record.end)
        case .built(let node):
            return (node.start, node.end)
        }
    }

    /// The table that holds the node's pointer and places its offsets, and the pointer's entry.
    private var pointerParts: (table: JSONPointerTable, entry: UInt32) {
        switch storage {
        case .parsed(let tree, let index): (tree.pointers, index == tree.rootIndex ? JSONPointerTable.baseEntry : index)
        case .built(let node): (node.table, node.entry)
        }
    }

    /// The table whose lines place the node's offsets (and its members' keys).
    fileprivate var lineTable: JSONPointerTable { pointerParts.table }

    /// Where the value is written: its first character to just after its last.
    public var range: SourceRange {
        let (start, end) = offsets
        return lineTable.range(from: start, to: end)
    }

    /// The bytes of its document's file the value is written at, without placing them on
    /// lines: for a reader that converts offsets itself (an editor's positions).
    package var byteRange: Range<Int> {
        let (start, end) = offsets
        return Int(start)..<Int(end)
    }

    /// The path of the file the value was read from; empty for a node made outside a parse.
    public var file: String {
        lineTable.lines?.path ?? ""
    }

    /// Setting a pointer from another document (a subtree moved elsewhere) keeps the range.
    public var pointer: JSONPointer {
        get {
            let (table, entry) = pointerParts
            return JSONPointer(table: table, entry: entry)
        }
        set {
            let (start, end) = offsets
            var (table, entry) = pointerParts
            if newValue.table.lines === table.lines, newValue.table.fixedRange == nil, table.fixedRange == nil {
                (table, entry) = (newValue.table, newValue.entry)
            } else {
                table = JSONPointerTable(base: newValue, lines: table.lines, fixedRange: table.fixedRange)
                entry = JSONPointerTable.baseEntry
            }
            storage = .built(BuiltNode(value, from: Int(start), to: Int(end), table: table, entry: entry))
        }
    }
}

/// The value, offsets and pointer of a node made outside a parse.
private final class BuiltNode: Sendable {
    package let value: Node.Value
    let start: UInt32
    let end: UInt32
    package let table: JSONPointerTable
    let entry: UInt32

    init(_ value: Node.Value, from start: Int, to end: Int, table: JSONPointerTable, entry: UInt32) {
        self.value = value
        self.start = UInt32(truncatingIfNeeded: start)
        self.end = UInt32(truncatingIfNeeded: end)
        self.table = table
        self.entry = entry
    }

    var kind: NodeTree.Kind {
        switch value {
        case .object: .object
        case .array: .array
        case .string: .textString
        case .number: .textNumber
        case .bool(let value): value ? .true : .false
        case .null: .null
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
        SourceRange(start: value.lineTable.location(ofOffset: keyStart), end: value.lineTable.location(ofOffset: keyEnd))
    }

    /// A member whose key is at bytes `keyStart..<keyEnd` of the value's document.
    package init(key: String, from keyStart: UInt32, to keyEnd: UInt32, value: Node) {
        self.key = key
        self.keyStart = keyStart
        self.keyEnd = keyEnd
        self.value = value
    }

    /// `keyRange` must be a range of the value's document (or the start of a file), which is
    /// where the key range is read back from.
    public init(key: String, keyRange: SourceRange, value: Node) {
        self.init(
            key: key, from: UInt32(truncatingIfNeeded: keyRange.start.offset), to: UInt32(truncatingIfNeeded: keyRange.end.offset),
            value: value)
        assert(self.keyRange == keyRange, "a key range from another document than its value")
    }
}

/// A child of a collection, read from its parsed tree.
public protocol NodeChild: Sendable {
    /// Child `index` of a parsed tree.
    init(tree: NodeTree, index: UInt32)
}

extension Node: NodeChild {}

extension Member: NodeChild {
    /// Member `index` of a parsed tree, its key named by its pointer's token.
    public init(tree: NodeTree, index: UInt32) {
        let record = tree.records[Int(index)]
        self.init(key: tree.key(of: index), from: record.keyStart, to: record.keyEnd, value: Node(tree: tree, index: index))
    }
}

/// The members of an object or the elements of an array: side by side in a parsed tree, or an
/// array of their own for a collection made outside a parse.
public struct NodeChildren<Element: NodeChild>: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    private enum Storage: Sendable {
        case parsed(NodeTree, first: UInt32, count: Int)
        case built([Element])
    }

    private let storage: Storage

    init(tree: NodeTree, children: Range<UInt32>) {
        storage = .parsed(tree, first: children.lowerBound, count: children.count)
    }

    /// Children made outside a parse.
    public init(_ children: [Element]) {
        storage = .built(children)
    }

    public init(arrayLiteral children: Element...) {
        self.init(children)
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .parsed(_, _, let count): count
        case .built(let children): children.count
        }
    }

    public subscript(position: Int) -> Element {
        switch storage {
        case .parsed(let tree, let first, let count):
            precondition(position >= 0 && position < count, "index out of range")
            return Element(tree: tree, index: first + UInt32(position))
        case .built(let children):
            return children[position]
        }
    }
}

extension Node.Value {
    fileprivate var members: Members? {
        if case .object(let members) = self { return members }
        return nil
    }

    fileprivate var elements: Elements? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

/// An object's members.
public typealias Members = NodeChildren<Member>
/// An array's elements.
public typealias Elements = NodeChildren<Node>

extension Node {
    /// The members if this is an object.
    public var members: Members? {
        kind == .object ? value.members : nil
    }

    /// The elements if this is an array.
    public var elements: Elements? {
        kind == .array ? value.elements : nil
    }

    /// The text if this is a string.
    public var string: String? {
        kind.isString ? text : nil
    }

    /// The literal text if this is a number.
    public var numberText: String? {
        kind.isNumber ? text : nil
    }

    /// The value if this is a boolean.
    public var bool: Bool? {
        switch kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        kind == .null
    }

    /// Whether this is a string, found without reading the text.
    public var isString: Bool {
        kind.isString
    }

    /// The first member named `key`, if this is an object that has one.
    public func member(_ key: String) -> Member? {
        guard case .parsed(let tree, let index) = storage else { return members?.first { $0.key == key } }
        return tree.member(named: key, of: index)
    }

    /// The value of the first member named `key`.
    public subscript(key: String) -> Node? {
        member(key)?.value
    }

    /// What kind of value this is, in the words JSON Schema uses.
    public var kindName: String {
        switch kind {
        case .object: "object"
        case .array: "array"
        case .quotedString, .plainString, .textString: "string"
        case .sourceNumber, .textNumber: "number"
        case .true, .false: "boolean"
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
        switch value {
        case .object(let members):
            copy.value = .object(Members(members.map {
                var member = $0
                member.value = $0.value.moved(to: pointer.appending(key: $0.key))
                return member
            }))
        case .array(let elements):
            copy.value = .array(Elements(elements.enumerated().map { $1.moved(to: pointer.appending(index: $0)) }))
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
