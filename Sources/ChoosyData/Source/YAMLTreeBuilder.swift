/// Builds the positioned `Node` tree from libyaml events while holding the input to the subset
/// the loader accepts: one document, string keys, bounded nesting and bounded alias expansion.
struct YAMLTreeBuilder: ~Copyable {
    /// How many nodes aliases may add to a tree in total. Real catalogs use a handful; an alias
    /// bomb ("billion laughs") reaches the limit after a few thousand copies and stops there.
    static let maximumNodesAddedByAliases = 100_000

    /// A finished node with what limits need to know about it without walking it again.
    private struct MeasuredNode {
        let node: Node
        let nodeCount: Int
        /// How many collections deep the node is, itself included (a scalar is 0).
        let depth: Int
    }

    /// An anchor is open while its collection is being read; an alias to it then would recurse.
    private enum Anchor {
        case open
        case complete(MeasuredNode)
    }

    /// A sequence or mapping whose end event has not arrived yet.
    private struct OpenCollection {
        let isMapping: Bool
        let start: SourceLocation
        let pointer: JSONPointer
        let anchor: String?
        /// Where this collection's children start on the builder's child stacks.
        let firstChild: Int
        /// A mapping's key waiting for its value; nil when the next node is a key.
        var pendingKey: (text: String, range: SourceRange)?
        var nodeCount = 1
        var childDepth = 0
    }

    private let positions: YAMLPositionTable
    private var openCollections: [OpenCollection] = []
    private var members = ChildStack<Member>()
    private var elements = ChildStack<Node>()
    private let pointers: JSONPointerTable
    private var anchors: [String: Anchor] = [:]
    private var nodesAddedByAliases = 0
    private var documentCount = 0
    /// The document's value, once its last event has arrived.
    private(set) var root: Node?

    init(positions: YAMLPositionTable, lines: SourceLines) {
        self.positions = positions
        pointers = JSONPointerTable(base: nil, lines: lines)
    }

    mutating func add(_ event: YAMLEvent) throws(SyntaxError) {
        switch event.kind {
        case .streamStart, .documentEnd, .streamEnd:
            break
        case .documentStart:
            documentCount += 1
            guard documentCount == 1 else {
                throw SyntaxError(
                    "a file holds one YAML document; a second one starts here",
                    at: positions.location(ofCharacter: event.start),
                    hint: "put each document in a file of its own, or remove this `---` if it was meant to continue the first")
            }
        case .scalar(let scalar):
            try addScalar(scalar, at: range(of: event))
        case .alias(let name):
            try addAlias(named: name, at: range(of: event))
        case .collectionStart(let isMapping, let anchor, let tag):
            try openCollection(isMapping: isMapping, anchor: anchor, tag: tag, at: positions.location(ofCharacter: event.start))
        case .collectionEnd:
            closeCollection(at: positions.location(ofCharacter: event.end))
        }
    }

    private var isAtKey: Bool {
        openCollections.last.map { $0.isMapping && $0.pendingKey == nil } ?? false
    }

    /// Adds the pointer of the node that comes next in value position to the tree's table.
    private func makeNextPointer() -> JSONPointer {
        guard let parent = openCollections.last else { return pointers.basePointer }
        if let key = parent.pendingKey { return pointers.appending(key: key.text, to: parent.pointer) }
        return pointers.appending(index: elements.count - parent.firstChild, to: parent.pointer)
    }

    private mutating func addScalar(_ scalar: YAMLEvent.Scalar, at range: SourceRange) throws(SyntaxError) {
        if isAtKey {
            if scalar.isPlain, scalar.tag == nil, scalar.text == "<<" {
                throw SyntaxError(
                    "merge keys (<<) are not supported", at: range,
                    hint: "write the keys out in this mapping instead of merging them in")
            }
            let value = try YAMLScalarResolver.resolve(scalar, at: range)
            guard case .string(let key) = value else {
                throw SyntaxError(
                    scalar.text.isEmpty
                        ? "a mapping key must be a string, but this key is empty (null)"
                        : "a mapping key must be a string, but \(scalar.text) is read as \(kindName(of: value))",
                    at: range,
                    hint: scalar.text.isEmpty ? "write a key before the ':'" : "quote it: '\(scalar.text)':")
            }
            openCollections[openCollections.count - 1].pendingKey = (key, range)
            // An anchored key is only ever copied to a value elsewhere, which gets its own pointer.
            remember(scalar.anchor, MeasuredNode(node: node(value, at: range, pointer: pointers.basePointer), nodeCount: 1, depth: 0))
            return
        }
        let measured = MeasuredNode(
            node: node(try YAMLScalarResolver.resolve(scalar, at: range), at: range, pointer: makeNextPointer()),
            nodeCount: 1, depth: 0)
        remember(scalar.anchor, measured)
        attach(measured)
    }

