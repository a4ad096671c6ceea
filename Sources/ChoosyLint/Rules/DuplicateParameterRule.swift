/// `duplicate-parameter`: an app type lists the same parameter twice.
public struct DuplicateParameterRule: Rule {
    public static let description = RuleDescription(
        id: "duplicate-parameter",
        order: 90,
        severity: .error,
        scope: .appType,
        summary: "An app type lists each parameter once.",
        rationale: """
            The client keeps one parameter per key; the other definition, with its name and \
            description, silently disappears from the app.
            """,
        triggeringExamples: [
            .init(#"[{"key": "email", "parameters": [{"key": "to"}, {"name": "To", "key": ↓"to"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "email", "parameters": [{"key": "to"}, {"key": "cc"}]}]"#),
            .init(#"[{"key": "email", "parameters": [{"key": "to"}]}]"#, builtin: #"[{"key": "email", "parameters": [{"key": "to"}]}]"#),
        ],
        unsafeFix: EntryRemoval.summary)

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for appType in context.files.flatMap(\.appTypes) {
            addDuplicateKeyFindings(in: appType.parameters, of: context, noun: "parameter", scopeDescription: "app type \"\(appType.key ?? "?")\"", to: &findings)
        }
    }
}
