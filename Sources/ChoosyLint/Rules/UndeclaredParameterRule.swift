import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `undeclared-parameter`: a url_format uses a placeholder that is not a parameter.
public struct UndeclaredParameterRule: Rule {
    public static let description = RuleDescription(
        id: "undeclared-parameter",
        order: 140,
        severity: .error,
        scope: .catalog,
        summary: "Every {{placeholder}} is a parameter of the merged app type.",
        rationale: """
            Callers can only pass declared parameters; an undeclared placeholder is always \
            replaced by nothing, so the URL silently loses that part. The url_format of an \
            override the shipped client ignores is checked too: later clients use it.
            """,
        triggeringExamples: [
            .init(#"[{"key": "twitter", "parameters": [{"key": "text"}], "apps": [{"key": "echofon", "actions": [{"key": "post", "url_format": "echofon:///post?msg={{text}}&to=↓{{profile_username}}"}]}]}]"#),
            .init(
                "- key: twitter\n  apps:\n    - key: twit\n      actions:\n        - key: post\n          url_format: \"twit:///post?message=↓{{txt}}\"\n",
                fileName: "example.yaml", builtin: #"[{"key": "twitter", "parameters": [{"key": "text"}]}]"#),
            .init(
                #"[{"key": "twitter", "apps": [{"key": "twit", "actions": [{"key": "post", "url_format": "twit:///post?message=↓{{txt}}"}]}]}]"#,
                builtin: #"[{"key": "twitter", "parameters": [{"key": "text"}], "apps": [{"key": "twit", "actions": [{"key": "post", "url_format": "twit:///post?text={{text}}"}]}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(
                #"[{"key": "twitter", "apps": [{"key": "twit", "actions": [{"key": "post", "url_format": "twit:///post?message={{text}}"}]}]}]"#,
                builtin: #"[{"key": "twitter", "parameters": [{"key": "text"}]}]"#),
            .init(#"[{"key": "twitter", "apps": [{"key": "twit", "actions": [{"key": "post", "url_format": "twit:///post?message={{ text }}"}]}]}]"#),
        ])

    public init() {}

    /// The message about `placeholder` and its hints: also the words of the site's app editor.
    public static func message(placeholder: String, appType: String) -> String {
        "{{\(placeholder)}} is not a parameter of app type \"\(appType)\""
    }

    public static func hint(suggestion: String) -> String { "did you mean {{\(suggestion)}}?" }

    public static func hint(declaring placeholder: String) -> String { "declare \"\(placeholder)\" in the app type's parameters" }

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for appType in context.completeAppTypes {
            let declared = appType.parameterKeys
            let isDeclared = Set(declared)
            lazy var candidates = Suggestion.Candidates(declared)
            func check(_ definition: AppAction) {
                guard let formatNode = definition.urlFormatNode, let text = formatNode.string else { return }
                // Malformed names (spaces, braces) are placeholder-syntax's to report.
                for placeholder in URLTemplate(text).placeholders where !isDeclared.contains(placeholder.name) && Self.isIdentifier(placeholder.name) {
                    let range = context.document(at: definition.file)?.sourceRange(ofScalars: placeholder.range, in: formatNode)
                    let suggestion = candidates.closest(to: placeholder.name)
                    findings.append(finding(
                        Self.message(placeholder: placeholder.name, appType: appType.key),
                        file: definition.file, range: range ?? formatNode.range, pointer: formatNode.pointer,
                        hint: suggestion.map(Self.hint(suggestion:)) ?? Self.hint(declaring: placeholder.name)))
                }
            }
            // The url_format the client uses, and those of overrides it ignores: a later client
            // uses them, so their placeholders must be parameters too (as example-mismatch does).
            // Walked in loops: gathering them in an array per app action first was a sixth of
            // this rule.
            for app in appType.apps {
                for action in app.actions {
                    if let used = action.definition(providing: \.urlFormatNode) { check(used) }
                    for ignored in action.definitions.ignored { check(ignored) }
                }
            }
        }
    }

    /// `[A-Za-z0-9_]+`, checked by hand: a regex literal is compiled on every call, which
    /// made this rule a third of lint's time on large catalogs (bench/README.md).
    private static func isIdentifier(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }
}
