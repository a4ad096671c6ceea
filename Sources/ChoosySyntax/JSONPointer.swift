import Foundation

/// An RFC 6901 JSON Pointer (`/apps/0/key`). A pointer is an entry of a `JSONPointerTable`;
/// a parser keeps every pointer of its tree in one table, so a node's pointer costs no
/// allocation of its own.
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    let table: JSONPointerTable
    /// The entry in `table`, or `JSONPointerTable.baseEntry` for the pointer the table hangs off.
    let entry: UInt32

    init(table: JSONPointerTable, entry: UInt32) {
        self.table = table
        self.entry = entry
    }

    /// The pointer to the whole document, written as the empty string.
    public static let root = JSONPointer(table: JSONPointerTable(base: nil, lines: nil), entry: JSONPointerTable.baseEntry)

    /// The pointer to member `key` of the object this pointer refers to. It keeps this
    /// pointer's lines, so a node moved below it keeps its range.
    public func appending(key: String) -> JSONPointer {
        JSONPointer(table: JSONPointerTable(key: key, below: self), entry: 0)
    }

    /// The pointer to element `index` of the array this pointer refers to.
    public func appending(index: Int) -> JSONPointer {
        appending(key: String(index))
    }

    /// The unescaped reference tokens from the root down.
    public var tokens: [String] {
        var result: [String] = []
        var pointer = self
        while true {
            pointer.table.appendTokensReversed(from: pointer.entry, to: &result)
            guard let base = pointer.table.base else { break }
            pointer = base
        }
        return result.reversed()
    }

    public var description: String {
        tokens.map { "/" + Self.escape($0) }.joined()
    }

    package static func escape(_ token: String) -> String {
        // Bytes, not `contains("~")`: that is Foundation's substring search, 40 % of a lint
        // with 50 000 findings.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The unescaped reference tokens of a pointer written as text (`/a~1b/0` → `a/b`, `0`);
    /// the empty string is the root, with none.
    package static func tokens(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        return text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { token in
            token.contains("~") ? token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") : String(token)
        }
    }

    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        (lhs.table === rhs.table && lhs.entry == rhs.entry) || lhs.tokens == rhs.tokens
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens)
    }
}
