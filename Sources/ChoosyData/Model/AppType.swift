/// One app type (`twitter`, `email`): the parameters and actions it offers and the apps that
/// implement them. Like every model value it keeps the node it was decoded from, so findings
/// can point at it, and the members it does not know, so nothing is lost. Model values are
/// immutable classes: the merged catalog and the lint's lists of apps hold each one many
/// times, and copying the whole value (a dozen references) into each was a third of the
/// lint's retain and release traffic.
public final class AppType: Sendable {
    public let name: String?
    public let key: String?
    public let parameters: [Parameter]
    public let actions: [Action]
    public let apps: [App]
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String
    public let unknownMembers: [Member]

    static let knownKeys = ["name", "key", "parameters", "actions", "apps"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        name = node["name"]?.string
        key = node["key"]?.string
        parameters = (node["parameters"]?.elements ?? []).map { Parameter($0, file: file) }
        actions = (node["actions"]?.elements ?? []).map { Action($0, file: file) }
        apps = (node["apps"]?.elements ?? []).map { App($0, file: file) }
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

/// A generic input an app type accepts (`text`, `callback_url`), filled into placeholders.
public final class Parameter: Sendable {
    public let name: String?
    public let key: String?
    public let description: String?
    /// The client's flag: the caller must pass this parameter.
    public let presenceRequired: Bool?
    /// The client's flag: the parameter must have a non-empty value when passed.
    public let valueRequired: Bool?
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String
    public let unknownMembers: [Member]

    static let knownKeys = ["name", "key", "description", "presence_required", "value_required"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        name = node["name"]?.string
        key = node["key"]?.string
        description = node["description"]?.string
        presenceRequired = node["presence_required"]?.bool
        valueRequired = node["value_required"]?.bool
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

/// Something an app type can do (`post`, `show_profile`).
public final class Action: Sendable {
    public let name: String?
    public let key: String?
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String
    public let unknownMembers: [Member]

    static let knownKeys = ["name", "key"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        name = node["name"]?.string
        key = node["key"]?.string
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

/// An app that implements some actions of an app type through its URL scheme.
public final class App: Sendable {
    public let name: String?
    public let key: String?
    /// What the client opens to launch the app, and checks with `canOpenURL`.
    public let appURLScheme: String?
    /// Where the app's URL scheme is documented.
    public let source: String?
    public let actions: [AppAction]
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String
    public let unknownMembers: [Member]

    static let knownKeys = ["name", "key", "app_url_scheme", "source", "actions"]

    /// The URL scheme's name, lowercased: `tweetbot` for `tweetbot:`, `http` for
    /// `http://maps.apple.com/`. This is what iOS's canOpenURL checks.
    public var schemeName: String? {
        appURLScheme.flatMap(URISyntax.schemeName(of:))?.lowercased()
    }

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        name = node["name"]?.string
        key = node["key"]?.string
        appURLScheme = node["app_url_scheme"]?.string
        source = node["source"]?.string
        actions = (node["actions"]?.elements ?? []).map { AppAction($0, file: file) }
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

/// How one app performs one action: the URL it is opened with.
public final class AppAction: Sendable {
    public let key: String?
    public let urlFormat: URLTemplate?
    /// Renderings of the url_format that the `example-mismatch` rule checks.
    public let examples: [AppActionExample]
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String
    public let unknownMembers: [Member]

    static let knownKeys = ["key", "url_format", "examples"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        key = node["key"]?.string
        urlFormat = node["url_format"]?.string.map(URLTemplate.init)
        examples = (node["examples"]?.elements ?? []).map { AppActionExample($0, file: file) }
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

extension Node {
    func unknownMembers(knownKeys: [String]) -> [Member] {
        (members ?? []).filter { !knownKeys.contains($0.key) }
    }
}

/// What every catalog value with a `key` shares: merging, duplicate checks and findings need
/// only these.
public protocol KeyedEntity: Sendable {
    var key: String? { get }
    var node: Node { get }
    var file: String { get }
}

extension AppType: KeyedEntity {}
extension Parameter: KeyedEntity {}
extension Action: KeyedEntity {}
extension App: KeyedEntity {}
extension AppAction: KeyedEntity {}

extension KeyedEntity {
    /// The range of the `key` member's value, or of the whole value when it has no key.
    public var keyRange: SourceRange { node["key"]?.range ?? node.range }
}
