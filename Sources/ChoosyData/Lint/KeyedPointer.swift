/// A JSON Pointer rewritten through keys: each array index that picks an element with a
/// string `key` becomes that key (`/0/parameters/3` → `/twitter/parameters/text`). An ignore
/// entry written this way names a value, not a position, so inserting or reordering entries
/// above it never moves it onto another value.
enum KeyedPointer {
    /// The keyed form of `pointer` in the tree `root`; an index of an element without a string
    /// `key`, and tokens below the tree, stay as written.
    static func keyed(_ pointer: String, in root: Node) -> String {
        var node: Node? = root
        var keyed: [String] = []
        for token in JSONPointer.tokens(of: pointer) {
            guard let current = node else {
                keyed.append(token)
                continue
            }
            if let elements = current.elements {
                let element = Int(token).flatMap { String($0) == token && elements.indices.contains($0) ? elements[$0] : nil }
                keyed.append(element?["key"]?.string ?? token)
                node = element
            } else {
                keyed.append(token)
                node = current[token]
            }
        }
        return keyed.map { "/" + JSONPointer.escape($0) }.joined()
    }
}
