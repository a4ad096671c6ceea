/// Which client the tool answers for: how it merges the layers and how it renders a URL. Every
/// command that merges or renders takes one, from `--client` or the config's `client:`;
/// docs/merge.md and docs/url.md specify both.
public enum ClientProfile: String, CaseIterable, Sendable {
    /// The Choosy iOS client 0.6.x, in every app in the field: the earliest definition of a key
    /// wins whole (a later layer only adds keys), keys are lowercased, values are escaped
    /// leniently, query components are cut at `=` and crash the app without one.
    case shipped
    /// A client that fixes 0.6.x: a later layer wins field by field, values are escaped to RFC
    /// 3986's unreserved set, literal query components are kept, `#` starts a fragment.
    case rfc3986

    /// The profile of a catalog that names none.
    public static let `default` = ClientProfile.shipped

    /// The words the docs site uses for each profile.
    public var summary: String {
        switch self {
        case .shipped: "the shipped Choosy iOS client 0.6.x"
        case .rfc3986: "a client that fixes 0.6.x (later layers win, RFC 3986 escaping)"
        }
    }

    /// Which of several definitions of a key counts, in a few words for a list of them.
    public var precedence: String {
        laterDefinitionsWin ? "later overrides earlier, field by field" : "the earliest counts; later ones only add new keys"
    }

    /// Whether a definition of a key in a later layer changes the value (`rfc3986`), or only
    /// the earliest definition counts and later ones add nothing but new keys (`shipped`).
    var laterDefinitionsWin: Bool { self == .rfc3986 }

    /// `key` as this client matches it: the shipped client lowercases every key it reads.
    /// Merged values match their keys on every lookup, so a key with nothing to lowercase
    /// (every valid one) is recognised by a loop over the bytes where they are stored.
    public func matchingKey(_ key: String) -> String {
        guard self == .shipped else { return key }
        func mayChange(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "A") < 26 || byte >= 0x80 }
        let changes = key.utf8.withContiguousStorageIfAvailable { $0.contains(where: mayChange) } ?? key.utf8.contains(where: mayChange)
        return changes ? key.lowercased() : key
    }
}
