import ChoosyCore

/// Builds the positioned `Node` tree from libyaml events while holding the input to the subset
/// the loader accepts: one document, string keys, bounded nesting and bounded alias expansion.
struct YAMLTreeBuilder: ~Copyable {
    /// How many nodes aliases may add to a tree in total. Real catalogs use a handful; an alias
    /// bomb ("billion laughs") reaches the limit after a few thousand copies and stops there.
    static let maximumNodesAddedByAliases = 100_000

    /// A finished node with what limits need to know about it without walking it again.
    private struct MeasuredNode {
        let record: NodeTree.Record
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
        let anchor: String?
        /// Where this collection's children start among the tree's values waiting for their
        /// collection.
        let firstChild: Int
        /// A mapping's key waiting for its value; nil when the next node is a key.
        var pendingKey: (text: String, range: SourceRange)?
        var nodeCount = 1
        var childDepth = 0
    }

    private let positions: YAMLPositionTable
    private var openCollections: [OpenCollection] = []
    private var tree: NodeTreeBuilder
    private var anchors: [String: Anchor] = [:]
    private var nodesAddedByAliases = 0
    private var documentCount = 0
    /// The document's value, once its last event has arrived.
    private(set) var root: Node?

    init(positions: YAMLPositionTable, lines: SourceLines) {
        self.positions = positions
        tree = NodeTreeBuilder(lines: lines)
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
            // An anchored key is only ever copied to a value elsewhere.
            remember(scalar.anchor, MeasuredNode(record: scalarRecord(value, at: range), nodeCount: 1, depth: 0))
            return
        }
        let measured = MeasuredNode(record: scalarRecord(try YAMLScalarResolver.resolve(scalar, at: range), at: range), nodeCount: 1, depth: 0)
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
            guard let key = tree.string(of: anchored.record) else {
                throw SyntaxError(
                    "a mapping key must be a string, but alias *\(name) refers to \(kindName(of: anchored.record.kind))",
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
        // The copy keeps the anchored text's ranges; its pointers are its own.
        tree.addCopy(of: anchored.record)
        measure(anchored)
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
        openCollections.append(OpenCollection(isMapping: isMapping, start: start, anchor: anchor, firstChild: tree.childCount))
    }

    private mutating func closeCollection(at end: SourceLocation) {
        let collection = openCollections.removeLast()
        tree.closeCollection(isObject: collection.isMapping, from: collection.start.offset, to: end.offset, firstChild: collection.firstChild)
        let measured = MeasuredNode(record: tree.lastRecord, nodeCount: collection.nodeCount, depth: collection.childDepth + 1)
        remember(collection.anchor, measured)
        measure(measured)
    }

    /// Adds a scalar read whole to the tree.
    private mutating func attach(_ measured: MeasuredNode) {
        tree.add(measured.record)
        measure(measured)
    }

    /// Counts the value added last into its collection, names it when it is a member, and
    /// finishes the tree when it is the document's value.
    private mutating func measure(_ measured: MeasuredNode) {
        guard !openCollections.isEmpty else {
            root = tree.finish()
            return
        }
        let last = openCollections.count - 1
        openCollections[last].nodeCount += measured.nodeCount
        openCollections[last].childDepth = max(openCollections[last].childDepth, measured.depth)
        if let key = openCollections[last].pendingKey {
            let name = tree.nameNumber(of: key.text)
            tree.nameLast(name, keyFrom: key.range.start.offset, to: key.range.end.offset)
            openCollections[last].pendingKey = nil
        }
    }

    private mutating func remember(_ anchor: String?, _ measured: MeasuredNode) {
        if let anchor { anchors[anchor] = .complete(measured) }
    }

    /// The record of a scalar at `range`.
    private mutating func scalarRecord(_ value: Node.Value, at range: SourceRange) -> NodeTree.Record {
        tree.scalarRecord(value, from: range.start.offset, to: range.end.offset)
    }

    private func range(of event: YAMLEvent) -> SourceRange {
        SourceRange(start: positions.location(ofCharacter: event.start), end: positions.location(ofCharacter: event.end))
    }

    /// What a value is, in YAML's words, for key errors.
    private func kindName(of value: Node.Value) -> String {
        switch value {
        case .object: kindName(of: .object)
        case .array: kindName(of: .array)
        case .string: kindName(of: .textString)
        case .number: kindName(of: .textNumber)
        case .bool: kindName(of: .true)
        case .null: kindName(of: NodeTree.Kind.null)
        }
    }

    private func kindName(of kind: NodeTree.Kind) -> String {
        switch kind {
        case .object: "a mapping"
        case .array: "a sequence"
        case .quotedString, .plainString, .textString: "a string"
        case .sourceNumber, .textNumber: "a number"
        case .true, .false: "a boolean"
        case .null: "null"
        }
    }

    private func nestingTooDeep(at location: SourceLocation, through alias: String?) -> SyntaxError {
        SyntaxError(
            "nesting is deeper than \(maximumNestingDepth) levels" + (alias.map { " once alias *\($0) is expanded" } ?? ""),
            at: location, hint: "flatten the data; real catalogs nest a few levels")
    }
}
