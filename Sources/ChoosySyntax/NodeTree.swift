import ChoosyCore

/// Every node of one parsed document in one array of fixed-size records: a value is its byte
/// range in the file, a string or number is read from the file's bytes when asked (only text
/// the bytes do not spell, such as a string with escapes, and short strings, decoded once per
/// distinct text, are kept, in `texts`), and the children of a collection lie next to each other. A `Node` of the document is this tree and
/// a record's index, which is also the index of the node's entry in `pointers`.
///
/// Built once by `NodeTreeBuilder`, then read-only, which is why sharing it across threads is safe.
public final class NodeTree: @unchecked Sendable {
    /// What a record holds, and where its value's text is.
    package enum Kind: UInt8 {
        case object, array
        /// Text written between the quotes of its range, as it reads.
        case quotedString
        /// Text written as its range reads (a plain YAML scalar).
        case plainString
        /// Text of its own, in `texts` at `payload`.
        case textString
        /// A number whose literal is its range.
        case sourceNumber
        /// A number whose literal is in `texts` at `payload`.
        case textNumber
        case `true`, `false`, null

        var isCollection: Bool { self == .object || self == .array }
        package var isString: Bool { self == .quotedString || self == .plainString || self == .textString }
        package var isNumber: Bool { self == .sourceNumber || self == .textNumber }
    }

    /// One node: 28 bytes, and 8 for its pointer's entry, against 72 for a member and 48 for
    /// an element (pointer entries included) when every node was a struct of its own.
    struct Record {
        var start: UInt32
        var end: UInt32
        /// Where the key is written, for an object's member.
        var keyStart: UInt32 = 0
        var keyEnd: UInt32 = 0
        /// A collection's first child; for a `textString` or `textNumber`, its text in `texts`.
        var payload: UInt32 = 0
        /// A collection's number of children.
        var count: UInt32 = 0
        var kind: Kind

        init(_ kind: Kind, from start: Int, to end: Int, payload: UInt32 = 0, count: Int = 0) {
            self.kind = kind
            self.start = UInt32(truncatingIfNeeded: start)
            self.end = UInt32(truncatingIfNeeded: end)
            self.payload = payload
            self.count = UInt32(truncatingIfNeeded: count)
        }

        /// The indices of a collection's children.
        var children: Range<UInt32> { payload..<payload + count }
    }

    /// The pointers of the records, entry for entry, and the document's lines and member names.
    let pointers: JSONPointerTable
    let records: [Record]
    let texts: [String]
    /// The document's top-level value, whose pointer is the table's base.
    let rootIndex: UInt32

    init(pointers: JSONPointerTable, records: [Record], texts: [String], rootIndex: UInt32) {
        self.pointers = pointers
        self.records = records
        self.texts = texts
        self.rootIndex = rootIndex
    }

    /// The file's lines; a parsed tree always has them.
    var lines: SourceLines { pointers.lines! }

    /// The text of a string or number record.
    func text(of record: Record) -> String {
        Self.text(of: record, lines: lines, texts: texts)
    }

    /// The text of a string or number record of a tree with these lines and kept texts.
    static func text(of record: Record, lines: SourceLines, texts: [String]) -> String {
        switch record.kind {
        case .quotedString: lines.text(from: Int(record.start) + 1, to: Int(record.end) - 1)
        case .plainString, .sourceNumber: lines.text(from: Int(record.start), to: Int(record.end))
        default: texts[Int(record.payload)]
        }
    }

    /// The member name of child `index` of an object.
    func key(of index: UInt32) -> String {
        pointers.name(numbered: pointers.token(of: index))
    }

    /// The first member named `name` of object `index`, found without making the others.
    func member(named name: String, of index: UInt32) -> Member? {
        let record = records[Int(index)]
        guard record.kind == .object else { return nil }
        // Counts first: comparing two different short strings takes the slow path of `==`.
        let count = name.utf8.count
        return record.children.first {
            let key = key(of: $0)
            return key.utf8.count == count && key == name
        }.map { Member(tree: self, index: $0) }
    }
}

