import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// The schema of `.choosy-data.yml` for editors (schemas/choosy-data-config.schema.json), made
/// from the declaration of the config's keys (`CatalogConfigKey.all`), the rule registry and
/// the client profiles, so a new key, rule or profile is in it at once. `CatalogConfig.decode`
/// stays the judge: the schema says what an editor can check as you type, and the few things
/// it cannot (unique layer names, globs that match files) are left to `lint`.
enum ConfigSchema {
    /// The schema, with `$id` set to `id` when given.
    static func tree(id: String?) -> JSONValue {
        .object(
            [("$schema", .string(JSONSchema.draft))] + (id.map { [("$id", .string($0))] } ?? []) + [
                ("title", .string(CatalogConfig.fileName)),
                ("description", .string("The configuration at a Choosy catalog's root: its layers in merge order, the client it is for, rule severities and findings ignored on purpose (docs/catalog.md).")),
            ] + mapping(.root) + [
                ("$defs", .object([
                    ("layer", .object(
                        [("title", .string("layer")), ("description", .string("One layer of the catalog: its name and where its files are, in path or paths."))]
                            + mapping(.layer) + [("oneOf", .array(["path", "paths"].map { .object([("required", .array([.string($0)]))]) }))])),
                    ("ignoreEntry", .object(
                        [("title", .string("ignore entry")), ("description", .string("Findings of one rule, in some files or at one value, that lint does not report."))]
                            + mapping(.ignoreEntry) + [("not", .object([("required", .array([.string("at"), .string("pointer")]))]))])),
                ])),
            ])
    }

    /// The members of the schema of the mapping at `place`: a closed object of its declared keys.
    private static func mapping(_ place: CatalogConfigKey.Place) -> [(String, JSONValue)] {
        let keys = CatalogConfigKey.all.filter { $0.place == place }
        return [
            ("type", .string("object")),
            ("required", .array(keys.filter(\.isRequired).map { .string($0.name) })),
            ("additionalProperties", .bool(false)),
            ("properties", .object(keys.map { key in (key.name, .object([("description", .string(key.description))] + valueSchema(of: key))) })),
        ]
    }

    /// The schema of `key`'s value. The keys that name rules list the registry's rules, so
    /// that editors offer each id and show its summary; `config` cannot be turned off or ignored.
    private static func valueSchema(of key: CatalogConfigKey) -> [(String, JSONValue)] {
        let settings = [CatalogConfig.RuleSetting.error, .warning, .off].map { JSONValue.string($0.rawValue) }
        switch (key.place, key.name) {
        case (.root, "rules"):
            return [
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("properties", .object(Linter.ruleDescriptions.map { rule in
                    let allowed = rule.id == ConfigRule.description.id ? settings.filter { $0 != .string("off") } : settings
                    return (rule.id, .object([
                        ("description", .string(rule.summary)), ("enum", .array(allowed)), ("default", .string(rule.severity.rawValue)),
                    ]))
                })),
            ]
        case (.ignoreEntry, "rule"):
            let ids = Linter.ruleDescriptions.map(\.id).filter { $0 != ConfigRule.description.id }
            return [("enum", .array(([CatalogConfig.IgnoreEntry.everyRule] + ids).map(JSONValue.string)))]
        default:
            return key.valueSchema
        }
    }
}
