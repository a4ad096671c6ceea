import ChoosyCore
import ChoosySyntax

/// The draft-07 edition of a draft 2020-12 schema, for editors whose JSON support knows draft-07
/// best. Our schemas use only keywords both drafts share, except two that changed: `$defs` is
/// draft-07's `definitions`, and draft-07 ignores every keyword beside a `$ref`, so a `$ref`
/// with a description moves into an `allOf` of its own and the description stays visible.
package enum DraftSevenEdition {
    package static let draft = "http://json-schema.org/draft-07/schema#"

    /// Keywords of draft 2020-12 (and 2019-09) that draft-07 does not know: a schema using one
    /// cannot be translated keyword for keyword. The schemas are constants, so meeting one is a bug.
    static let laterKeywords: Set<String> = [
        "prefixItems", "unevaluatedProperties", "unevaluatedItems", "dependentRequired", "dependentSchemas",
        "minContains", "maxContains", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$recursiveRef",
    ]

    /// `schema`, a draft 2020-12 schema, translated to draft-07.
    package static func translate(_ schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        return .object(members.flatMap { keyword, value -> [(String, JSONValue)] in
            precondition(!laterKeywords.contains(keyword), "the draft-07 edition cannot express \(keyword)")
            switch keyword {
            case "$schema":
                return [(keyword, .string(draft))]
            case "$defs":
                return [("definitions", mapMembers(value, translate))]
            case "$ref" where members.count > 1:
                return [("allOf", .array([.object([(keyword, reference(value))])]))]
            case "$ref":
                return [(keyword, reference(value))]
            case "properties":
                return [(keyword, mapMembers(value, translate))]
            case "items", "additionalProperties", "propertyNames", "not":
                return [(keyword, translate(value))]
            case "allOf", "anyOf", "oneOf":
                guard case .array(let schemas) = value else { return [(keyword, value)] }
                return [(keyword, .array(schemas.map(translate)))]
            default:
                return [(keyword, value)]
            }
        })
    }

    /// A `$ref` into `$defs`, pointed into `definitions`.
    private static func reference(_ value: JSONValue) -> JSONValue {
        guard case .string(let target) = value, target.hasPrefix("#/$defs/") else { return value }
        return .string("#/definitions/" + target.dropFirst("#/$defs/".count))
    }

    /// `object` with `transform` applied to each member's value.
    private static func mapMembers(_ object: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard case .object(let members) = object else { return object }
        return .object(members.map { ($0.0, transform($0.1)) })
    }
}
