import Foundation

/// An RFC 6901 JSON Pointer (`/apps/0/key`). Pointers share their prefixes, so giving every
/// node of a tree its pointer costs one small allocation per node.
public final class JSONPointer: Hashable, Sendable, CustomStringConvertible {
    private let parent: JSONPointer?
    private let token: String

    /// The pointer to the whole document, written as the empty string.
    public static let root = JSONPointer(parent: nil, token: "")

    private init(parent: JSONPointer?, token: String) {
        self.parent = parent
        self.token = token
    }

    /// The pointer to member `key` of the object this pointer refers to.
    public func appending(key: String) -> JSONPointer {
        JSONPointer(parent: self, token: key)
    }

    /// The pointer to element `index` of the array this pointer refers to.
    public func appending(index: Int) -> JSONPointer {
        JSONPointer(parent: self, token: String(index))
    }

    /// The unescaped reference tokens from the root down.
    public var tokens: [String] {
        var result: [String] = []
        var current: JSONPointer? = self
        while let pointer = current, pointer.parent != nil {
            result.append(pointer.token)
            current = pointer.parent
        }
        return result.reversed()
    }

    public var description: String {
        tokens.map { "/" + Self.escape($0) }.joined()
    }

    private static func escape(_ token: String) -> String {
        guard token.contains("~") || token.contains("/") else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    public static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs === rhs || lhs.tokens == rhs.tokens
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tokens)
    }
}
