import ChoosyCore
import ChoosySyntax

/// Catalog values in their one canonical form: members ordered name, key, description, then
/// as the app-type schema lists them, then the members the schema does not name in sorted
/// order. Equal values always give equal text, whatever the source format or member order.
public enum CanonicalJSON {
    private static let leadingKeys = ["name", "key", "description"]

    /// A whole catalog file: an array of app types.
    public static func file(_ node: Node) -> JSONValue {
        value(node, schema: AppTypeSchema.validator.root)
    }

    /// One app type.
    public static func appType(_ node: Node) -> JSONValue {
        value(node, schema: definition("appType"))
    }

    /// The value of `member` of an object that `schemaName` (a `$defs` entry of the app-type
    /// schema) describes.
    package static func value(_ node: Node, definition schemaName: String, member: String) -> JSONValue {
        value(node, schema: definition(schemaName)?.property(member))
    }

    private static func definition(_ name: String) -> JSONSchema? {
        AppTypeSchema.validator.root.definitions[name]
    }

    /// `schema` with its `$ref` followed, so its properties and items are at hand.
    private static func resolved(_ schema: JSONSchema?) -> JSONSchema? {
        guard let schema, let reference = schema.reference else { return schema }
        return resolved(definition(reference))
    }

    private static func value(_ node: Node, schema: JSONSchema?) -> JSONValue {
        let schema = resolved(schema)
        switch node.value {
        case .object(let members):
            let schemaOrder = schema?.properties.map(\.name) ?? []
            func rank(_ key: String) -> (Int, String) {
                if let index = leadingKeys.firstIndex(of: key) { return (index, "") }
                if let index = schemaOrder.firstIndex(of: key) { return (leadingKeys.count + index, "") }
                return (leadingKeys.count + schemaOrder.count, key)
            }
            // Duplicate keys are a lint error; the first is the one every reader of the tree sees.
            var seen = Set<String>()
            let unique = members.filter { seen.insert($0.key).inserted }
            return .object(unique.sorted { rank($0.key) < rank($1.key) }.map { member in
                (member.key, value(member.value, schema: schema?.property(member.key) ?? additionalSchema(of: schema)))
            })
        case .array(let elements):
            return .array(elements.map { value($0, schema: schema?.items) })
        case .string(let text):
            return .string(text)
        case .number(let literal):
            return .number(literal)
        case .bool(let flag):
            return .bool(flag)
        case .null:
            return .null
        }
    }

    private static func additionalSchema(of schema: JSONSchema?) -> JSONSchema? {
        if case .schema(let additional) = schema?.additionalProperties { return additional }
        return nil
    }
}
