/// `query-shape`: a query component of a `url_format` is not `name=value`, or a name repeats.
public struct QueryShapeRule: URLFormatRule {
    public static let description = RuleDescription(
        id: "query-shape",
        severity: .error,
        scope: .appType,
        summary: "Every query component that holds a placeholder has a literal name before its '=', and no name repeats.",
        rationale: """
            An app recognises its query parameters by name: a component with no name or a \
            placeholder for a name sends a value the app cannot recognise (and the shipped \
            client fills only values, so a placeholder in a name reaches the app as '{{name}}'). \
            A name given twice leaves it to each app which value wins. The query is what follows \
            the first '?' up to any '#'; placeholders of every form count, since each is meant \
            to be filled. A component without '=' is query-crash's.
            """,
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?via=me&↓={{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?↓{{name}}={{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&↓text={{via}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?q=1&text={{text}}&↓q=2#f"}]}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      actions:\n        - key: p\n          url_format: a://x?id=1&↓id={{text}}\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "echofon:///user_timeline?{{profile_screenname}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&via={{via}}&flag"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://user/{{name}}?q=&daddr={{to}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}#{{anchor}}&{{more}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&&x={{a=b}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "{{url}}"}]}]}]"#),
        ])

    public init() {}

    public func check(_ formats: [(format: URLFormat, node: Node)], of app: LoadedApp) -> [Finding] {
        formats.flatMap { format, node in findings(in: format, value: node, of: app) }
    }

    private func findings(in format: URLFormat, value node: Node, of app: LoadedApp) -> [Finding] {
        var findings: [Finding] = []
        var firstByName: [String: Range<Int>] = [:]
        for component in format.queryComponents {
            // Only findings quote the component.
            lazy var text = format.text(of: component.range)
            guard let nameRange = component.nameRange else { continue }
            let nameHoldsPlaceholder = component.placeholders.contains { nameRange.contains($0.range.lowerBound) }
            if nameRange.isEmpty || nameHoldsPlaceholder {
                if !component.placeholders.isEmpty {
                    findings.append(finding(
                        "the query component '\(text)' has \(nameRange.isEmpty ? "no name" : "a placeholder for a name"): the app recognises its parameters by literal names",
                        in: app, value: node, scalars: component.range, hint: "put the app's name for this parameter before the '='"))
                }
                continue
            }
            let name = format.text(of: nameRange)
            if let first = firstByName[name] {
                findings.append(finding(
                    "the query name '\(name)' is given twice in one url_format, so each app decides which value wins",
                    in: app, value: node, scalars: component.range, hint: "remove one of the two",
                    notes: [.init("first given here", file: app.document.file.path, range: app.document.sourceRange(ofScalars: first, in: node))]))
            } else {
                firstByName[name] = component.range
            }
        }
        return findings
    }
}
