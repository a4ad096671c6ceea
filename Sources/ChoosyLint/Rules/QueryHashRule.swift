import ChoosySyntax
import ChoosyCatalog

/// `query-hash`: a `#` inside the query, which the shipped client does not treat as a fragment.
public struct QueryHashRule: URLFormatRule {
    public static let description = RuleDescription(
        id: "query-hash",
        order: 190,
        severity: .warning,
        scope: .file,
        summary: "No '#' stands inside the query of a url_format: the shipped client does not take it for a fragment.",
        rationale: """
            To RFC 3986 a '#' ends the query and starts the fragment; to the shipped client \
            (0.6.x) it is ordinary text of the query component it stands in. So the component \
            before it is never dropped for an empty value ('q={{q}}#top' sends 'q=#top'), and \
            placeholders after it are filled as query values. Put the fragment where the client \
            keeps it, or write a literal '#' as '%23'.
            """,
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x?q={{q}}↓#top"}]}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      actions:\n        - key: p\n          url_format: a://x?tag=↓#{{tag}}\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x/#/page?q={{q}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x?tag=%23{{tag}}"}]}]}]"#),
        ])

    public init() {}

    /// The rule's words, which the site's app editor uses too.
    public static let message = "'#' inside the query is ordinary text to the shipped client, not a fragment: the component around it is sent as is"
    public static let hint = "write a literal '#' as '%23', or move the fragment out of the query"

    public func check(_ formats: [(format: URLFormat, node: Node)], of app: LoadedApp) -> [Finding] {
        formats.compactMap { format, node in
            guard let hash = format.shippedCut.hashInQuery else { return nil }
            return finding(Self.message, in: app, value: node, scalars: hash..<(hash + 1), hint: Self.hint)
        }
    }
}
