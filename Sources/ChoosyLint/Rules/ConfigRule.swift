import ChoosySyntax
import ChoosyCatalog

/// `config`: a mistake in `.choosy-data.yml`. `lint` reports every mistake as a finding (so
/// CI annotates each) and checks nothing else of that catalog until the config is fixed;
/// other commands stop with all of them.
public enum ConfigRule {
    public static let description = RuleDescription(
        id: CatalogConfig.mistakesRuleID,
        order: 20,
        severity: .error,
        scope: .catalog,
        summary: "The .choosy-data.yml is valid: known keys, layers that exist, known rules and severities.",
        rationale: """
            The config decides which files make up the catalog and which findings count; a \
            misspelt key or rule would otherwise be ignored without a word, and a layer that \
            cannot be read would leave its files unchecked. Its mistakes cannot be ignored or \
            turned off.
            """,
        triggeringExamples: [
            .init(
                "layers: [{name: example, path: example.json}]\nrules:\n  empty-description: ↓warn\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example"}]"#),
            .init(
                "layers: [{name: example, path: example.json}]\n↓ignores: []\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example"}]"#),
        ],
        nonTriggeringExamples: [
            .init(
                "layers: [{name: example, path: example.json}]\nrules:\n  empty-description: warning\n",
                fileName: CatalogConfig.fileName, builtin: #"[{"key": "example"}]"#),
        ])

    /// A finding for each of a config's mistakes, those the catalog layer found and each rule
    /// id it names that no rule has, in file order.
    public static func findings(for problems: [SyntaxError], namedRules: [CatalogConfig.NamedRule], in configFile: String) -> [Finding] {
        (problems + unknownRules(namedRules)).enumerated()
            .sorted { ($0.element.range.start.offset, $0.offset) < ($1.element.range.start.offset, $1.offset) }
            .map(\.element).map { problem in
                Finding(
                    ruleID: description.id, severity: description.severity, message: problem.message,
                    file: configFile, range: problem.range, pointer: "", hint: problem.hint)
            }
    }

    /// A mistake for each named rule id that no rule has.
    private static func unknownRules(_ namedRules: [CatalogConfig.NamedRule]) -> [SyntaxError] {
        let known = RuleRegistry.descriptions.map(\.id)
        return namedRules.filter { !known.contains($0.id) }.map { named in
            SyntaxError(UnknownKeyError(kind: "rule", key: named.id, validKeys: known).description, at: named.range)
        }
    }
}
