import ChoosySyntax

/// An entity of a catalog file as an editor lists it (the outline, "go to symbol"): an app
/// type, a parameter, an action, an app or an app action, by its key, with what it holds.
public struct CatalogSymbol: Sendable {
    public enum Kind: String, Sendable {
        case appType = "app type"
        case parameter
        case action
        case app
        case appAction = "app action"
    }

    public let key: String
    public let name: String?
    public let kind: Kind
    /// The whole entity, as byte offsets of the file: an outline converts thousands of them to
    /// an editor's positions, and placing each on its line first was a fifth of its time.
    public let bytes: Range<Int>
    /// Its key's value, as byte offsets of the file.
    public let keyBytes: Range<Int>
    public let children: [CatalogSymbol]

    /// The entities of a file whose tree is `root`, as they nest; those without a key are left out.
    public static func outline(of root: Node) -> [CatalogSymbol] {
        symbols(root, .appType) { appType in
            symbols(appType["parameters"], .parameter) + symbols(appType["actions"], .action)
                + symbols(appType["apps"], .app) { app in symbols(app["actions"], .appAction) }
        }
    }

    private static func symbols(_ list: Node?, _ kind: Kind, children: (Node) -> [CatalogSymbol] = { _ in [] }) -> [CatalogSymbol] {
        (list?.elements ?? []).compactMap { entity in
            guard let key = entity.member("key"), let text = key.value.string else { return nil }
            return CatalogSymbol(
                key: text, name: entity["name"]?.string, kind: kind, bytes: entity.byteRange, keyBytes: key.value.byteRange, children: children(entity))
        }
    }

    /// This symbol and every one below it, each with the key of the symbol holding it.
    public func flattened(container: String? = nil) -> [(symbol: CatalogSymbol, container: String?)] {
        [(self, container)] + children.flatMap { $0.flattened(container: key) }
    }
}
