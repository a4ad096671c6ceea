/// `schema`: a file does not match `schemas/app-type.schema.json`.
public struct SchemaRule: DocumentRule {
    public static let description = RuleDescription(
        id: "schema",
        severity: .error,
        scope: .file,
        summary: "Every file matches the app-type schema: known properties only, each of the right type and form.",
        rationale: """
            The client decodes the catalog strictly: a misspelt property is ignored, so its \
            value silently never takes effect, and a missing or mistyped one makes the client \
            drop the whole app type. The schema is also what editors use to complete and check \
            catalog files, so the linter and the editor never disagree.
            """,
        triggeringExamples: [
            .init(#"↓{"name": "Email"}"#),
            .init(#"[{"name": "Email", "key": "email", "parameters": [], "actions": [↓{"name": "Write"}], "apps": []}]"#),
            .init(#"[{"name": "Email", "key": ↓"Email", "parameters": [], "actions": [], "apps": []}]"#),
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

    public func check(_ document: Document) -> [Finding] {
        AppTypeSchema.validator.validate(document.root).map {
            finding($0.message, in: document, range: $0.range, pointer: $0.pointer, hint: $0.hint)
        }
    }
}
