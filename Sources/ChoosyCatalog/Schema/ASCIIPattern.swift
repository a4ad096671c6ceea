import ChoosyCore
import ChoosySyntax

/// A regular expression of the simplest kind, matched over bytes: `^`, then ASCII character
/// classes (`[a-z0-9_]`, `[^\s/]`), `\S` and letters, digits, `:`, `/`, `_` or `-`, each
/// optionally followed by `?`, `*` or `+`, then an optional `$`. A negated class and `\S` accept
/// only printable ASCII here, a part of what they accept. `NSRegularExpression` cost a twentieth of lint's time
/// on the key pattern alone, so this is tried first. Its greedy walk never backtracks, so a match
/// it finds is a match, but one it misses may not be a miss: then the full engine decides.
struct ASCIIPattern: Sendable {
    private struct Atom {
        /// Which of the 128 ASCII bytes the atom accepts, as two 64-bit halves.
        var low: UInt64 = 0
        var high: UInt64 = 0
        var minimum = 1
        var maximum = 1

        mutating func insert(_ byte: UInt8) {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }

        func accepts(_ byte: UInt8) -> Bool {
            byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
        }
    }

    private let atoms: [Atom]
    private let isAnchoredAtEnd: Bool

    /// Nil when `source` is not of this kind.
    init?(_ source: String) {
        var bytes = Array(source.utf8)[...]
        guard bytes.popFirst() == UInt8(ascii: "^") else { return nil }
        isAnchoredAtEnd = bytes.last == UInt8(ascii: "$")
        if isAnchoredAtEnd { bytes.removeLast() }
        var atoms: [Atom] = []
        while let byte = bytes.popFirst() {
            var atom = Atom()
            if byte == UInt8(ascii: "[") {
                guard Self.parseClass(&bytes, into: &atom) else { return nil }
            } else if byte == UInt8(ascii: "\\"), bytes.popFirst() == UInt8(ascii: "S") {
                for printable in Self.printable { atom.insert(printable) }
            } else if Self.isLiteral(byte) {
                atom.insert(byte)
            } else {
                return nil
            }
            switch bytes.first {
            case UInt8(ascii: "?"): atom.minimum = 0
            case UInt8(ascii: "*"): (atom.minimum, atom.maximum) = (0, .max)
            case UInt8(ascii: "+"): atom.maximum = .max
            default: break
            }
            if atom.minimum != 1 || atom.maximum != 1 { bytes.removeFirst() }
            atoms.append(atom)
        }
        self.atoms = atoms
    }

    /// True only when `text` certainly matches; false when it does not, or may not.
    package func matches(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(matches) ?? false
    }

    private func matches(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        for atom in atoms {
            var count = 0
            while count < atom.maximum, position < bytes.count, atom.accepts(bytes[position]) {
                position += 1
                count += 1
            }
            if count < atom.minimum { return false }
        }
        return !isAnchoredAtEnd || position == bytes.count
    }

    private static let printable = UInt8(ascii: "!")...UInt8(ascii: "~")
    /// What `\s` matches among ASCII bytes (ICU: tab, line feed, form feed, return, space).
    private static let whiteSpace: [UInt8] = [9, 10, 12, 13, 32]

    /// Reads a class up to its `]`: ASCII bytes, ranges and `\s`, perhaps negated.
    private static func parseClass(_ bytes: inout ArraySlice<UInt8>, into atom: inout Atom) -> Bool {
        let isNegated = bytes.first == UInt8(ascii: "^")
        if isNegated { bytes.removeFirst() }
        var members = Atom()
        var isEmpty = true
        while let byte = bytes.popFirst() {
            // An empty class (`[]`, `[^]`) is not a valid expression.
            if byte == UInt8(ascii: "]"), !isEmpty {
                if isNegated {
                    // Printable ASCII is all a negated class is trusted to accept here.
                    for printable in printable where !members.accepts(printable) { atom.insert(printable) }
                } else {
                    atom = members
                }
                return true
            }
            isEmpty = false
            if byte == UInt8(ascii: "\\") {
                guard bytes.popFirst() == UInt8(ascii: "s") else { return false }
                for space in whiteSpace { members.insert(space) }
                continue
            }
            guard byte < 128, byte != UInt8(ascii: "["), byte != UInt8(ascii: "]"), byte != UInt8(ascii: "^") else { return false }
            if bytes.count >= 2, bytes.first == UInt8(ascii: "-"), let last = bytes.dropFirst().first, last != UInt8(ascii: "]") {
                guard last < 128, last >= byte, last != UInt8(ascii: "\\"), last != UInt8(ascii: "["), last != UInt8(ascii: "^") else { return false }
                for member in byte...last { members.insert(member) }
                bytes.removeFirst(2)
            } else {
                members.insert(byte)
            }
        }
        return false
    }

    private static func isLiteral(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
