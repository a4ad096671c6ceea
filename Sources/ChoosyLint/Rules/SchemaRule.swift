import ChoosySyntax
import ChoosyCatalog

/// `schema`: a file does not match `schemas/app-type.schema.json`.
public struct SchemaRule: DocumentRule {
    public static let description = RuleDescription(
        id: "schema",
        order: 50,
        severity: .error,
        scope: .file,
        summary: "Every file matches the app-type schema: known properties only, each of the right type and form.",
        rationale: """
            The client decodes the catalog strictly: a misspelt property is ignored, so its \
            value silently never takes effect, and a missing or mistyped one makes the client \
            drop the whole app type. The schema is also what editors use to complete and check \
            catalog files, so the linter and the editor never disagree. Where a dedicated rule \
            explains a schema pattern better (`key-format` for keys, `scheme-format` for \
            app_url_scheme), the pattern is left to that rule, so one mistake is one finding.
            """,
        triggeringExamples: [
            .init(#"↓{"name": "Email"}"#),
            .init(#"[{"name": "Email", "key": "email", "parameters": [], "actions": [↓{"name": "Write"}], "apps": []}]"#),
            .init(#"[{"name": "Email", "key": "email", "parameters": [], "actions": [], "apps": [], ↓"Key": "x"}]"#),
            .init("""
                [{"name": "Email", "key": "email", "parameters": [], "actions": [], "apps": [
                  {"name": "Mail", "key": "mail", "app_url_scheme": "mailto:", "actions": [
                    {"key": "compose", "url_format": "mailto:{{to}}", ↓"exampels": []}]}]}]
                """),
            .init("""
                - name: Email
                  key: email
                  parameters: []
                  actions: []
                  apps:
                    - name: Mail
                      key: mail
                      app_url_scheme: ↓42
                      actions: [{key: compose, url_format: "mailto:"}]
                """, fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init("[]"),
            .init("""
                [{"name": "Email", "key": "email",
                  "parameters": [{"name": "To", "key": "to", "description": "Address of the recipient."}],
                  "actions": [{"name": "Write", "key": "compose"}],
                  "apps": [{"name": "Mail", "key": "mail", "app_url_scheme": "mailto:",
                            "source": "https://example.com/mail-url-scheme",
                            "actions": [{"key": "compose", "url_format": "mailto:{{to}}",
                                         "examples": [{"parameters": {"to": "a@example.com"}, "url": "mailto:a@example.com"}]}]}]}]
                """),
        ])

    public init() {}

    /// Properties whose `pattern` another rule reports, with a message made for it.
    static let patternsOwnedByOtherRules: [String: String] = ["key": "key-format", "app_url_scheme": "scheme-format"]

    /// Makes only the findings the cap lists, and the first it leaves out: a file of a million
    /// values of the wrong type is as many violations.
    public func check(_ document: Document, into findings: inout CappedFindings) {
        AppTypeSchema.validator.validate(document.root) { keyword, start, violation in
            guard keyword != "pattern" || Self.patternsOwnedByOtherRules[violation().pointer.tokens.last ?? ""] == nil else { return }
            findings.append(in: document.file.path, at: start) {
                let violation = violation()
                return finding(violation.message, in: document, range: violation.range, pointer: violation.pointer, hint: violation.hint)
            }
        }
    }
}
