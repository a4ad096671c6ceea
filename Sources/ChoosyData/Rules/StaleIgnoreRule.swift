/// `stale-ignore`: an `ignore` entry of the config that matches no finding. Reported by the
/// linter after it applies the config, since only then is it known what an entry matched.
public enum StaleIgnoreRule {
    public static let description = RuleDescription(
        id: "stale-ignore",
        severity: .warning,
        scope: .catalog,
        summary: "Every ignore entry in .choosy-data.yml still matches a finding.",
        rationale: """
            An ignore entry that matches nothing is left over from a fix; kept, it would \
            silently hide the next real problem at that place.
            """,
        triggeringExamples: [
            .init(
                "layers: [{name: example, path: example.json}]\nignore:\n  - ↓{rule: unused-parameter, path: example.json, reason: kept}\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example", "parameters": []}]"#),
        ],
        nonTriggeringExamples: [
            .init(
                "layers: [{name: example, path: example.json}]\nignore:\n  - {rule: unused-parameter, path: example.json, reason: kept}\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example", "parameters": [{"key": "unused"}]}]"#),
        ])

    static func finding(for entry: CatalogConfig.IgnoreEntry, in configFile: String) -> Finding {
        Finding(
            ruleID: description.id, severity: description.severity,
            message: "this ignore entry for rule '\(entry.rule)' matches no finding", file: configFile,
            range: entry.range, pointer: entry.configPointer.description,
            hint: "the problem is gone: remove the entry")
    }
}
