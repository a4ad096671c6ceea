/// One documented rendering of an app action: the parameter values a caller passes and the URL
/// the client must open for them, so the data shows and proves what its url_format does.
public struct AppActionExample: DecodedValue, Sendable {
    /// The values by parameter key; values that are not strings are left out (the schema rule
    /// reports them).
    public let parameters: [String: String]
    public let url: String?
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String

    static let knownKeys = ["parameters", "url"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        var parameters: [String: String] = [:], url: String?
        node.decodeMembers(knownKeys: Self.knownKeys) { member, value in
            switch member {
            case "parameters":
                parameters = Dictionary(
                    (value.members ?? []).compactMap { member in member.value.string.map { (member.key, $0) } },
                    uniquingKeysWith: { _, last in last })
            case "url": url = value.string
            default: break
            }
        }
        (self.parameters, self.url) = (parameters, url)
    }
}
