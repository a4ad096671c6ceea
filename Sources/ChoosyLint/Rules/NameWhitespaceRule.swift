import ChoosyCatalog
import ChoosyCore
import ChoosySyntax
import Foundation

/// `name-whitespace`: a `name` starts or ends with white space.
public struct NameWhitespaceRule: FixingRule {
    public static let description = RuleDescription(
        id: "name-whitespace",
        order: 300,
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
        ],
        fix: "Trims the white space at both ends of a name; a name that is only white space is left for a person to write."
    )

    public init() {}

    /// The rule's words, which the site's app editor uses too.
    public static let onlyWhiteSpace = "the name is only white space"
    public static let onlyWhiteSpaceHint = "write the name users should see"

    public static func message(name: String) -> String {
        "the name \"\(name)\" has white space at its start or end"
    }

    public static func hint(trimmed: String) -> String {
        "write \"\(trimmed)\" (choosy-data fmt and lint --fix do)"
    }

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for (file, node, text) in Self.paddedNames(in: context) {
            let trimmed = Self.trimmed(text)
            // `fmt` trims every name that has something left once trimmed.
            findings.append(finding(
                trimmed.isEmpty ? Self.onlyWhiteSpace : Self.message(name: text),
                file: file, range: node.range, pointer: node.pointer,
                hint: trimmed.isEmpty ? Self.onlyWhiteSpaceHint : Self.hint(trimmed: trimmed)
            ).with(fix: trimmed.isEmpty ? nil : fix(node, in: file, to: trimmed)))
        }
    }

    /// Every `name` string of an app type, parameter, action or app that has white space at an
    /// end. Only a name that starts or ends with white space differs from its trimmed form, so
    /// only those are trimmed (Foundation's trimming of every name was a twentieth of lint).
    private static func paddedNames(in context: LintContext) -> [(file: String, node: Node, text: String)] {
        var padded: [(file: String, node: Node, text: String)] = []
        for appType in context.files.flatMap(\.appTypes) {
            func check(_ name: String?, of node: Node) {
                guard let name, let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
                      CharacterSet.whitespacesAndNewlines.contains(first) || CharacterSet.whitespacesAndNewlines.contains(last),
                      let nameNode = node["name"] else { return }
                padded.append((appType.file, nameNode, name))
            }
            check(appType.name, of: appType.node)
            for parameter in appType.parameters { check(parameter.name, of: parameter.node) }
            for action in appType.actions { check(action.name, of: action.node) }
            for app in appType.apps { check(app.name, of: app.node) }
        }
        return padded
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