/// Builds a `NodeTree` as a parser reads: each value is added once it is read whole, a
/// collection after its children. Values wait on a stack until their collection closes, and
/// then move into the tree side by side; a collection's children learn their parent's entry
/// when the collection itself moves in, so every record is written once and patched once.
struct NodeTreeBuilder: ~Copyable {
    /// A value read whole whose collection is still open, and its member name's number.
    private struct Pending {
        var record: NodeTree.Record
        var name: UInt32 = 0
    }

    private let lines: SourceLines
    private var pending: [Pending] = []
    private var records: [NodeTree.Record] = []
    private var texts: [String] = []
    /// The pointer table's entries, one per record, and its member names.
    private var parents: [UInt32] = []
    private var tokens: [UInt32] = []
    private var names: [String] = []
    /// The names' numbers, found by their UTF-8 bytes: a parser looks a key up as written,
    /// without making (and hashing) a `String` of it first.
    private var nameNumbers = NameNumbers()
    /// The positions in `texts` of short strings, by their bytes: each distinct one is decoded
    /// once, when it is read, and kept (a `String` that short needs no storage of its own), so
    /// that reading it back, which rules do often, costs no decoding.
    private var shortTexts = NameNumbers()

    /// The longest UTF-8 text a `String` holds without storage of its own.
    static let shortStringCapacity = 15

    init(lines: SourceLines) {
        self.lines = lines
    }

    /// The number of the member name whose UTF-8 bytes are `spelling`, numbering it if new.
    mutating func nameNumber(spelledBy spelling: UnsafeBufferPointer<UInt8>) -> UInt32 {
        nameNumbers.number(of: spelling) {
            names.append(String(decoding: spelling, as: UTF8.self))
            return UInt32(names.count - 1)
        }
    }

    /// The number of member name `name`, numbering it if new.
    mutating func nameNumber(of name: String) -> UInt32 {
        var name = name
        return name.withUTF8 { nameNumber(spelledBy: $0) }
    }

    /// The member name numbered `number`.
    func name(numbered number: UInt32) -> String {
        names[Int(number)]
    }

    /// Where the children of a collection opened now will start.
    var childCount: Int { pending.count }

    /// The value added last.
    var lastRecord: NodeTree.Record { pending[pending.count - 1].record }

    /// The first byte of the value added last.
    var lastStart: UInt32 { lastRecord.start }

    /// Adds a value read whole.
    mutating func add(_ record: NodeTree.Record) {
        pending.append(Pending(record: record))
    }

