import Foundation

/// `name-whitespace`: a `name` starts or ends with white space.
public struct NameWhitespaceRule: FixingRule {
    public static let description = RuleDescription(
        id: "name-whitespace",
        severity: .warning,
        scope: .file,
        summary: "Names of app types, parameters, actions and apps have no white space at either end.",
        rationale: """
            Names are shown in the app picker and compared when layers are reviewed; a stray \
            space or line break (often pasted in) shifts labels and makes two equal names \
            differ. White space at the ends never means anything, so 'choosy-data fmt' trims it; \
            a name that is nothing but white space is reported and left for a person to write.
            """,
        triggeringExamples: [
            .init(#"[{"name": ↓" Email", "key": "email"}]"#),
            .init(#"[{"key": "email", "apps": [{"name": ↓"Mail\n", "key": "mail"}]}]"#),
            .init(#"[{"key": "email", "parameters": [{"name": ↓"  ", "key": "to"}]}]"#),
            .init("- key: email\n  actions:\n    - name: ↓\"Compose \"\n      key: compose\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"name": "Email", "key": "email", "actions": [{"name": "Write a new email", "key": "compose"}]}]"#),
            .init(#"[{"key": "email", "description": " not a name "}]"#),
        ])

    public init() {}

    public func check(_ context: LintContext) -> [Finding] {
        Self.paddedNames(in: context).map { file, node, text in
            let trimmed = Self.trimmed(text)
            return finding(
                trimmed.isEmpty ? "the name is only white space" : "the name \"\(trimmed)\" has white space at its start or end",
                file: file, range: node.range, pointer: node.pointer,
                hint: trimmed.isEmpty ? "write the name users should see" : "remove it (choosy-data fmt does)")
        }
    }

    /// `fmt` trims every name that has something left once trimmed.
    public func fixes(_ context: LintContext) -> [ValueFix] {
        Self.paddedNames(in: context).compactMap { file, node, text in
            let trimmed = Self.trimmed(text)
            return trimmed.isEmpty ? nil : fix(node, in: file, to: trimmed)
        }
    }

    /// Every `name` string of an app type, parameter, action or app that has white space at an end.
    private static func paddedNames(in context: LintContext) -> [(file: String, node: Node, text: String)] {
        context.files.flatMap(\.appTypes).flatMap { appType in
            ([appType.node] + appType.parameters.map(\.node) + appType.actions.map(\.node) + appType.apps.map(\.node))
                .compactMap { entity -> (file: String, node: Node, text: String)? in
                    guard let node = entity["name"], let text = node.string, trimmed(text) != text else { return nil }
                    return (appType.file, node, text)
                }
        }
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
