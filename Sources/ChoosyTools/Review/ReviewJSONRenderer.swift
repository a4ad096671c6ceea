import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// Renders a catalog review as JSON (shape in docs/review.md): the same content as the
/// Markdown comment, as data.
public enum ReviewJSONRenderer {
    public static func render(_ review: CatalogReview, base: String, head: String) -> String {
        let diff = review.diff
        return JSONValue.object([
            ("base", .string(base)),
            ("head", .string(head)),
            ("client", .string(diff.profile.rawValue)),
            ("summary", .object(
                [("total", .integer(diff.changes.count))] + ChangeClass.allCases.map { ($0.rawValue, .integer(diff.count(of: $0))) }
                    + [("frozen_layer", .integer(diff.frozenLayerCount))])),
            ("lint", .object([
                ("introduced", .array(review.introducedFindings.map(JSONReporter.findingOutput))),
                ("fixed", .array(review.fixedFindings.map(JSONReporter.findingOutput))),
            ])),
            ("urls", .array(review.urlComparisons.map(urlComparison))),
            ("matrix", .array(review.matrixChanges.map { change in
                .object([
                    ("type", .string(change.type)), ("action", .string(change.action)), ("app", .string(change.app)),
                    ("parameter", .string(change.parameter)),
                    ("before", change.before.map { .string($0.rawValue) } ?? .null),
                    ("after", change.after.map { .string($0.rawValue) } ?? .null),
                ])
            })),
            ("info_plist", .object([
                ("add", .array(review.schemesToAdd.map(JSONValue.string))),
                ("drop", .array(review.schemesToDrop.map(JSONValue.string))),
            ])),
            ("ignored_overrides", .array(review.ignoredOverrides.map(JSONReporter.findingOutput))),
        ]).rendered()
    }

    private static func urlComparison(_ comparison: CatalogReview.URLComparison) -> JSONValue {
        .object([
            ("type", .string(comparison.type)), ("app", .string(comparison.app)), ("action", .string(comparison.action)),
            ("class", .string(comparison.changeClass.rawValue)),
            ("frozen_layer", .bool(comparison.isInFrozenLayer)),
            ("state", .object([
                ("before", comparison.before.map { .string($0.state.rawValue) } ?? .null),
                ("after", comparison.after.map { .string($0.state.rawValue) } ?? .null),
            ])),
            ("rows", .array(comparison.rows.map { row in
                .object([
                    ("source", .string(row.source)),
                    ("values", .object(row.values.map { ($0.key, .string($0.value)) })),
                    ("before", rendering(row.before)),
                    ("after", rendering(row.after)),
                ])
            })),
        ])
    }

    /// null when the side has no such app.
    private static func rendering(_ rendering: ClientRendering?) -> JSONValue {
        guard let rendering else { return .null }
        return .object([
            ("outcome", .string(rendering.outcome.rawValue)),
            ("url", rendering.url.map(JSONValue.string) ?? .null),
            ("dropped", .array(rendering.dropped.map(JSONValue.string))),
        ])
    }
}
