import ChoosyCore

/// The values of two versions of a list paired by key; of the rest, when contents are given, a
/// removed and an added value with the same content (everything but the key) are a rename.
/// Keys and contents are looked up in hash maps, so a list of a hundred thousand apps pairs in
/// linear time.
struct KeyedPairing<Value> {
    var common: [(old: Value, new: Value)] = []
    var renamed: [(old: Value, new: Value)] = []
    var removed: [Value] = []
    var added: [Value] = []

    /// `oldKey` and `oldContent` see an old value as it reads after the renames found one level
    /// up (an app action's key after its action's rename), so that one rename is one change.
    /// An old value pairs with the first new value of its key; an unpaired one is renamed to
    /// the first unpaired new value with its content not yet taken.
    init(
        old: [Value], new: [Value], oldKey: (Value) -> String, newKey: (Value) -> String,
        oldContent: ((Value) -> JSONValue)? = nil, newContent: ((Value) -> JSONValue)? = nil
    ) {
        let newKeys = new.map(newKey)
        var firstNewByKey: [String: Int] = [:]
        for (index, key) in newKeys.enumerated() where firstNewByKey[key] == nil {
            firstNewByKey[key] = index
        }
        let oldKeys = Set(old.map(oldKey))
        let unpairedNew = new.indices.filter { !oldKeys.contains(newKeys[$0]) }
        // Each content's unpaired new values in order, and how many of them renames took.
        var unpairedByContent: [String: (indices: [Int], taken: Int)] = [:]
        if let newContent {
            for index in unpairedNew {
                unpairedByContent[newContent(new[index]).compactText(), default: ([], 0)].indices.append(index)
            }
        }
        var renamedNew = Set<Int>()
        for value in old {
            if let match = firstNewByKey[oldKey(value)] {
                common.append((value, new[match]))
            } else if let oldContent, let index = Self.take(oldContent(value).compactText(), from: &unpairedByContent) {
                renamed.append((value, new[index]))
                renamedNew.insert(index)
            } else {
                removed.append(value)
            }
        }
        added = unpairedNew.filter { !renamedNew.contains($0) }.map { new[$0] }
    }

    /// The first new value of `content` no rename has taken yet, now taken.
    private static func take(_ content: String, from unpaired: inout [String: (indices: [Int], taken: Int)]) -> Int? {
        guard let entry = unpaired[content], entry.taken < entry.indices.count else { return nil }
        unpaired[content]!.taken += 1
        return entry.indices[entry.taken]
    }
}
