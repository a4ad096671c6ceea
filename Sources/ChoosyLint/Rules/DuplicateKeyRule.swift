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

    /// Makes only the findings the cap lists (and the first it leaves out, where the summary
    /// goes): one object of a million repeated keys is the file's whole size in findings.
    public func check(_ document: Document, into findings: inout CappedFindings) {
        let file = document.file.path
        document.forEachDuplicateKey { duplicate in
            findings.append(in: file, at: duplicate.range.start) {
                finding(
                    duplicate.message, in: document, range: duplicate.range, pointer: duplicate.pointer, hint: DuplicateKey.hint,
                    notes: [.init("first defined here", file: file, range: duplicate.firstRange)])
            }
        }
    }
}