    /// A record for a string at bytes `start..<end` whose text is `spelling` and no longer
    /// than `shortStringCapacity`.
    mutating func shortStringRecord(spelledBy spelling: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> NodeTree.Record {
        let position = shortTexts.number(of: spelling) {
            texts.append(String(decoding: spelling, as: UTF8.self))
            return UInt32(texts.count - 1)
        }
        return NodeTree.Record(.textString, from: start, to: end, payload: position)
    }

    /// A record for a scalar at bytes `start..<end`: its text is kept only where it is short
    /// or where the bytes do not spell it.
    mutating func scalarRecord(_ value: Node.Value, from start: Int, to end: Int) -> NodeTree.Record {
        switch value {
        case .string(var text) where text.utf8.count <= Self.shortStringCapacity:
            return text.withUTF8 { shortStringRecord(spelledBy: $0, from: start, to: end) }
        case .string(let text):
            switch lines.spells(text, from: start, to: end) {
            case true?: return NodeTree.Record(.quotedString, from: start, to: end)
            case false?: return NodeTree.Record(.plainString, from: start, to: end)
            case nil: return NodeTree.Record(.textString, from: start, to: end, payload: keep(text))
            }
        case .number(let literal):
            if lines.spells(literal, from: start, to: end) == false { return NodeTree.Record(.sourceNumber, from: start, to: end) }
            return NodeTree.Record(.textNumber, from: start, to: end, payload: keep(literal))
        case .bool(let value):
            return NodeTree.Record(value ? .true : .false, from: start, to: end)
        case .null:
            return NodeTree.Record(.null, from: start, to: end)
        case .object, .array:
            preconditionFailure("a collection is added by closeCollection")
        }
    }

    private mutating func keep(_ text: String) -> UInt32 {
        texts.append(text)
        return UInt32(texts.count - 1)
    }

    /// Makes the value added last the member named `name` whose key is at `keyStart..<keyEnd`.
    mutating func nameLast(_ name: UInt32, keyFrom keyStart: Int, to keyEnd: Int) {
        let last = pending.count - 1
        pending[last].name = name
        pending[last].record.keyStart = UInt32(truncatingIfNeeded: keyStart)
        pending[last].record.keyEnd = UInt32(truncatingIfNeeded: keyEnd)
    }

    /// Adds the collection at bytes `start..<end` whose children were added from `firstChild` on.
    mutating func closeCollection(isObject: Bool, from start: Int, to end: Int, firstChild: Int) {
        let first = UInt32(records.count)
        let count = pending.count - firstChild
        for position in firstChild..<pending.count {
            let child = pending[position]
            place(child.record, token: isObject ? child.name : JSONPointerTable.indexToken(position - firstChild))
        }
        pending.removeLast(count)
        add(NodeTree.Record(isObject ? .object : .array, from: start, to: end, payload: first, count: count))
    }

    /// Adds a copy of `record`, which was added before, children and all (a YAML alias).
    mutating func addCopy(of record: NodeTree.Record) {
        add(copy(record))
    }

    private mutating func copy(_ record: NodeTree.Record) -> NodeTree.Record {
        guard record.kind.isCollection, record.count > 0 else { return record }
        let children = record.children.map { copy(records[Int($0)]) }
        var copied = record
        copied.payload = UInt32(records.count)
        for (child, original) in zip(children, record.children) {
            place(child, token: tokens[Int(original)])
        }
        return copied
    }

    /// Moves a record into the tree; its children, placed before, get it as their parent.
    private mutating func place(_ record: NodeTree.Record, token: UInt32) {
        let index = UInt32(records.count)
        records.append(record)
        tokens.append(token)
        parents.append(JSONPointerTable.baseEntry)
        if record.kind.isCollection { setParent(index, of: record.children) }
    }

    private mutating func setParent(_ parent: UInt32, of children: Range<UInt32>) {
        for child in children { parents[Int(child)] = parent }
    }

    /// The text of a string record; nil for any other kind.
    func string(of record: NodeTree.Record) -> String? {
        record.kind.isString ? NodeTree.text(of: record, lines: lines, texts: texts) : nil
    }

    /// The finished tree's root: the one value added outside every collection; nil if none was.
    /// The builder is done with afterwards.
    mutating func finish() -> Node? {
        guard pending.count == 1 else { return nil }
        let root = pending[0].record
        // Each array is let go of as soon as it is copied, the stack of pending values first:
        // holding them all until the end made an object of a million members peak at 1.5 times
        // the tree's size on top of it.
        pending = []
        place(root, token: 0)
        if root.kind.isCollection { setParent(JSONPointerTable.baseEntry, of: root.children) }
        let rootIndex = UInt32(records.count - 1)
        let records = Self.trimmed(&self.records)
        let pointers = JSONPointerTable(
            base: nil, lines: lines, parents: Self.trimmed(&parents), tokens: Self.trimmed(&tokens), names: names)
        let tree = NodeTree(pointers: pointers, records: records, texts: texts, rootIndex: rootIndex)
        return Node(tree: tree, index: tree.rootIndex)
    }

    /// `array`'s elements without its spare capacity (up to half of it, grown by doubling);
    /// `array` is left empty.
    private static func trimmed<Element>(_ array: inout [Element]) -> [Element] {
        let copy = array.withUnsafeBufferPointer { Array($0) }
        array = []
        return copy
    }
}
