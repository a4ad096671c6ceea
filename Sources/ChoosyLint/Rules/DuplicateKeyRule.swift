import ChoosySyntax
import ChoosyCatalog

/// `duplicate-key`: an object has the same key twice.
public struct DuplicateKeyRule: DocumentRule {
    public static let description = RuleDescription(
        id: "duplicate-key",
        order: 30,
        severity: .error,
        scope: .file,
        summary: "An object must not have the same key twice.",
        rationale: """
            JSON parsers disagree about duplicate keys: most keep the last value silently, so \
            the first one is dead text that reviewers read as live.
            """,
        triggeringExamples: [
            .init(#"[{"key": "mail", ↓"key": "email"}]"#),
            .init("- name: Mail\n  ↓name: Email\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "mail"}, {"key": "mail"}]"#),
            .init(#"[{"key": "mail", "name": "key"}]"#),
        ])

    public init() {}

    public func check(_ document: Document) -> [Finding] {
        document.duplicateKeys().map { duplicate in
            finding(
                duplicate.message, in: document, range: duplicate.range, pointer: duplicate.pointer, hint: DuplicateKey.hint,
                notes: [.init("first defined here", file: document.file.path, range: duplicate.firstRange)])
        }
    }
}
