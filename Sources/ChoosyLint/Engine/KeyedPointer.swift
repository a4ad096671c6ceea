import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// A JSON Pointer rewritten through keys: each array index that picks an element with a
/// string `key` becomes that key (`/0/parameters/3` → `/twitter/parameters/text`). An ignore
/// entry written this way names a value, not a position, so inserting or reordering entries
/// above it never moves it onto another value.
package enum KeyedPointer {
    /// The keyed form of `pointer` in the tree `root`; an index of an element without a string
    /// `key` stays as written unless `keylessIndex` replaces it, and tokens below the tree stay
    /// as written.
    package static func keyed(_ pointer: String, in root: Node, keylessIndex: String? = nil) -> String {
        var node: Node? = root
        var keyed: [String] = []
        for token in JSONPointer.tokens(of: pointer) {
            guard let current = node else {
                keyed.append(token)
                continue
            }
            if let elements = current.elements {
                let element = Int(token).flatMap { String($0) == token && elements.indices.contains($0) ? elements[$0] : nil }
                keyed.append(element.map { $0["key"]?.string ?? keylessIndex ?? token } ?? token)
                node = element
            } else {
                keyed.append(token)
                node = current[token]
            }
        }
        return keyed.map { "/" + JSONPointer.escape($0) }.joined()
    }
}

extension KeyedPointer {
    /// Why a pointer names no value: the first token that leads nowhere, in
    /// `UnknownKeyError`'s wording, and how many tokens led somewhere.
    struct Unresolved: Error {
        let error: UnknownKeyError
        let depth: Int
    }

    /// The value `pointer`, by keys or by index, names in the tree `root`; nil when it names none.
    package static func node(at pointer: String, in root: Node) -> Node? {
        try? resolve(pointer, in: root).get()
    }

    /// Why `pointer`, by keys or by index, names no value of the tree `root`; nil when it
    /// names a value.
    static func missing(_ pointer: String, in root: Node) -> (error: UnknownKeyError, depth: Int)? {
        guard case .failure(let unresolved) = resolve(pointer, in: root) else { return nil }
        return (unresolved.error, unresolved.depth)
    }

    private static func resolve(_ pointer: String, in root: Node) -> Result<Node, Unresolved> {
        var node = root
        // What the elements of the current array are, and the value that holds it.
        var kind = "app type"
        var container: String? = nil
        for (depth, token) in JSONPointer.tokens(of: pointer).enumerated() {
            if let elements = node.elements {
                let byIndex = Int(token).flatMap { String($0) == token && elements.indices.contains($0) ? elements[$0] : nil }
                guard let element = byIndex ?? elements.first(where: { $0["key"]?.string == token }) else {
                    let keys = elements.compactMap { $0["key"]?.string }
                    return .failure(Unresolved(error: UnknownKeyError(kind: kind, key: token, in: container, validKeys: keys), depth: depth))
                }
                container = "\(kind) '\(element["key"]?.string ?? token)'"
                node = element
            } else if let members = node.members {
                guard let member = members.first(where: { $0.key == token }) else {
                    return .failure(Unresolved(error: UnknownKeyError(kind: "key", key: token, in: container, validKeys: members.map(\.key)), depth: depth))
                }
                kind = Self.elementKinds[token] ?? "element"
                node = member.value
            } else {
                return .failure(Unresolved(error: UnknownKeyError(kind: "key", key: token, in: container, validKeys: []), depth: depth))
            }
        }
        return .success(node)
    }

    /// What the elements of a catalog array are, by the key that holds it.
    private static let elementKinds = ["parameters": "parameter", "actions": "action", "apps": "app"]
}
