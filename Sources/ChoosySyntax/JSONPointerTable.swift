import ChoosyCore

/// The JSON Pointers of one tree, each a token and the index of its parent entry, in two flat
/// arrays: a tree's builder makes one entry per node, the entry of the node's record. A token
/// is 4 bytes: an array index itself, or the number of a member name, each name kept once. It also
/// holds the document's line starts, through which its nodes' byte offsets become ranges: every
/// node refers to its table anyway, so the lines cost a node nothing.
///
/// A table is made whole and never changes, which is why sharing it across threads is safe,
/// and why reading it needs no exclusivity checks (reading the `var`s of a class did: 8 % of a
/// lint's instructions).
final class JSONPointerTable: Sendable {
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
    private let parents: [UInt32]
    /// An array index with `Self.indexFlag` set, otherwise a position in `names`: a string per
    /// entry (16 bytes, and formatting every array index) was 5 % of the heap of a large lint.
    private let tokens: [UInt32]
    private let names: [String]
    private static let indexFlag: UInt32 = 1 << 31

    /// A table of `parents.count` entries: entry `i` is `tokens[i]` below entry `parents[i]`.
    init(base: JSONPointer?, lines: SourceLines?, fixedRange: SourceRange? = nil, parents: [UInt32] = [], tokens: [UInt32] = [], names: [String] = []) {
        self.base = base
        self.lines = lines
        self.fixedRange = fixedRange
        self.parents = parents
        self.tokens = tokens
        self.names = names
    }

    /// A table of one entry, member `key` of `base`.
    convenience init(key: String, below base: JSONPointer) {
        self.init(base: base, lines: base.table.lines, parents: [Self.baseEntry], tokens: [0], names: [key])
    }

    /// The member name numbered `number`.
    func name(numbered number: UInt32) -> String {
        names[Int(number)]
    }

    /// The token of array index `index`.
    static func indexToken(_ index: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: index) | indexFlag
    }

    /// The token of `entry`: a name number, or an index token.
    func token(of entry: UInt32) -> UInt32 {
        tokens[Int(entry)]
    }

    /// The location of byte `offset` of the table's file.
    package func location(ofOffset offset: UInt32) -> SourceLocation {
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
}
