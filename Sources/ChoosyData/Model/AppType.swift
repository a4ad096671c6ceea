/// One app type (`twitter`, `email`): the parameters and actions it offers and the apps that
/// implement them. Like every model value it keeps the node it was decoded from, so findings
/// can point at it, and the members it does not know, so nothing is lost. Model values are
/// immutable classes: the merged catalog and the lint's lists of apps hold each one many
/// times, and copying the whole value (a dozen references) into each was a third of the
/// lint's retain and release traffic.
public final class AppType: DecodedValue, Sendable {
    public let name: String?
    public let key: String?
    public let parameters: [Parameter]
    public let actions: [Action]
    public let apps: [App]
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String

    static let knownKeys = ["name", "key", "parameters", "actions", "apps"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        var name: String?, key: String?, parameters: [Parameter] = [], actions: [Action] = [], apps: [App] = []
        node.decodeMembers(knownKeys: Self.knownKeys) { member, value in
            switch member {
            case "name": name = value.string
            case "key": key = value.string
            case "parameters": parameters = (value.elements ?? []).map { Parameter($0, file: file) }
            case "actions": actions = (value.elements ?? []).map { Action($0, file: file) }
            case "apps": apps = (value.elements ?? []).map { App($0, file: file) }
            default: break
            }
        }
        (self.name, self.key, self.parameters, self.actions, self.apps) = (name, key, parameters, actions, apps)
    }
}

/// A generic input an app type accepts (`text`, `callback_url`), filled into placeholders.
public final class Parameter: DecodedValue, Sendable {
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

    static let knownKeys = ["name", "key", "description", "presence_required", "value_required"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        var name: String?, key: String?, description: String?, presenceRequired: Bool?, valueRequired: Bool?
        node.decodeMembers(knownKeys: Self.knownKeys) { member, value in
            switch member {
            case "name": name = value.string
            case "key": key = value.string
            case "description": description = value.string
            case "presence_required": presenceRequired = value.bool
            case "value_required": valueRequired = value.bool
            default: break
            }
        }
        (self.name, self.key, self.description) = (name, key, description)
        (self.presenceRequired, self.valueRequired) = (presenceRequired, valueRequired)
    }
}

/// Something an app type can do (`post`, `show_profile`).
public final class Action: DecodedValue, Sendable {
    public let name: String?
    public let key: String?
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String

    static let knownKeys = ["name", "key"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        var name: String?, key: String?
        node.decodeMembers(knownKeys: Self.knownKeys) { member, value in
            switch member {
            case "name": name = value.string
            case "key": key = value.string
            default: break
            }
        }
        (self.name, self.key) = (name, key)
    }
}

/// An app that implements some actions of an app type through its URL scheme.
public final class App: DecodedValue, Sendable {
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

    static let knownKeys = ["name", "key", "app_url_scheme", "source", "actions"]

    /// The URL scheme's name, lowercased: `tweetbot` for `tweetbot:`, `http` for
    /// `http://maps.apple.com/`. This is what iOS's canOpenURL checks.
    public var schemeName: String? {
        appURLScheme.flatMap(URISyntax.schemeName(of:))?.lowercased()
    }

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        var name: String?, key: String?, appURLScheme: String?, source: String?, actions: [AppAction] = []
        node.decodeMembers(knownKeys: Self.knownKeys) { member, value in
            switch member {
            case "name": name = value.string
            case "key": key = value.string
            case "app_url_scheme": appURLScheme = value.string
            case "source": source = value.string
            case "actions": actions = (value.elements ?? []).map { AppAction($0, file: file) }
            default: break
            }
        }
        (self.name, self.key, self.appURLScheme, self.source, self.actions) = (name, key, appURLScheme, source, actions)
    }
}

/// How one app performs one action: the URL it is opened with.
public final class AppAction: DecodedValue, Sendable {
    public let key: String?
    public let urlFormat: URLTemplate?
    /// Renderings of the url_format that the `example-mismatch` rule checks, decoded when asked:
    /// few actions have any, and every action kept an array for them.
    public var examples: [AppActionExample] {
        (node["examples"]?.elements ?? []).map { AppActionExample($0, file: file) }
    }
    public let node: Node
    /// The path of the file the value was read from.
    public let file: String

    static let knownKeys = ["key", "url_format", "examples"]

    init(_ node: Node, file: String) {
        self.node = node
        self.file = file
        var key: String?, urlFormat: URLTemplate?
        node.decodeMembers(knownKeys: Self.knownKeys) { member, value in
            switch member {
            case "key": key = value.string
            case "url_format": urlFormat = value.string.map(URLTemplate.init)
            default: break
            }
        }
        (self.key, self.urlFormat) = (key, urlFormat)
    }
}

extension Node {
    func unknownMembers(knownKeys: [String]) -> [Member] {
        (members ?? []).filter { !knownKeys.contains($0.key) }
    }

    /// Decodes a model value in one walk over its members: `decode` is given the first member
    /// of each of `knownKeys` (as `node[key]` would find it; later duplicates are the
    /// duplicate-key rule's business). A walk per field copied every member (three references)
    /// each time.
    func decodeMembers(knownKeys: [String], _ decode: (_ key: String, _ value: Node) -> Void) {
        var decoded: UInt64 = 0
        for member in members ?? [] {
            guard let position = knownKeys.firstIndex(of: member.key), decoded & (1 << position) == 0 else { continue }
            decoded |= 1 << position
            decode(member.key, member.value)
        }
    }
}

/// A model value decoded from an object: the members of keys it does not know stay in its node,
/// where fmt, the merged catalog and the schema rule find them, so nothing is lost.
protocol DecodedValue {
    static var knownKeys: [String] { get }
    var node: Node { get }
}

extension DecodedValue {
    /// The members of keys this value does not know, in source order.
    var unknownMembers: [Member] {
        node.unknownMembers(knownKeys: Self.knownKeys)
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
