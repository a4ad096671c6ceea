import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// Renders a catalog diff as JSON (shape in docs/diff.md): the client, every change, then the
/// counts per class and per kind.
public enum DiffJSONReporter {
    public static func render(_ diff: CatalogDiff) -> String {
        let changes = diff.changes.map { change in
            JSONValue.object([
                ("kind", .string(change.kind.rawValue)),
                ("entity", .string(change.entity.rawValue)),
                ("type", .string(change.type)),
                ("key", .string(change.key)),
                ("app", change.app.map(JSONValue.string) ?? .null),
                ("class", .string(change.changeClass.rawValue)),
                ("ignored_by_client", .bool(change.isIgnoredByClient)),
                ("frozen_layer", .bool(change.isInFrozenLayer)),
                ("before", change.before ?? .null),
                ("after", change.after ?? .null),
                ("info_plist_schemes", .array(change.infoPlistSchemes.map(JSONValue.string))),
            ] + (change.outcomes.map { before, after in
                [("outcome", JSONValue.object([
                    ("before", before.map { .string($0.rawValue) } ?? .null), ("after", after.map { .string($0.rawValue) } ?? .null),
                ]))]
            } ?? []))
        }
        let summary = JSONValue.object([
            ("total", .integer(diff.changes.count)),
            ("classes", .object(ChangeClass.allCases.map { ($0.rawValue, .integer(diff.count(of: $0))) })),
            ("kinds", .object(CatalogChange.Kind.allCases.map { ($0.rawValue, .integer(diff.count(of: $0))) })),
        ])
        return JSONValue.object([("client", .string(diff.profile.rawValue)), ("changes", .array(changes)), ("summary", summary)]).rendered()
    }
}
