import ChoosyCatalog

/// `ignore-by-index`: an `ignore` entry of the config whose pointer names its finding by array
/// index where the entries have keys. Reported by the linter when it applies the config, since
/// only then is it known which value the index leads to.
public enum IgnoreByIndexRule {
    public static let description = RuleDescription(
        id: "ignore-by-index",
        order: 320,
        severity: .warning,
        scope: .catalog,
        summary: "Ignore entries in .choosy-data.yml name their finding by keys, not array indices.",
        rationale: """
            An index such as /0/parameters/3 names a position: insert a parameter above it \
            and the entry silently excuses another value, while the one it was written for is \
            reported again. Keys (at: twitter/parameters/text) name the value, wherever it moves.
            """,
        triggeringExamples: [
            .init(
                "layers: [{name: example, path: example.json}]\nignore:\n  - {rule: unused-parameter, pointer: ↓/0/parameters/0, reason: kept}\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example", "parameters": [{"key": "unused"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(
                "layers: [{name: example, path: example.json}]\nignore:\n  - {rule: unused-parameter, at: example/parameters/unused, reason: kept}\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example", "parameters": [{"key": "unused"}]}]"#),
        ])

    /// The finding for `entry`, at its pointer, which leads to the value `keyed` names by keys.
    static func finding(for entry: CatalogConfig.IgnoreEntry, keyed: String, in configFile: String) -> Finding {
        Finding(
            ruleID: description.id, severity: description.severity,
            message: "this ignore entry uses an array index (pointer: \(entry.pointer ?? ""))", file: configFile,
            range: entry.pointerRange ?? entry.range, pointer: entry.configPointer.description,
            hint: "write 'at: \(keyed)' instead, so it stays on this value when entries move")
    }
}
