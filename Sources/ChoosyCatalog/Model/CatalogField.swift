import ChoosySyntax

/// One member of a catalog entity, declared once in `CatalogField.all`: the app-type schema's
/// property, the model's known keys, `fmt`'s member order, `show`'s fields, `diff`'s comparison
/// and the fields the shipped client reads all come from this declaration.
public struct CatalogField: Sendable {
    /// What a field holds: how the schema checks it and how the other places read it.
    public enum Kind: Equatable, Sendable {
        /// The entity's identifier, the schema's `key` definition.
        case key
        /// Text, at least one character long when `nonEmpty`.
        case text(nonEmpty: Bool)
        /// Text that matches a regular expression, as the schema writes it.
        case pattern(String)
        /// `true` or `false`.
        case flag
        /// A list of entities, with at least `minItems` of them.
        case entities(CatalogEntity, minItems: Int? = nil)
        /// Strings by parameter key.
        case valuesByKey
    }

    /// How `diff` reports a change of the field (docs/diff.md).
    public enum DiffRule: Equatable, Sendable {
        /// The entity's identity: a new key is a rename, or a removal and an addition.
        case identity
        /// A list whose elements are paired by key, each added, removed or renamed.
        case elements
        /// Every change is of this class.
        case always(ChangeClass)
        /// A requirement callers must meet: breaking when it turns on, a feature when it turns off.
        case requirement
        /// A URL format: breaking when a placeholder disappears, a feature when placeholders
        /// only appear, a fix otherwise.
        case placeholders
    }

    /// The member's name in catalog files.
    public let name: String
    public let entity: CatalogEntity
    public let kind: Kind
    /// The schema's title for the field, where its name alone does not say it.
    public let title: String?
    /// The schema's description.
    public let description: String
    /// Values the schema offers editors as examples (fields of text only).
    public let examples: [String]
    public let isRequired: Bool
    public let diffRule: DiffRule
    /// Whether the shipped client reads the field (examples only document the data).
    public let isReadByClient: Bool

    package init(
        _ name: String, of entity: CatalogEntity, _ kind: Kind, title: String? = nil, required isRequired: Bool,
        diff diffRule: DiffRule, readByClient isReadByClient: Bool = true, examples: [String] = [], _ description: String
    ) {
        self.name = name
        self.entity = entity
        self.kind = kind
        self.title = title
        self.description = description
        self.examples = examples
        self.isRequired = isRequired
        self.diffRule = diffRule
        self.isReadByClient = isReadByClient
    }

    /// A single value (text or a flag): neither the key nor a list of entities.
    public var isScalar: Bool {
        switch kind {
        case .text, .pattern, .flag: true
        case .key, .entities, .valuesByKey: false
        }
    }

    /// Whether `node` is of the field's type, so that the model reads it as a value.
    func accepts(_ node: Node) -> Bool {
        switch kind {
        case .key, .text, .pattern: node.isString
        case .flag: node.bool != nil
        case .entities: node.elements != nil
        case .valuesByKey: node.members != nil
        }
    }
}

