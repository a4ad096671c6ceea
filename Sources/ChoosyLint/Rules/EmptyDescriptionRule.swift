import ChoosySyntax
import ChoosyCatalog

/// `empty-description`: a parameter whose description is empty.
public struct EmptyDescriptionRule: Rule {
    public static let description = RuleDescription(
        id: "empty-description",
        order: 290,
        severity: .warning,
        scope: .file,
        summary: "Every parameter has a description that says what to pass.",
        rationale: """
            App developers choose values from the description alone: format, units, whether \
            to include an @ or a scheme. An empty one makes them guess.
            """,
        triggeringExamples: [
            .init(#"[{"key": "maps", "parameters": [{"key": "start_address", "description": ↓""}]}]"#),
            .init("- key: maps\n  parameters:\n    - key: end_address\n      description: ↓\"  \"\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "maps", "parameters": [{"key": "start_address", "description": "Where the route starts."}]}]"#),
        ])

    public init() {}

    /// The rule's words, which the site's app editor uses too.
    public static func message(parameter: String) -> String { "parameter \"\(parameter)\" has an empty description" }
    public static let hint = "say what the value is and in which format, e.g. \"Screen name without the @\""

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for parameter in context.files.lazy.flatMap(\.appTypes).flatMap(\.parameters) {
            guard let description = parameter.node["description"], let text = description.string,
                  text.allSatisfy(\.isWhitespace) else { continue }
            findings.append(finding(
                Self.message(parameter: parameter.key ?? "?"), at: parameter, range: description.range, hint: Self.hint))
        }
    }
}
