/// `unimplemented-action`: an action no app of its app type implements.
public struct UnimplementedActionRule: Rule {
    public static let description = RuleDescription(
        id: "unimplemented-action",
        order: 280,
        severity: .warning,
        scope: .catalog,
        summary: "Every action is implemented by some app of the merged app type.",
        rationale: """
            An action that no app implements always falls back to just opening an app, which \
            callers cannot tell from success.
            """,
        triggeringExamples: [
            .init(#"[{"key": "twitter", "actions": [{"key": "post"}, {"key": ↓"unfollow"}], "apps": [{"key": "twit", "actions": [{"key": "post"}]}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "twitter", "actions": [{"key": "post"}], "apps": [{"key": "twit", "actions": [{"key": "post"}]}]}]"#),
            .init(
                #"[{"key": "twitter", "apps": [{"key": "twit", "actions": [{"key": "post"}]}]}]"#,
                builtin: #"[{"key": "twitter", "actions": [{"key": "post"}]}]"#),
        ])

    public init() {}

    /// The rule's words, which the site's app editor uses too.
    public static func message(action: String, appType: String) -> String {
        "action \"\(action)\" of app type \"\(appType)\" is implemented by no app"
    }

    public static let hint = "add it to the apps that support it, or remove it"

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        findings.append(contentsOf: context.completeAppTypes.flatMap { appType in
            // The walk stops once every action is implemented: most are, by a type's first few
            // apps, and reading the key of every app action of the rest was most of this rule.
            var unimplemented = Set(appType.actionKeys)
            walk: for app in appType.apps {
                for action in app.actions {
                    guard !unimplemented.isEmpty else { break walk }
                    unimplemented.remove(action.key)
                }
            }
            return appType.actions.filter { unimplemented.contains($0.key) }.compactMap { action in
                action.definitions.first.map {
                    finding(
                        Self.message(action: action.key, appType: appType.key), at: $0, hint: Self.hint)
                }
            }
        })
    }
}
