import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// Merged catalog values as JSON, in the catalog's own shape and canonical member order: what
/// `diff` shows before and after a change, and compares to recognise renames.
enum Values {
    static func appType(_ type: MergedAppType) -> JSONValue {
        declared(.appType, type.definitions, key: type.key, list: { element in
            switch element {
            case .parameter: .array(type.parameters.map(parameter))
            case .action: .array(type.actions.map(action))
            default: .array(type.apps.map { app($0) })
            }
        })
    }

    package static func parameter(_ parameter: Merged<Parameter>) -> JSONValue {
        declared(.parameter, parameter.definitions, key: parameter.key)
    }

    static func action(_ action: Merged<Action>) -> JSONValue {
        declared(.action, action.definitions, key: action.key)
    }

    /// An app; `actionKey` and `urlFormat` rewrite its actions (to compare an old app under
    /// the new catalog's renames).
    static func app(
        _ app: MergedApp, actionKey: (String) -> String = { $0 }, urlFormat: (String) -> String = { $0 }
    ) -> JSONValue {
        declared(.app, app.definitions, key: app.key, list: { _ in
            .array(app.actions.map { appAction($0, key: actionKey($0.key), urlFormat: urlFormat) })
        })
    }

    static func appAction(
        _ action: Merged<AppAction>, key: String? = nil, urlFormat: (String) -> String = { $0 }
    ) -> JSONValue {
        declared(.appAction, action.definitions, key: key ?? action.key, urlFormat: urlFormat)
    }

    /// A merged value with every field `entity` declares, in canonical order: the key given,
    /// each list of keyed entities as `list` gives the list of that entity, a URL format
    /// rewritten by `urlFormat`, every other field as its definitions merge it.
    private static func declared<Entity: KeyedEntity>(
        _ entity: CatalogEntity, _ definitions: Definitions<Entity>, key: String, urlFormat: (String) -> String = { $0 },
        list: (CatalogEntity) -> JSONValue? = { _ in nil }
    ) -> JSONValue {
        object(entity.fields.map { field -> (String, JSONValue?) in
            switch (field.diffRule, field.kind) {
            case (.identity, _): (field.name, .string(key))
            case (.elements, .entities(let element, _)): (field.name, list(element))
            case (.placeholders, _): (field.name, definitions.value { $0.node[field.name]?.string }.map { .string(urlFormat($0)) })
            default: (field.name, definitions.value(of: member(field)))
            }
        })
    }

    /// How a field of one definition reads in `diff`: text and flags as the model decodes them
    /// (nil when of another type), other values whole in canonical form.
    static func member<Entity: KeyedEntity>(_ field: CatalogField) -> (Entity) -> JSONValue? {
        switch field.kind {
        case .key, .text, .pattern: { $0.node[field.name]?.string.map(JSONValue.string) }
        case .flag: { $0.node[field.name]?.bool.map(JSONValue.bool) }
        case .entities, .valuesByKey: { $0.node[field.name].map { CanonicalJSON.value($0, definition: field.entity.rawValue, member: field.name) } }
        }
    }

    /// What identifies an action apart from its key: its name and the URL formats (by app)
    /// that implement it.
    static func actionContent(_ action: Merged<Action>, of type: MergedAppType, urlFormat: (String) -> String) -> JSONValue {
        let implementations = type.apps.compactMap { app -> (String, JSONValue)? in
            app.action(action.key)?.value(\.urlFormat).map { (app.key, .string(urlFormat($0.text))) }
        }
        return object([("name", action.value(\.name).map(JSONValue.string)), ("implementations", .object(implementations))])
    }

    static func withoutKey(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { $0.0 != "key" })
    }

    /// `text` with every `{{old}}` placeholder of `renames` written `{{new}}`.
    static func renamingPlaceholders(in text: String, _ renames: [String: String]) -> String {
        guard !renames.isEmpty else { return text }
        return URLTemplate(text).segments.map { segment in
            switch segment {
            case .literal(let literal): literal
            case .placeholder(let placeholder): "{{\(renames[placeholder.name] ?? placeholder.name)}}"
            }
        }.joined()
    }

    /// The distinct placeholder names of a URL format, sorted.
    static func placeholderNames(in text: String) -> [String] {
        Set(URLTemplate(text).placeholders.map(\.name)).sorted()
    }

    private static func object(_ members: [(String, JSONValue?)]) -> JSONValue {
        .object(members.compactMap { name, value in value.map { (name, $0) } })
    }
}
