import ChoosyCore

/// `undeclared-action`: an app implements an action its app type does not have.
public struct UndeclaredActionRule: Rule {
    public static let description = RuleDescription(
        id: "undeclared-action",
        order: 130,
        severity: .error,
        scope: .catalog,
        summary: "Every app action is an action of the merged app type.",
        rationale: """
            The client offers only the type's actions; an app action under any other key is \
            never used, usually because of a typo or a missing declaration.
            """,
        triggeringExamples: [
            .init(#"[{"key": "twitter", "actions": [{"key": "post"}], "apps": [{"key": "tweetbot", "actions": [{"key": ↓"psot"}]}]}]"#),
            .init(
                #"[{"key": "twitter", "apps": [{"key": "tweetbot", "actions": [{"key": ↓"follow"}]}]}]"#,
                builtin: #"[{"key": "twitter", "actions": [{"key": "post"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "twitter", "actions": [{"key": "post"}], "apps": [{"key": "tweetbot", "actions": [{"key": "post"}]}]}]"#),
            .init(
                #"[{"key": "twitter", "apps": [{"key": "tweetbot", "actions": [{"key": "post"}]}]}]"#,
                builtin: #"[{"key": "twitter", "actions": [{"key": "post"}]}]"#),
        ])

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        // Loops, not a chain of flatMap and filter: those copied every merged app action (and
        // its references) into an array per app type, twice.
        for appType in context.completeAppTypes {
            let declared = appType.actionKeys
            lazy var candidates = Suggestion.Candidates(declared)
            for app in appType.apps {
                for action in app.actions {
                    let key = action.key
                    guard appType.action(key) == nil else { continue }
                    let suggestion = candidates.closest(to: key)
                    for definition in action.definitions {
                        findings.append(finding(
                            "app action \"\(key)\" is not an action of app type \"\(appType.key)\"", at: definition,
                            hint: suggestion.map { "did you mean \"\($0)\"?" }
                                ?? "declare \"\(key)\" in the app type's actions, or use one of: \(Self.list(declared))"))
                    }
                }
            }
        }
    }

    /// The declared keys for the hint: the first ten and how many there are in all, so a type
    /// of thousands of actions does not repeat them all in every finding.
    private static func list(_ keys: [String]) -> String {
        if keys.isEmpty { return "(the type declares no actions)" }
        let shown = keys.prefix(listedKeyCount).joined(separator: ", ")
        return keys.count > listedKeyCount ? "\(shown), … (\(keys.count) in all)" : shown
    }

    static let listedKeyCount = 10
}
