/// A file loaded as far as it could be: the tree of what was read and every syntax error.
/// JSON recovers after an error and reads on (docs/json.md, "Syntax errors"); YAML stops at its
/// first error, since libyaml cannot recover, and then has no tree.
public struct PartialDocument: Sendable {
    /// What was read, every recovered value included; nil when not even the top-level value
    /// could be (an empty file, YAML with an error).
    public let document: Document?
    /// Every syntax error in reading order, the first being the one `Document.load` throws; empty
    /// when the file loaded whole. At most `JSONParser.maximumListedErrorCount` are listed, and
    /// then one more that says how many were left out.
    public let errors: [SyntaxError]
    /// The array elements an error cut into, by their first byte: the innermost element around
    /// each error that lost something (a value, a member, an element).
    private let damagedElementStarts: Set<UInt32>
    /// Whether an error lost something outside every array element (or the tree is missing).
    private let isRootDamaged: Bool

    package init(document: Document? = nil, errors: [SyntaxError], damagedElementStarts: Set<UInt32> = [], isRootDamaged: Bool = true) {
        self.document = document
        self.errors = errors
        self.damagedElementStarts = damagedElementStarts
        self.isRootDamaged = isRootDamaged
    }

    /// Loads `file` as JSON or YAML, by its extension (JSON when it has neither).
    public init(loading file: SourceFile) {
        switch file.language ?? .json {
        case .json:
            self = JSONParser.parseRecovering(file)
        case .yaml:
            do throws(SyntaxError) {
                self.init(document: try YAMLLoader.load(file), errors: [], isRootDamaged: false)
            } catch {
                self.init(errors: [error])
            }
        }
    }

    /// The tree less every array element an error cut into: what is read whole, so that rules
    /// checking it find no value cut short (a field missing because an error swallowed it).
    public var readableRoot: Node? {
        guard let root = document?.root else { return nil }
        return damagedElementStarts.isEmpty ? root : Self.removingDamagedElements(from: root, damagedElementStarts)
    }

    private static func removingDamagedElements(from node: Node, _ damaged: Set<UInt32>) -> Node {
        var node = node
        switch node.value {
        case .array(let elements):
            node.value = .array(Elements(elements.filter { !damaged.contains(UInt32($0.range.start.offset)) }.map { removingDamagedElements(from: $0, damaged) }))
        case .object(let members):
            node.value = .object(Members(members.map { member in
                var member = member
                member.value = removingDamagedElements(from: member.value, damaged)
                return member
            }))
        default:
            break
        }
        return node
    }

    /// The keys of the top-level values (app types) an error lost part of; nil when that cannot
    /// be told: the error is outside them, the tree is missing, or such a value's key is not
    /// read whole.
    public var damagedAppTypeKeys: Set<String>? {
        guard !isRootDamaged, let root = document?.root else { return nil }
        var keys = Set<String>()
        let errorOffsets = errors.map(\.range.start.offset)
        // Sorted, so that finding whether a value holds one is a binary search, not a scan per value.
        let damagedStarts = damagedElementStarts.map(Int.init).sorted()
        for appType in root.elements ?? [] {
            let range = appType.range.start.offset..<appType.range.end.offset
            let firstAtOrAfter = Self.firstIndex(in: damagedStarts, atOrAfter: range.lowerBound)
            guard firstAtOrAfter < damagedStarts.count, range.contains(damagedStarts[firstAtOrAfter]) else { continue }
            guard let key = appType["key"], let text = key.string,
                  !errorOffsets.contains(where: { (key.range.start.offset...key.range.end.offset).contains($0) }) else { return nil }
            keys.insert(text)
        }
        return keys
    }

    /// The index of the first of `sorted` that is at least `value` (`sorted.count` if none is).
    private static func firstIndex(in sorted: [Int], atOrAfter value: Int) -> Int {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
