import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `query-shape`: a query component of a `url_format` is not `name=value`, or a name repeats.
public struct QueryShapeRule: URLFormatRule {
    public static let description = RuleDescription(
        id: "query-shape",
        order: 160,
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
        let components = format.queryComponents
        // Most queries have a few components, where comparing a name with the earlier ones is
        // cheaper than a string, a hash and a dictionary entry for each; long ones are indexed.
        let isIndexed = components.count > 16
        var firstByName: [String: Range<Int>] = [:]
        for (index, component) in components.enumerated() {
            // Only findings quote the component.
            lazy var text = format.text(of: component.range)
            guard let nameRange = component.nameRange else { continue }
            guard let name = Self.literalName(of: component) else {
                if !component.placeholders.isEmpty {
                    findings.append(finding(
                        Self.unnamed(component: text, lacking: nameRange.isEmpty ? Self.noName : Self.placeholderName),
                        in: app, value: node, scalars: component.range, hint: Self.unnamedHint))
                }
                continue
            }
            let first: Range<Int>?
            if isIndexed {
                let key = format.text(of: name)
                first = firstByName[key]
                if first == nil { firstByName[key] = component.range }
            } else {
                first = components[..<index].first { Self.literalName(of: $0).map { Self.same(name, $0, in: format) } ?? false }?.range
            }
            if let first {
                findings.append(finding(
                    Self.givenTwice(name: format.text(of: name)), in: app, value: node, scalars: component.range, hint: Self.givenTwiceHint,
                    notes: [.init("first given here", file: app.document.file.path, range: app.document.sourceRange(ofScalars: first, in: node))]))
            }
        }
        return findings
    }

    /// The words of the findings, here and in the docs site's editor page.
    public static func unnamed(component: String, lacking what: String) -> String {
        "the query component '\(component)' has \(what): the app recognises its parameters by literal names"
    }
    public static let noName = "no name"
    public static let placeholderName = "a placeholder for a name"
    public static let unnamedHint = "put the app's name for this parameter before the '='"
    public static func givenTwice(name: String) -> String {
        "the query name '\(name)' is given twice in one url_format, so each app decides which value wins"
    }
    public static let givenTwiceHint = "remove one of the two"

    /// The range of the component's name when it is literal text: not empty, no placeholder.
    private static func literalName(of component: URLFormat.QueryComponent) -> Range<Int>? {
        guard let name = component.nameRange, !name.isEmpty,
              !component.placeholders.contains(where: { name.contains($0.range.lowerBound) }) else { return nil }
        return name
    }

    /// Whether two names are the same string: their bytes in ASCII text, where equal strings
    /// have equal bytes; otherwise as strings, which compare canonically equivalent scalars equal.
    private static func same(_ name: Range<Int>, _ other: Range<Int>, in format: URLFormat) -> Bool {
        format.scalars.isASCII ? format.scalars.utf8(of: name) == format.scalars.utf8(of: other) : format.text(of: name) == format.text(of: other)
    }
}