extension CatalogField {
    /// Every field of every entity, each entity's in canonical order: the order of the schema's
    /// properties, `fmt`'s and `show`'s.
    public static let all: [CatalogField] = [
        CatalogField(
            "name", of: .appType, .text(nonEmpty: true), required: true, diff: .always(.docs), examples: ["Email"],
            #"The app type's name as users read it in the app picker, such as "Email"."#),
        CatalogField(
            "key", of: .appType, .key, required: true, diff: .identity, examples: ["email"],
            "What client code passes to pick this app type, such as email; the same in every layer, so a later layer can override the app type."),
        CatalogField(
            "parameters", of: .appType, .entities(.parameter), required: true, diff: .elements,
            "The inputs the app type's actions accept; an app's URL formats fill them into their {{key}} placeholders."),
        CatalogField(
            "actions", of: .appType, .entities(.action), required: true, diff: .elements,
            "What a calling app can ask any app of this type to do, such as writing a new email."),
        CatalogField(
            "apps", of: .appType, .entities(.app), required: true, diff: .elements,
            "The apps of this type the user can choose from, each with the URLs that perform the actions it supports."),

        CatalogField(
            "name", of: .parameter, .text(nonEmpty: true), required: true, diff: .always(.docs), examples: ["Recipient"],
            #"A short human name for the parameter, such as "Recipient"."#),
        CatalogField(
            "key", of: .parameter, .key, required: true, diff: .identity, examples: ["to"],
            "The name callers pass the value under, and the name of the {{key}} placeholder in URL formats."),
        CatalogField(
            "description", of: .parameter, .text(nonEmpty: false), required: true, diff: .always(.docs),
            "What the value means and how to write it, for developers calling Choosy: its format, units and an example."),
        CatalogField(
            "presence_required", of: .parameter, .flag, required: false, diff: .requirement,
            "When true, callers must pass this parameter to any action that uses it; absent means false."),
        CatalogField(
            "value_required", of: .parameter, .flag, required: false, diff: .requirement,
            "When true, a passed value must not be empty; absent means false."),

        CatalogField(
            "name", of: .action, .text(nonEmpty: true), required: true, diff: .always(.docs), examples: ["Write a new email"],
            #"What the action does, as users read it, such as "Write a new email"."#),
        CatalogField(
            "key", of: .action, .key, required: true, diff: .identity, examples: ["compose"],
            "What client code passes to request the action, and what app actions name to implement it."),

        CatalogField(
            "name", of: .app, .text(nonEmpty: true), required: true, diff: .always(.docs), examples: ["Google Maps"],
            #"The app's name as users know it from the App Store, such as "Google Maps"."#),
        CatalogField(
            "key", of: .app, .key, required: true, diff: .identity, examples: ["googlemaps"],
            "Identifies the app within its app type, and names it in the user's stored choice."),
        // A new scheme is one the client's canOpenURL may not be allowed to query.
        CatalogField(
            "app_url_scheme", of: .app, .pattern("^[A-Za-z][A-Za-z0-9+.-]*:"), title: "URL scheme", required: true,
            diff: .always(.breaking), examples: ["comgooglemaps:", "http://maps.apple.com/"],
            #"The URL the client checks with canOpenURL to learn whether the app is installed: a URL scheme and its colon, such as "comgooglemaps:", or a web address for apps that fall back to the browser."#),
        CatalogField(
            "source", of: .app, .pattern(#"^https?://[^\s/]+\S*$"#), title: "documentation URL", required: false,
            diff: .always(.docs), examples: ["https://developers.google.com/maps/documentation/urls/ios-urlscheme"],
            "An http or https link to where the app's URL scheme is documented, so reviewers can check every URL format against it."),
        CatalogField(
            "actions", of: .app, .entities(.appAction, minItems: 1), required: true, diff: .elements,
            "The actions of the app type this app implements, each with the URL that performs it. An app that implements none can never be chosen."),

        CatalogField(
            "key", of: .appAction, .key, required: true, diff: .identity, examples: ["compose"],
            "The key of the app type's action this implements."),
        CatalogField(
            "url_format", of: .appAction, .text(nonEmpty: true), required: true, diff: .placeholders, examples: ["mailto:{{to}}?subject={{subject}}"],
            "The URL to open, with a {{key}} placeholder wherever a parameter's value goes; the client percent-encodes each value and drops placeholders the caller did not pass."),
        CatalogField(
            "examples", of: .appAction, .entities(.example), required: false, diff: .always(.docs), readByClient: false,
            "Parameter values and the URL they must render to; they document the URL format and are checked against it."),

        CatalogField(
            "parameters", of: .example, .valuesByKey, required: true, diff: .always(.docs), readByClient: false,
            "The values passed, by parameter key; each value is a string, as callers pass it before percent-encoding."),
        CatalogField(
            "url", of: .example, .text(nonEmpty: true), required: true, diff: .always(.docs), readByClient: false, examples: ["mailto:jane@example.com?subject=Hello"],
            "The exact URL the URL format must render to with these parameters."),
    ]
}
