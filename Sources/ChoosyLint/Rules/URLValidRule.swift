import ChoosySyntax
import ChoosyCatalog

/// `url-valid`: a `url_format` is not an absolute URI once its placeholders are filled.
public struct URLValidRule: URLFormatRule {
    public static let description = RuleDescription(
        id: "url-valid",
        order: 200,
        severity: .error,
        scope: .file,
        summary: "A url_format, its placeholders filled, is an absolute URI (RFC 3986).",
        rationale: """
            The client builds a URL from the format and hands it to the system; a string that is \
            not a URI (a space, a stray '%', a character outside its component's class, no \
            scheme) makes that fail. On builds before iOS 17 the client then opens only the app, \
            with its app_url_scheme, so the action silently does nothing; from iOS 17 the system \
            percent-encodes most such characters, so the app gets a URL other than the one meant \
            (and a bad scheme or port is no URL there). The message says which platform does \
            what. Each placeholder stands for a sample value valid where it stands, since the client percent-encodes \
            what it fills in; a format that is one placeholder ('{{url}}') is the caller's whole \
            URL and is not checked. Only the first problem of a format is reported.
            """,
        furtherReading: .init(page: "url.md", heading: "Validity: what the system makes of the URL"),
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text=hello↓ world"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text=100↓%&via={{via}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "↓//post?text={{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "tweet↓_bot:///post"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://host:8↓o/post"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post#top↓#{{anchor}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a:///caf↓é?q={{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://us↓[er@host/"}]}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      actions:\n        - key: p\n          url_format: a://x?q=a↓^b\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "{{url}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "mailto:{{to}}?cc={{cc}}&subject={{subject}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://user:pw@[::1]:8080/p%20q?x=/?@:#frag/?"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "mailbox-url-callback:"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "tweetbot:///user_profile/{{name}}?callback_url={{callback_url}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://{{host}}:{{port}}/x"}]}]}]"#),
        ])

    public init() {}

    public func check(_ formats: [(format: URLFormat, node: Node)], of app: LoadedApp) -> [Finding] {
        formats.compactMap { format, node in
            URISyntax.firstViolation(in: format).map { violation in
                finding(violation.message, in: app, value: node, scalars: violation.range, hint: violation.hint)
            }
        }
    }
}
