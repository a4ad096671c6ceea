import ChoosySyntax

/// One app type (`twitter`, `email`): the parameters and actions it offers and the apps that
/// implement them. Like every model value it is a view of the node it was decoded from: its
/// fields are read from the node when asked (a copy of each in every value was a sixth of the
/// heap of a large lint), findings point at the node, and the members it does not know stay
/// there, so nothing is lost. Only the values below it are kept, decoded once (an app's
/// actions excepted). Model values are immutable classes: the merged catalog and the lint's
/// lists of apps hold each one many times, and copying the whole value (a dozen references)
/// into each was a third of the lint's retain and release traffic. `AppAction`, only a node,
/// is the exception.
public final class AppType: DecodedValue, Sendable {
    public var name: String? { node["name"]?.string }
    public var key: String? { node["key"]?.string }
    public let parameters: [Parameter]
    public let actions: [Action]
    public let apps: [App]
    public let node: Node

    package static let knownKeys = CatalogEntity.appType.fieldNames

    package init(_ node: Node) {
        self.node = node
        parameters = node.decodeElements(of: "parameters") { Parameter($0) }
        actions = node.decodeElements(of: "actions") { Action($0) }
        apps = node.decodeElements(of: "apps") { App($0) }
    }
}

/// A generic input an app type accepts (`text`, `callback_url`), filled into placeholders.
public final class Parameter: DecodedValue, Sendable {
    public var name: String? { node["name"]?.string }
    public var key: String? { node["key"]?.string }
    public var description: String? { node["description"]?.string }
    /// The client's flag: the caller must pass this parameter.
    public var presenceRequired: Bool? { node["presence_required"]?.bool }
    /// The client's flag: the parameter must have a non-empty value when passed.
    public var valueRequired: Bool? { node["value_required"]?.bool }
    public let node: Node

    package static let knownKeys = CatalogEntity.parameter.fieldNames

    package init(_ node: Node) {
        self.node = node
    }
}

/// Something an app type can do (`post`, `show_profile`).
public final class Action: DecodedValue, Sendable {
    public var name: String? { node["name"]?.string }
    public var key: String? { node["key"]?.string }
    public let node: Node

    package static let knownKeys = CatalogEntity.action.fieldNames

    package init(_ node: Node) {
        self.node = node
    }
}

/// An app that implements some actions of an app type through its URL scheme.
public final class App: DecodedValue, Sendable {
    public var name: String? { node["name"]?.string }
    public var key: String? { node["key"]?.string }
    /// What the client opens to launch the app, and checks with `canOpenURL`.
    public var appURLScheme: String? { node["app_url_scheme"]?.string }
    /// Where the app's URL scheme is documented.
    public var source: String? { node["source"]?.string }
    /// Read from the node each time: a large catalog has several actions per app, and keeping
    /// them here as well as in the merged app cost 40 bytes each.
    public var actions: [AppAction] {
        node.decodeElements(of: "actions") { AppAction($0) }
    }
    public let node: Node

    package static let knownKeys = CatalogEntity.app.fieldNames

    /// The URL scheme's name, lowercased: `tweetbot` for `tweetbot:`, `http` for
    /// `http://maps.apple.com/`. This is what iOS's canOpenURL checks.
    public var schemeName: String? {
        appURLScheme.flatMap(URISyntax.schemeName(of:))?.lowercased()
    }

    package init(_ node: Node) {
        self.node = node
    }
}

/// How one app performs one action: the URL it is opened with. A value, not an object like the
/// others: only the merged app keeps one, and an object cost 24 bytes more than its node.
public struct AppAction: DecodedValue, Sendable {
    public var key: String? { node["key"]?.string }
    public var urlFormat: URLTemplate? { urlFormatNode?.string.map(URLTemplate.init) }
    /// The node of the `url_format` when it is a string: whether an action has one, found
    /// without reading the text.
    public var urlFormatNode: Node? { node["url_format"].flatMap { $0.isString ? $0 : nil } }
    /// The node of the `url_format` unless it is missing or `null`: the shipped client uses any
    /// other value, and crashes on one that is not a string.
    public var nonNullURLFormatNode: Node? { node["url_format"].flatMap { $0.isNull ? nil : $0 } }
    /// Renderings of the url_format that the `example-mismatch` rule checks.
    public var examples: [AppActionExample] {
        node.decodeElements(of: "examples") { AppActionExample($0) }
    }
    public let node: Node

    package static let knownKeys = CatalogEntity.appAction.fieldNames

    package init(_ node: Node) {
        self.node = node
    }
}

extension Node {
    func unknownMembers(knownKeys: [String]) -> [Member] {
        (members ?? []).filter { !knownKeys.contains($0.key) }
    }

    /// The elements of the array of the first member named `key`, each decoded; none when there
    /// is no such member or it is not an array (the schema rule reports that).
    func decodeElements<Value>(of key: String, _ decode: (Node) -> Value) -> [Value] {
        (self[key]?.elements ?? []).map(decode)
    }
}

/// A model value decoded from an object: the members of keys it does not know stay in its node,
/// where fmt, the merged catalog and the schema rule find them, so nothing is lost.
package protocol DecodedValue {
    static var knownKeys: [String] { get }
    var node: Node { get }
}

extension DecodedValue {
    /// The path of the file the value was read from.
    public var file: String { node.file }

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
