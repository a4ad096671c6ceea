/// `duplicate-app-action`: an app lists the same action twice.
public struct DuplicateAppActionRule: Rule {
    public static let description = RuleDescription(
        id: "duplicate-app-action",
        order: 120,
        severity: .error,
        scope: .appType,
        summary: "An app lists each of its actions once.",
        rationale: """
            An app opens one URL per action; with two url_formats for one action the client \
            uses one and the other is dead data that reviewers read as live.
            """,
        triggeringExamples: [
            .init(#"[{"key": "twitter", "apps": [{"key": "twit", "actions": [{"key": "search", "url_format": "twit:///search?q={{text}}"}, {"key": ↓"search", "url_format": "twit:///search?q={{text}}"}]}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "twitter", "apps": [{"key": "twit", "actions": [{"key": "search"}, {"key": "post"}]}]}]"#),
            .init(#"[{"key": "twitter", "apps": [{"key": "twit", "actions": [{"key": "search"}]}, {"key": "echofon", "actions": [{"key": "search"}]}]}]"#),
        ],
        unsafeFix: EntryRemoval.summary)

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for app in context.files.flatMap(\.appTypes).flatMap(\.apps) {
            addDuplicateKeyFindings(in: app.actions, of: context, noun: "action", scopeDescription: "app \"\(app.key ?? "?")\"", to: &findings)
        }
    }
}
