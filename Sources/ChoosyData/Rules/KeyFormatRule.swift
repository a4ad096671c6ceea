/// `key-format`: keys are lowercase identifiers.
public struct KeyFormatRule: Rule {
    public static let description = RuleDescription(
        id: "key-format",
        severity: .error,
        scope: .file,
        summary: "Every key matches ^[a-z][a-z0-9_]*$.",
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

    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        // Each list checked as it is: gathering every value of a type into one array of
        // existentials first was most of this rule's time.
        func check<Entity: KeyedEntity>(_ entities: [Entity]) {
            for entity in entities {
                guard let key = entity.key, !Self.isValid(key) else { continue }
                findings.append(finding(
                    "key \"\(key)\" must match ^[a-z][a-z0-9_]*$", at: entity,
                    hint: "write it as \"\(Self.suggestedKey(for: key))\""))
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
        return findings
    }

    /// Whether `key` is a lowercase identifier; the docs site relies on this for file names.
    /// (The same pattern as a placeholder's name; a regex literal here was compiled on every
    /// call, a sixth of lint's time on large catalogs.)
    public static func isValid(_ key: String) -> Bool {
        PlaceholderToken.isParameterName(key)
    }

    /// `Show-Profile` → `show_profile`; invisible characters other than spaces (a zero width
    /// space pasted in) are dropped; a key that would start with a digit gets a `k` in front.
    static func suggestedKey(for key: String) -> String {
        var result = ""
        for scalar in key.lowercased().unicodeScalars where !scalar.isInvisible || scalar.properties.isWhitespace {
            let isAllowed = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            result += isAllowed ? String(scalar) : (result.hasSuffix("_") ? "" : "_")
        }
        result = String(result.drop { $0 == "_" }.reversed().drop { $0 == "_" }.reversed())
        if let first = result.first, first.isNumber { result = "k" + result }
        return result.isEmpty ? "key" : result
    }
}
