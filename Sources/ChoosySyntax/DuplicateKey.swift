import ChoosyCore

/// A key an object holds twice. JSON parsers disagree about it (most keep the last value
/// silently), so both lint's `duplicate-key` rule and the config reader report every one,
/// in these words.
public struct DuplicateKey: Sendable {
    public let key: String
    /// The second (or later) occurrence of the key.
    public let range: SourceRange
    /// The value of that occurrence.
    public let pointer: JSONPointer
    /// The first occurrence of the key.
    public let firstRange: SourceRange

    public var message: String { "duplicate key \"\(key.excerpt)\"; an object holds each key once" }
    public static let hint = "remove one of the two, or merge their contents"
}

extension Document {
    /// Every key held a second time by its object, in document order.
    public func duplicateKeys() -> [DuplicateKey] {
        var duplicates: [DuplicateKey] = []
        forEachDuplicateKey { duplicates.append($0) }
        return duplicates
    }

    /// Calls `body` with every key held a second time by its object, in document order,
    /// without keeping them: an object of a million repeated keys is a million calls, not a
    /// million values held at once.
    public func forEachDuplicateKey(_ body: (DuplicateKey) -> Void) {
        Self.visitDuplicateKeys(below: root, body)
    }

    private static func visitDuplicateKeys(below node: Node, _ body: (DuplicateKey) -> Void) {
        // Through `elements` and `members`, not a switch on `value`, which reads every string.
        if let elements = node.elements {
            for element in elements { visitDuplicateKeys(below: element, body) }
            return
        }
        guard let members = node.members else { return }
        // Most objects have a few members: comparing each key with those before it is
        // cheaper than hashing every key; large objects are indexed.
        let isIndexed = members.count > 16
        var firstByKey: [String: Int] = [:]
        // By index, so that no member (a key, a range and a node) is copied to be compared.
        for index in members.indices {
            let key = members[index].key
            let first = isIndexed ? firstByKey[key] : (0..<index).first { members[$0].key == key }
            if let first {
                body(DuplicateKey(
                    key: key, range: members[index].keyRange, pointer: members[index].value.pointer,
                    firstRange: members[first].keyRange))
            } else if isIndexed {
                firstByKey[key] = index
            }
            visitDuplicateKeys(below: members[index].value, body)
        }
    }
}
