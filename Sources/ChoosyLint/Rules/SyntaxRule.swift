import ChoosySyntax
import ChoosyCatalog

/// `syntax`: the file is not valid JSON or YAML (or is YAML this tool refuses to load).
/// A JSON file yields one finding per error, and the other rules check what it reads whole; a
/// YAML file yields one finding (docs/json.md, "Syntax errors").
public enum SyntaxRule {
    public static let description = RuleDescription(
        id: "syntax",
        order: 10,
        severity: .error,
        scope: .file,
        summary: "The file must be valid JSON or YAML in the supported subset.",
        rationale: """
            The client downloads these files and parses them strictly; one stray comma makes \
            the whole app type disappear from every user's picker.
            """,
        triggeringExamples: [
            .init(#"[{"name": "Mail", "key": "mail"↓,}]"#),
            .init("[\n  {\"key\": \"mail\"}\n  ↓{\"key\": \"maps\"}\n]"),
            .init("[↓// comment\n]"),
            .init("- key: mail\n  apps: ↓*missing\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"name": "Mail", "key": "mail"}]"#),
            .init("- key: mail # comments are fine in YAML\n", fileName: "example.yaml"),
        ])

    /// The finding for a file that did not load.
    public static func finding(for error: SyntaxError, in file: SourceFile) -> Finding {
        Finding(
            ruleID: description.id, severity: description.severity, message: error.message,
            file: file.path, range: error.range, pointer: "", hint: error.hint)
    }
}
