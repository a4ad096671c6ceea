/// `duplicate-action`: an app type lists the same action twice.
public struct DuplicateActionRule: Rule {
    public static let description = RuleDescription(
        id: "duplicate-action",
        order: 100,
        severity: .error,
        scope: .appType,
        summary: "An app type lists each action once.",
        rationale: """
            The client keeps one action per key, so one of two definitions silently wins (the \
            first for the shipped client) and the other's name never shows in the picker.
            """,
        triggeringExamples: [
            .init(#"[{"key": "twitter", "actions": [{"key": "post"}, {"name": "Tweet", "key": ↓"post"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "twitter", "actions": [{"key": "post"}, {"key": "search"}]}]"#),
            .init(#"[{"key": "twitter", "actions": [{"key": "post"}]}]"#, builtin: #"[{"key": "twitter", "actions": [{"key": "post"}]}]"#),
        ],
        unsafeFix: EntryRemoval.summary)

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for appType in context.files.flatMap(\.appTypes) {
            addDuplicateKeyFindings(in: appType.actions, of: context, noun: "action", scopeDescription: "app type \"\(appType.key ?? "?")\"", to: &findings)
        }
    }
}
