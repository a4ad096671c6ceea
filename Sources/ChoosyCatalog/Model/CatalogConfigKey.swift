import ChoosyCore
import ChoosySyntax

/// One key of `.choosy-data.yml`, declared once in `CatalogConfigKey.all`: the keys
/// `CatalogConfig.decode` accepts in each mapping and the properties of the config's schema
/// (schemas/choosy-data-config.schema.json) both come from this declaration.
public struct CatalogConfigKey: Sendable {
    /// The mapping a key belongs to.
    public enum Place: Sendable {
        case root
        case layer
        case ignoreEntry

        /// What the mapping is, as hover names it.
        package var title: String {
            switch self {
            case .root: "the config"
            case .layer: "a layer"
            case .ignoreEntry: "an ignore entry"
            }
        }
    }

    public let name: String
    public let place: Place
    public let isRequired: Bool
    /// The schema's description.
    public let description: String
    /// The schema of the value, besides its description. The keys that name rules say only
    /// their shape here; the config's schema (`ConfigSchema`, beside the rules) lists the rules.
    public let valueSchema: [(String, JSONValue)]

    package init(_ name: String, in place: Place, required isRequired: Bool = false, _ valueSchema: [(String, JSONValue)], _ description: String) {
        self.name = name
        self.place = place
        self.isRequired = isRequired
        self.valueSchema = valueSchema
        self.description = description
    }

    /// The names of the keys of `place`, in the order messages list them.
    static func names(in place: Place) -> [String] {
        all.filter { $0.place == place }.map(\.name)
    }
}

extension CatalogConfigKey {
    /// Every key of every mapping of the config, each mapping's in the order messages list them.
    public static let all: [CatalogConfigKey] = {
        let text: [(String, JSONValue)] = [("type", .string("string")), ("minLength", .integer(1))]
        let settings = [CatalogConfig.RuleSetting.error, .warning, .off].map { JSONValue.string($0.rawValue) }
        return [
            CatalogConfigKey(
                "version", in: .root, [("const", .integer(CatalogConfig.supportedVersion))],
                "The version of the config's format; this choosy-data reads version 1."),
            CatalogConfigKey(
                "client", in: .root,
                [("enum", .array(ClientProfile.allCases.map { .string($0.rawValue) })), ("default", .string(ClientProfile.default.rawValue))],
                "The client whose behaviour show, url, matrix, diff, docs and the examples' URLs describe: shipped is the Choosy iOS client 0.6.x, rfc3986 a client that fixes it (docs/merge.md)."),
            CatalogConfigKey(
                "platform", in: .root,
                [("enum", .array(Platform.allCases.map { .string($0.rawValue) })), ("default", .string(Platform.default.rawValue))],
                "The iOS the client runs on, which decides what the system makes of the URLs it renders: ios17 (apps linked on or after iOS 17, on iOS 17 or later) percent-encodes invalid characters, ios16 (older builds or phones) opens only the app for an invalid URL (docs/url.md)."),
            CatalogConfigKey(
                "minimum_client", in: .root,
                [("type", .string("string")), ("pattern", .string(#"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$"#)), ("examples", .array([.string("0.6.0")]))],
                "The oldest client version MAJOR.MINOR.PATCH a release of the catalog supports; release writes it into the manifest."),
            CatalogConfigKey(
                "layers", in: .root, required: true,
                [("type", .string("array")), ("minItems", .integer(1)), ("items", .object([("$ref", .string("#/$defs/layer"))]))],
                "The catalog's layers in merge order, earliest first: a later layer adds app types and apps, and may override earlier definitions."),
            CatalogConfigKey(
                "rules", in: .root, [("type", .string("object")), ("additionalProperties", .object([("enum", .array(settings))]))],
                "Rule severities by rule id (docs/rules.md): error, warning or off; a rule not named keeps its default. The config rule cannot be turned off."),
            CatalogConfigKey(
                "ignore", in: .root, [("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/ignoreEntry"))]))],
                "Findings accepted on purpose, each with the reason: lint does not report them, and reports an entry that matches nothing."),

            CatalogConfigKey(
                "name", in: .layer, required: true, text + [("examples", .array([.string("builtin"), .string("server")]))],
                "The layer's name, unique in the config; messages and the docs site use it."),
            CatalogConfigKey(
                "path", in: .layer, text + [("examples", .array([.string("builtin")]))],
                "The directory or file that holds the layer, relative to the config."),
            CatalogConfigKey(
                "paths", in: .layer, [("type", .string("array")), ("minItems", .integer(1)), ("items", .object(text))],
                "The directories or files that hold the layer, relative to the config; instead of path."),
            CatalogConfigKey(
                "frozen", in: .layer, [("type", .string("boolean")), ("default", .bool(false))],
                "The layer is compiled into apps in the field (the client's built-in layer), so no edit to it reaches a phone: fmt, lint --fix and the editor never rewrite its files, lint marks its findings frozen, and diff, review and release notes mark changes to it."),

            CatalogConfigKey(
                "rule", in: .ignoreEntry, required: true,
                text,
                "The id of the rule whose findings are ignored (docs/rules.md), or * for every rule; not config."),
            CatalogConfigKey(
                "path", in: .ignoreEntry, [("type", .string("string")), ("examples", .array([.string("builtin/maps.json")]))],
                "A glob of the files, relative to the config; absent means every file."),
            CatalogConfigKey(
                "at", in: .ignoreEntry,
                [("type", .string("string")), ("pattern", .string("^[^/]")), ("examples", .array([.string("maps/parameters/map_mode")]))],
                "The value whose findings are ignored, and everything below it, named by its keys: the app type's key, then the keys down to the value."),
            CatalogConfigKey(
                "pointer", in: .ignoreEntry, [("type", .string("string")), ("examples", .array([.string("/0/parameters/3")]))],
                "The value as a JSON Pointer into the file, by index; instead of at, which survives reordering."),
            CatalogConfigKey(
                "reason", in: .ignoreEntry, required: true, [("type", .string("string")), ("pattern", .string(#"\S"#))],
                "Why the finding is wrong or accepted, for the next maintainer."),
        ]
    }()
}
