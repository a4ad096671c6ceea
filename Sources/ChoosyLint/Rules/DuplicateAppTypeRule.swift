/// `duplicate-app-type`: one layer defines the same app type twice.
public struct DuplicateAppTypeRule: Rule {
    public static let description = RuleDescription(
        id: "duplicate-app-type",
        order: 80,
        severity: .error,
        scope: .catalog,
        summary: "A layer defines each app type once.",
        rationale: """
            The client merges app types by key, so of two definitions in the same layer one \
            silently wins (the first for the shipped client, field by field the second for a \
            client that fixes it). Overriding belongs in a later layer.
            """,
        triggeringExamples: [
            .init(#"[{"name": "Mail", "key": "email"}, {"name": "Email", "key": ↓"email"}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"name": "Mail", "key": "email"}, {"name": "Maps", "key": "maps"}]"#),
            .init(#"[{"name": "Email", "key": "email"}]"#, builtin: #"[{"name": "Mail", "key": "email"}]"#),
        ],
        unsafeFix: EntryRemoval.summary)

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for layer in context.catalog.layers {
            addDuplicateKeyFindings(in: layer.files.flatMap(\.appTypes), of: context, noun: "app type", scopeDescription: "layer '\(layer.name)'", to: &findings)
        }
    }
}
