import ChoosyCore
import ChoosyCatalog

/// `scheme-collision`: two apps with one scheme.
public struct SchemeCollisionRule: Rule {
    public static let description = RuleDescription(
        id: "scheme-collision",
        order: 260,
        severity: .error,
        scope: .catalog,
        summary: "Different apps have different app_url_schemes.",
        rationale: """
            The client asks iOS whether an app is installed by its scheme; when two apps share \
            one, installing either makes both look installed, and the URL may open the wrong one. \
            Schemes compare by name; web fallbacks (`http`, `https`) are left to `scheme-format`.
            """,
        triggeringExamples: [
            .init(#"[{"key": "email", "apps": [{"key": "gmail", "app_url_scheme": "googlegmail:"}, {"key": "inbox", "app_url_scheme": ↓"googlegmail:"}]}]"#),
            .init(#"[{"key": "email", "apps": [{"key": "mail", "app_url_scheme": "mailto:"}]}, {"key": "maps", "apps": [{"key": "mailer", "app_url_scheme": ↓"MAILTO:"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "email", "apps": [{"key": "gmail", "app_url_scheme": "googlegmail:"}, {"key": "mail", "app_url_scheme": "mailto:"}]}]"#),
            .init(#"[{"key": "browser", "apps": [{"key": "chrome", "app_url_scheme": "googlechrome:"}]}, {"key": "maps", "apps": [{"key": "chrome", "app_url_scheme": "googlechrome:"}]}]"#),
            .init(#"[{"key": "browser", "apps": [{"key": "safari", "app_url_scheme": "http:"}]}, {"key": "maps", "apps": [{"key": "maps", "app_url_scheme": "http://maps.apple.com/"}]}]"#),
        ])

    public init() {}

    /// The rule's words, which the site's app editor uses too.
    public static func message(first: String, second: String, scheme: String) -> String {
        "apps \"\(first)\" and \"\(second)\" both use the URL scheme \"\(scheme)\""
    }

    public static let hint = "give each app the scheme only it registers; if they are one app, use one key"

    /// Schemes shared by apps of every device (`http`, `https`), which this rule leaves alone.
    public static let webSchemes: Set<String> = ["http", "https"]

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        var firstByScheme: [String: (key: String, app: App)] = [:]
        for app in context.merged.appTypes.flatMap(\.apps) {
            // Compared without an array: one for every app was a tenth of this rule.
            guard let definition = app.appURLSchemeDefinition,
                  let scheme = definition.schemeName, !Self.webSchemes.contains(scheme),
                  let schemeNode = definition.node["app_url_scheme"] else { continue }
            guard let first = firstByScheme[scheme] else {
                firstByScheme[scheme] = (app.key, definition)
                continue
            }
            guard first.key != app.key, let firstNode = first.app.node["app_url_scheme"] else { continue }
            findings.append(finding(
                Self.message(first: first.key, second: app.key, scheme: scheme),
                file: definition.file, range: schemeNode.range, pointer: schemeNode.pointer, hint: Self.hint,
                notes: [.init("\"\(first.key)\" uses it here", file: first.app.file, range: firstNode.range)]))
        }
    }
}