    private mutating func addAlias(named name: String, at range: SourceRange) throws(SyntaxError) {
        guard let anchor = anchors[name] else {
            throw SyntaxError("alias *\(name) refers to no anchor", at: range, hint: "define &\(name) before this alias")
        }
        guard case .complete(let anchored) = anchor else {
            throw SyntaxError(
                "alias *\(name) refers to a node that contains it (a recursive alias)", at: range,
                hint: "a JSON value cannot contain itself; copy the data instead")
        }
        if isAtKey {
            guard case .string(let key) = anchored.node.value else {
                throw SyntaxError(
                    "a mapping key must be a string, but alias *\(name) refers to \(kindName(of: anchored.node.value))",
                    at: range, hint: "write the key as a string")
            }
            openCollections[openCollections.count - 1].pendingKey = (key, range)
            return
        }
        nodesAddedByAliases += anchored.nodeCount
        guard nodesAddedByAliases <= Self.maximumNodesAddedByAliases else {
            throw SyntaxError(
                "aliases expand to more than \(Self.maximumNodesAddedByAliases) nodes; this looks like an alias bomb",
                at: range, hint: "write the data out, or use fewer aliases to large nodes")
        }
        guard openCollections.count + anchored.depth <= maximumNestingDepth else {
            throw nestingTooDeep(at: range.start, through: name)
        }
        attach(MeasuredNode(node: anchored.node.moved(to: makeNextPointer()), nodeCount: anchored.nodeCount, depth: anchored.depth))
    }

    private mutating func openCollection(
        isMapping: Bool, anchor: String?, tag: String?, at start: SourceLocation
    ) throws(SyntaxError) {
        let kind = isMapping ? "mapping" : "sequence"
        if let tag {
            let parsed = try YAMLTag(tag, at: SourceRange(at: start))
            guard parsed == .nonSpecific || parsed == (isMapping ? .mapping : .sequence) else {
                throw SyntaxError("tag \(parsed.displayName) cannot be used on a \(kind)", at: start, hint: "remove the tag")
            }
        }
        if isAtKey {
            throw SyntaxError(
                "a mapping key must be a string, not a \(kind)", at: start,
                hint: "JSON objects have string keys only; write the key as a string")
        }
        guard openCollections.count < maximumNestingDepth else { throw nestingTooDeep(at: start, through: nil) }
        if let anchor { anchors[anchor] = .open }
        openCollections.append(OpenCollection(
            isMapping: isMapping, start: start, pointer: makeNextPointer(), anchor: anchor,
            firstChild: isMapping ? members.count : elements.count))
    }

    private mutating func closeCollection(at end: SourceLocation) {
        let collection = openCollections.removeLast()
        let value: Node.Value = collection.isMapping
            ? .object(members.pop(from: collection.firstChild))
            : .array(elements.pop(from: collection.firstChild))
        let measured = MeasuredNode(
            node: Node(value, from: collection.start.offset, to: end.offset, pointer: collection.pointer),
            nodeCount: collection.nodeCount, depth: collection.childDepth + 1)
        remember(collection.anchor, measured)
        attach(measured)
    }

    private mutating func attach(_ measured: MeasuredNode) {
        guard !openCollections.isEmpty else {
            pointers.trim()
            root = measured.node
            return
        }
        let last = openCollections.count - 1
        openCollections[last].nodeCount += measured.nodeCount
        openCollections[last].childDepth = max(openCollections[last].childDepth, measured.depth)
        if let key = openCollections[last].pendingKey {
            members.push(Member(key: key.text, from: key.range.start.offset, to: key.range.end.offset, value: measured.node))
            openCollections[last].pendingKey = nil
        } else {
            elements.push(measured.node)
        }
    }

    private mutating func remember(_ anchor: String?, _ measured: MeasuredNode) {
        if let anchor { anchors[anchor] = .complete(measured) }
    }

    /// A node at `range`, which the lines of `pointer`'s table place again from its offsets.
    private func node(_ value: Node.Value, at range: SourceRange, pointer: JSONPointer) -> Node {
        Node(value, from: range.start.offset, to: range.end.offset, pointer: pointer)
    }

    private func range(of event: YAMLEvent) -> SourceRange {
        SourceRange(start: positions.location(ofCharacter: event.start), end: positions.location(ofCharacter: event.end))
    }

    /// What a value is, in YAML's words, for key errors.
    private func kindName(of value: Node.Value) -> String {
        switch value {
        case .object: "a mapping"
        case .array: "a sequence"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    private func nestingTooDeep(at location: SourceLocation, through alias: String?) -> SyntaxError {
        SyntaxError(
            "nesting is deeper than \(maximumNestingDepth) levels" + (alias.map { " once alias *\($0) is expanded" } ?? ""),
            at: location, hint: "flatten the data; real catalogs nest a few levels")
    }
}
