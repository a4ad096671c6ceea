/// One app type (`twitter`, `email`): the parameters and actions it offers and the apps that
/// implement them. Like every model value it keeps the node it was decoded from, so findings
/// can point at it, and the members it does not know, so nothing is lost.
public struct AppType: Sendable {
    public let name: String?
    public let key: String?
    public let parameters: [Parameter]
    public let actions: [Action]
    public let apps: [App]
    public let node: Node
    public let unknownMembers: [Member]

    static let knownKeys = ["name", "key", "parameters", "actions", "apps"]

    init(_ node: Node) {
        self.node = node
        name = node["name"]?.string
        key = node["key"]?.string
        parameters = (node["parameters"]?.elements ?? []).map(Parameter.init)
        actions = (node["actions"]?.elements ?? []).map(Action.init)
        apps = (node["apps"]?.elements ?? []).map(App.init)
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

/// A generic input an app type accepts (`text`, `callback_url`), filled into placeholders.
public struct Parameter: Sendable {
    public let name: String?
    public let key: String?
    public let description: String?
    /// The client's flag: the caller must pass this parameter.
    public let presenceRequired: Bool?
    /// The client's flag: the parameter must have a non-empty value when passed.
    public let valueRequired: Bool?
    public let node: Node
    public let unknownMembers: [Member]

    static let knownKeys = ["name", "key", "description", "presence_required", "value_required"]

    init(_ node: Node) {
        self.node = node
        name = node["name"]?.string
        key = node["key"]?.string
        description = node["description"]?.string
        presenceRequired = node["presence_required"]?.bool
        valueRequired = node["value_required"]?.bool
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

/// Something an app type can do (`post`, `show_profile`).
public struct Action: Sendable {
    public let name: String?
    public let key: String?
    public let node: Node
    public let unknownMembers: [Member]

    static let knownKeys = ["name", "key"]

    init(_ node: Node) {
        self.node = node
        name = node["name"]?.string
        key = node["key"]?.string
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

/// An app that implements some actions of an app type through its URL scheme.
public struct App: Sendable {
    public let name: String?
    public let key: String?
    /// What the client opens to launch the app, and checks with `canOpenURL`.
    public let appURLScheme: String?
    /// Where the app's URL scheme is documented.
    public let source: String?
    public let actions: [AppAction]
    public let node: Node
    public let unknownMembers: [Member]

    static let knownKeys = ["name", "key", "app_url_scheme", "source", "actions"]

    init(_ node: Node) {
        self.node = node
        name = node["name"]?.string
        key = node["key"]?.string
        appURLScheme = node["app_url_scheme"]?.string
        source = node["source"]?.string
        actions = (node["actions"]?.elements ?? []).map(AppAction.init)
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

/// How one app performs one action: the URL it is opened with.
public struct AppAction: Sendable {
    public let key: String?
    public let urlFormat: URLTemplate?
    public let node: Node
    public let unknownMembers: [Member]

    static let knownKeys = ["key", "url_format"]

    init(_ node: Node) {
        self.node = node
        key = node["key"]?.string
        urlFormat = node["url_format"]?.string.map(URLTemplate.init)
        unknownMembers = node.unknownMembers(knownKeys: Self.knownKeys)
    }
}

extension Node {
    func unknownMembers(knownKeys: [String]) -> [Member] {
        (members ?? []).filter { !knownKeys.contains($0.key) }
    }
}
