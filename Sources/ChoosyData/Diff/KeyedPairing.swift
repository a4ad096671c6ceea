/// The values of two versions of a list paired by key; of the rest, when contents are given, a
/// removed and an added value with the same content (everything but the key) are a rename.
struct KeyedPairing<Value> {
    var common: [(old: Value, new: Value)] = []
    var renamed: [(old: Value, new: Value)] = []
    var removed: [Value] = []
    var added: [Value] = []

    /// `oldKey` and `oldContent` see an old value as it reads after the renames found one level
    /// up (an app action's key after its action's rename), so that one rename is one change.
    init(
        old: [Value], new: [Value], oldKey: (Value) -> String, newKey: (Value) -> String,
        oldContent: ((Value) -> JSONOutput)? = nil, newContent: ((Value) -> JSONOutput)? = nil
    ) {
        let oldKeys = Set(old.map(oldKey))
        var unpairedNew = new.filter { !oldKeys.contains(newKey($0)) }
        for value in old {
            if let match = new.first(where: { newKey($0) == oldKey(value) }) {
                common.append((value, match))
            } else if let oldContent, let newContent,
                      let index = unpairedNew.firstIndex(where: { newContent($0) == oldContent(value) }) {
                renamed.append((value, unpairedNew.remove(at: index)))
            } else {
                removed.append(value)
            }
        }
        added = unpairedNew
    }
}
