import ChoosyCore
import ChoosyCatalog

/// `key-format`: keys are lowercase identifiers.
public struct KeyFormatRule: Rule {
    public static let description = RuleDescription(
        id: "key-format",
        order: 70,
        severity: .error,
        scope: .file,
        summary: "Every key matches \(KeyGrammar.pattern).",
        rationale: """
            The client lowercases keys, so `Post` silently collides with `post`; keys also name \
            files and pages of the docs site, so they must be safe in a path and a URL.
            """,
        triggeringExamples: [
            .init(#"[{"key": "twitter", "actions": [{"name": "Post", "key": ↓"Post"}]}]"#),
            .init(#"[{"key": "twitter", "apps": [{"key": ↓"tweet-bot"}]}]"#),
            .init("- key: ↓2maps\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "twitter", "actions": [{"key": "post"}, {"key": "show_profile2"}]}]"#),
        ])

    public init() {}

    /// The message about `key`, and its hint: also the words of the site's app editor.
    public static func message(key: String) -> String {
        "key \"\(key)\" must match \(KeyGrammar.pattern)"
    }

    public static func hint(suggestedKey: String) -> String {
        "write it as \"\(suggestedKey)\""
    }

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        // Each list checked as it is: gathering every value of a type into one array of
        // existentials first was most of this rule's time.
        func check<Entity: KeyedEntity>(_ entities: [Entity]) {
            for entity in entities {
                guard let key = entity.key, !KeyGrammar.matches(key) else { continue }
                findings.append(finding(Self.message(key: key), at: entity, hint: Self.hint(suggestedKey: KeyGrammar.suggestedKey(for: key))))
            }
        }
        for appType in context.files.flatMap(\.appTypes) {
            let apps = appType.apps
            check([appType])
            check(appType.parameters)
            check(appType.actions)
            check(apps)
            for app in apps { check(app.actions) }
        }
    }
}
