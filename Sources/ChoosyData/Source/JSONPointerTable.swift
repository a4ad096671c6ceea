/// The JSON Pointers of one tree, each a token and the index of its parent entry, in two flat
/// arrays: a parser adds one entry per node instead of allocating an object per node. A token
/// is 4 bytes: an array index itself, or the number of a member name, each name kept once. It also
/// holds the document's line starts, through which its nodes' byte offsets become ranges: every
/// node refers to its table anyway, so the lines cost a node nothing.
///
/// Only the parser that made a table appends to it, and only before it hands the tree out;
/// after that it is read-only, which is why sharing it across threads is safe.
final class JSONPointerTable: @unchecked Sendable {
    /// The entry that stands for `base` itself; entries at the top of the table have it as parent.
    static let baseEntry = UInt32.max

    /// The pointer the top entries hang off; nil for the document root.
    let base: JSONPointer?
    /// The lines the offsets of nodes with pointers in this table refer to; nil for pointers
    /// made outside a parse, whose offsets are taken as columns of line 1.
    let lines: SourceLines?
    /// The range of the one node whose range the lines cannot tell (one made with a range from
    /// another file); nil for every other table.
    let fixedRange: SourceRange?
    private var parents: [UInt32] = []
    /// An array index with `Self.indexFlag` set, otherwise a position in `names`: a string per
    /// entry (16 bytes, and formatting every array index) was 5 % of the heap of a large lint.
    private var tokens: [UInt32] = []
    private var names: [String] = []
    /// The names' numbers, found by their UTF-8 bytes: a parser looks a key up as written,
    /// without making (and hashing) a `String` of it first. Dropped by `trim`.
    private var nameNumbers = NameNumbers()
    private static let indexFlag: UInt32 = 1 << 31

    init(base: JSONPointer?, lines: SourceLines?, fixedRange: SourceRange? = nil) {
        self.base = base
        self.lines = lines
        self.fixedRange = fixedRange
    }

    /// The pointer to the table's base (the document root for a parser's table).
    var basePointer: JSONPointer {
        JSONPointer(table: self, entry: Self.baseEntry)
    }

    /// Adds the pointer one member name `token` below `parent`, an entry of this table.
    func append(token: String, under parent: UInt32) -> JSONPointer {
        var token = token
        let number = token.withUTF8 { nameNumber(spelledBy: $0) }
        return append(encodedToken: number, under: parent)
    }

    /// The number of the member name whose UTF-8 bytes are `spelling`, numbering it if new.
    func nameNumber(spelledBy spelling: UnsafeBufferPointer<UInt8>) -> UInt32 {
        nameNumbers.number(of: spelling) {
            names.append(String(decoding: spelling, as: UTF8.self))
            return UInt32(names.count - 1)
        }
    }

    /// The member name numbered `number`.
    func name(numbered number: UInt32) -> String {
        names[Int(number)]
    }

    /// Adds the pointer to the member of `parent` named by name number `number`.
    func appending(nameNumber number: UInt32, to parent: JSONPointer) -> JSONPointer {
        append(encodedToken: number, under: entry(of: parent))
    }

    private func append(encodedToken: UInt32, under parent: UInt32) -> JSONPointer {
        parents.append(parent)
        tokens.append(encodedToken)
        return JSONPointer(table: self, entry: UInt32(tokens.count - 1))
    }

    /// Adds the pointer to member `key` of `parent`, which must come from this table.
    func appending(key: String, to parent: JSONPointer) -> JSONPointer {
        append(token: key, under: entry(of: parent))
    }

    /// Adds the pointer to element `index` of `parent`, which must come from this table.
    func appending(index: Int, to parent: JSONPointer) -> JSONPointer {
        append(encodedToken: UInt32(truncatingIfNeeded: index) | Self.indexFlag, under: entry(of: parent))
    }

    /// Drops the arrays' spare capacity (up to half of them, grown by doubling) once the
    /// parser has added its last entry.
    func trim() {
        parents = parents.withUnsafeBufferPointer { Array($0) }
        tokens = tokens.withUnsafeBufferPointer { Array($0) }
        nameNumbers = NameNumbers()
    }

    /// The location of byte `offset` of the table's file.
    func location(ofOffset offset: UInt32) -> SourceLocation {
        lines?.location(ofOffset: offset) ?? SourceLocation(line: 1, column: Int(offset) + 1, offset: Int(offset))
    }

    /// The range of a node whose pointer is in this table.
    func range(from start: UInt32, to end: UInt32) -> SourceRange {
        fixedRange ?? SourceRange(start: location(ofOffset: start), end: location(ofOffset: end))
    }

    /// Adds the tokens from `entry` up to (not including) the base, last token first.
    func appendTokensReversed(from entry: UInt32, to result: inout [String]) {
        var entry = entry
        while entry != Self.baseEntry {
            let token = tokens[Int(entry)]
            result.append(token & Self.indexFlag != 0 ? String(token & ~Self.indexFlag) : names[Int(token)])
            entry = parents[Int(entry)]
        }
    }

    private func entry(of pointer: JSONPointer) -> UInt32 {
        precondition(pointer.table === self, "a JSON Pointer from another table")
        return pointer.entry
    }
}
