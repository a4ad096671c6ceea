import ChoosyCatalog

/// What `choosy-data url` was asked to render.
public struct URLPreviewRequest: Sendable {
    public var appType: String
    public var action: String
    /// The values to fill in, in the order given.
    public var parameters: [(key: String, value: String)]
    /// Only this app; nil for every app of the type.
    public var app: String?
    /// `-C PATH`: the catalog's directory, a file inside it, or its config.
    public var catalog: String?
    /// A catalog directory or a file inside one; with no `catalog` or `configPath` either, the
    /// catalog around (or just below) `currentDirectory` (`CatalogSelection`).
    public var path: String?
    /// A config to use instead of searching for one.
    public var configPath: String?
    public var currentDirectory: String
    /// The client to render as; nil for the one the catalog's config names.
    public var client: ClientProfile?
    /// The platform the client runs on; nil for the one the catalog's config names.
    public var platform: Platform?
    /// Directories outside a catalog its layers may still name (`CHOOSY_DATA_LAYER_DIRS`;
    /// `CatalogLoader.trustedDirectories`).
    public var trustedDirectories: [String] = []

    public init(
        appType: String, action: String, parameters: [(key: String, value: String)], app: String? = nil,
        catalog: String? = nil, path: String? = nil, configPath: String? = nil, currentDirectory: String, client: ClientProfile? = nil
    ) {
        self.catalog = catalog
        self.client = client
        self.appType = appType
        self.action = action
        self.parameters = parameters
        self.app = app
        self.path = path
        self.configPath = configPath
        self.currentDirectory = currentDirectory
    }

    /// The parameter a `NAME=VALUE` argument gives, split at its first `=` scalar, so the value
    /// may hold `=` or start with a combining mark (`=\u{301}` is one `Character`); nil without
    /// `=`.
    public static func parameter(_ argument: String) -> (key: String, value: String)? {
        let scalars = argument.unicodeScalars
        guard let equals = scalars.firstIndex(of: "=") else { return nil }
        return (String(scalars[..<equals]), String(scalars[scalars.index(after: equals)...]))
    }
}
