import ChoosySyntax
import ChoosyCatalog

/// `query-text-lost`: text of a url_format that the shipped client cuts off and never sends.
public struct QueryTextLostRule: URLFormatRule {
    public static let description = RuleDescription(
        id: "query-text-lost",
        order: 180,
        severity: .error,
        scope: .file,
        summary: "A url_format has no text the shipped client cuts off: nothing after a second '?', nothing after a second '=' in a query component.",
        rationale: """
            The shipped client (0.6.x) keeps the query only up to a second '?', and of each \
            query component only the name and the text between its first and second '='. \
            Whatever stands after that, placeholders included, never reaches the app, so the \
            format says more than the phone sends. A literal '?' or '=' that belongs in a value \
            is written '%3F' or '%3D'.
            """,
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://search?q={{text}}↓?lang=en"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://open?url=b://x↓?id={{id}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x?filter=lang↓=en&q={{text}}"}]}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      actions:\n        - key: p\n          url_format: a://x?q={{text}}&a=b↓=c\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://search?q={{text}}&lang=en"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x?filter=lang%3Den&next=b%3A%2F%2Fx%3Fid%3D1"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x/{{path}}"}]}]}]"#),
        ])

    public init() {}

    /// The rule's words about the text `lost`, which the site's app editor uses too.
    public static func afterSecondEquals(_ lost: String) -> String {
        "'\(lost)' comes after a second '=' in a query component: the shipped client keeps a component only up to it, so this is never sent"
    }

    public static let afterSecondEqualsHint = "write a '=' that belongs to the value as '%3D', or split the component at an '&'"

    public static func afterSecondQuestionMark(_ lost: String) -> String {
        "'\(lost)' comes after a second '?': the shipped client keeps the query only up to it, so this is never sent"
    }

    public static let afterSecondQuestionMarkHint = "join it to the query with '&', or write a '?' that belongs to a value as '%3F'"

    public func check(_ formats: [(format: URLFormat, node: Node)], of app: LoadedApp) -> [Finding] {
        formats.flatMap { format, node in
            let cut = format.shippedCut
            let secondEquals = cut.components.compactMap { component in
                component.secondEquals.map { $0..<component.range.upperBound }
            }.map { lost in
                finding(Self.afterSecondEquals(format.text(of: lost)), in: app, value: node, scalars: lost, hint: Self.afterSecondEqualsHint)
            }
            let afterSecondQuestionMark = cut.lost.map { lost in
                finding(Self.afterSecondQuestionMark(format.text(of: lost)), in: app, value: node, scalars: lost, hint: Self.afterSecondQuestionMarkHint)
            }
            return secondEquals + (afterSecondQuestionMark.map { [$0] } ?? [])
        }
    }
}
