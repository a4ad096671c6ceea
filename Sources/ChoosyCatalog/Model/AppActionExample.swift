import ChoosySyntax

/// One documented rendering of an app action: the parameter values a caller passes and the URL
/// the client must open for them, so the data shows and proves what its url_format does. Read
/// from its node when asked, like every model value.
public struct AppActionExample: DecodedValue, Sendable {
    /// The values by parameter key; values that are not strings are left out (the schema rule
    /// reports them).
    public var parameters: [String: String] {
        Dictionary(
            (node["parameters"]?.members ?? []).compactMap { member in member.value.string.map { (member.key, $0) } },
            uniquingKeysWith: { _, last in last })
    }
    public var url: String? { node["url"]?.string }
    public let node: Node

    package static let knownKeys = CatalogEntity.example.fieldNames

    package init(_ node: Node) {
        self.node = node
    }
}
