/// `duplicate-app`: an app type lists the same app twice.
public struct DuplicateAppRule: Rule {
    public static let description = RuleDescription(
        id: "duplicate-app",
        order: 110,
        severity: .error,
        scope: .appType,
        summary: "An app type lists each app once.",
        rationale: """
            Users pick their favourite app by key; two apps with one key make the choice \
            ambiguous and one of them unreachable.
            """,
        triggeringExamples: [
            .init(#"[{"key": "twitter", "apps": [{"key": "tweetbot"}, {"name": "Tweetbot 3", "key": ↓"tweetbot"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "twitter", "apps": [{"key": "tweetbot"}, {"key": "echofon"}]}]"#),
            .init(#"[{"key": "twitter", "apps": [{"key": "tweetbot"}]}]"#, builtin: #"[{"key": "twitter", "apps": [{"key": "tweetbot"}]}]"#),
        ],
        unsafeFix: EntryRemoval.summary)

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for appType in context.files.flatMap(\.appTypes) {
            addDuplicateKeyFindings(in: appType.apps, of: context, noun: "app", scopeDescription: "app type \"\(appType.key ?? "?")\"", to: &findings)
        }
    }
}
