/// `query-shape`: a query component of a `url_format` is not `name=value`, or a name repeats.
public struct QueryShapeRule: URLFormatRule {
    public static let description = RuleDescription(
        id: "query-shape",
        severity: .error,
        scope: .appType,
        summary: "Every query component that holds a placeholder is name=value with a literal name, and no name repeats.",
        rationale: """
            The client drops query components whose value is empty, and to do so it splits each \
            component on '='; a component holding a placeholder but no '=' crashes it, and one \
            with no name or a placeholder for a name sends a parameter the app cannot recognise. \
            A name given twice leaves it to each app which value wins. The query is what follows \
            the first '?' up to any '#'; placeholders of every form count, since each is meant \
            to be filled.
            """,
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "echofon:///user_timeline?↓{{profile_screenname}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?via=me&↓={{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?↓{{name}}={{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?text={{text}}&↓text={{via}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://post?q=1&text={{text}}&↓q=2#f"}]}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      actions:\n        - key: p\n          url_format: a://x?id=1&↓{{text}}\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
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
            guard let nameRange = component.nameRange else {
                if !component.placeholders.isEmpty {
                    findings.append(finding(
                        "the query component '\(text)' holds a placeholder but no '=': the client splits every component on '=' and crashes on this one",
                        in: app, value: node, scalars: component.range, hint: "write it as name=value, such as 'name=\(text)' with the app's name for the parameter"))
                }
                continue
            }
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
