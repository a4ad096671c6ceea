import ChoosySyntax
import ChoosyCatalog

/// `query-crash`: a query component without `=`, on which the shipped client crashes.
public struct QueryCrashRule: URLFormatRule {
    public static let description = RuleDescription(
        id: "query-crash",
        order: 170,
        severity: .error,
        scope: .file,
        summary: "Every query component of a url_format has an '=': the shipped client crashes the host app on one without.",
        rationale: """
            The shipped client (0.6.x) splits the query at every '&' and each component at '=', \
            and reads the part after the '=' without checking that there is one: a component \
            without '=' raises an exception and the app that called Choosy crashes. That holds \
            for a flag ('?flag'), a bare placeholder ('?{{q}}'), and the empty components of \
            '&&', a leading or trailing '&' or a '?' with nothing after it. The query is what \
            follows the first '?' up to a second one; '#' does not end it. The client finds \
            '?', '&' and '=' by comparing characters: one that a combining mark follows is one \
            character with it, so it splits nothing.
            """,
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "echofon:///user_timeline?↓{{profile_screenname}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&↓flag"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&↓&via={{via}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}↓&"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post↓?"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x?↓q=\u0301{{q}}"}]}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      actions:\n        - key: p\n          url_format: a://x?↓&id=1\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&via={{via}}&flag=1"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post/{{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x?q=&daddr={{to}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "{{url}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://x?q={{q}}&\u0301flag"}]}]}]"#),
        ])

    public init() {}

    /// The rule's words, which the site's app editor uses too.
    public static let emptyComponentMessage =
        "the query has an empty component: the shipped client splits it at '=', finds none, and crashes the host app"

    public static func emptyComponentHint(delimiter: String) -> String {
        "remove the extra '\(delimiter)'"
    }

    public static func message(component: String) -> String {
        "the query component '\(component)' has no '=': the shipped client splits it at '=', finds none, and crashes the host app"
    }

    public static func hint(component: String) -> String {
        hint(example: component.contains("{{") ? "name=\(component)" : "\(component)=1")
    }

    public static func hint(example: String) -> String {
        "write it as name=value (e.g. '\(example)'), using the app's name for the parameter"
    }

    public func check(_ formats: [(format: URLFormat, node: Node)], of app: LoadedApp) -> [Finding] {
        formats.flatMap { format, node in
            let cut = format.shippedCut
            return cut.components.filter { $0.firstEquals == nil }.map { component in
                guard !component.range.isEmpty else {
                    // Point at the delimiter that makes the empty component: the `&` after it, or the `?` or `&` before.
                    let delimiter = component.range.upperBound < (cut.query?.upperBound ?? 0)
                        ? component.range.upperBound : component.range.lowerBound - 1
                    return finding(
                        Self.emptyComponentMessage, in: app, value: node, scalars: delimiter..<(delimiter + 1),
                        hint: Self.emptyComponentHint(delimiter: String(format.scalars[delimiter])))
                }
                let text = format.text(of: component.range)
                return finding(Self.message(component: text), in: app, value: node, scalars: component.range, hint: Self.hint(component: text))
            }
        }
    }
}
