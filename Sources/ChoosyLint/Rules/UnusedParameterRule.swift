/// `unused-parameter`: a parameter no url_format of its app type uses.
public struct UnusedParameterRule: Rule {
    public static let description = RuleDescription(
        id: "unused-parameter",
        order: 270,
        severity: .warning,
        scope: .catalog,
        summary: "Every parameter is used by some url_format of the merged app type.",
        rationale: """
            Callers pass parameters expecting an effect; one that no app reads is a promise the \
            catalog does not keep, or a leftover from a renamed placeholder.
            """,
        triggeringExamples: [
            .init(#"[{"key": "maps", "parameters": [{"key": "query"}, {"key": ↓"map_mode"}], "apps": [{"key": "waze", "actions": [{"key": "search", "url_format": "waze://?q={{query}}"}]}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "maps", "parameters": [{"key": "query"}], "apps": [{"key": "waze", "actions": [{"key": "search", "url_format": "waze://?q={{query}}"}]}]}]"#),
            .init(
                #"[{"key": "maps", "apps": [{"key": "waze", "actions": [{"key": "search", "url_format": "waze://?q={{query}}"}]}]}]"#,
                builtin: #"[{"key": "maps", "parameters": [{"key": "query"}]}]"#),
        ])

    public init() {}

    /// The rule's words, which the site's app editor uses too.
    public static func message(parameter: String, appType: String) -> String {
        "parameter \"\(parameter)\" of app type \"\(appType)\" is used by no url_format"
    }

    public static func hint(parameter: String) -> String { "use it as {{\(parameter)}} in the apps that support it, or remove it" }

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        findings.append(contentsOf: context.completeAppTypes.flatMap { appType in
            // The walk stops once every parameter is used: most are, by a type's first few
            // apps, and walking every url_format of the rest was most of this rule's time.
            var unused = Set(appType.parameterKeys)
            walk: for app in appType.apps {
                for action in app.actions {
                    guard !unused.isEmpty else { break walk }
                    guard let template = action.value(\.urlFormat) else { continue }
                    for placeholder in template.placeholders { unused.remove(placeholder.name) }
                }
            }
            return appType.parameters.filter { unused.contains($0.key) }.compactMap { parameter in
                parameter.definitions.first.map {
                    finding(
                        Self.message(parameter: parameter.key, appType: appType.key), at: $0, hint: Self.hint(parameter: parameter.key))
                }
            }
        })
    }
}
