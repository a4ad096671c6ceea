import ChoosyCore
import ChoosyCatalog

/// `app-consistency`: one app key, one app, in every app type.
public struct AppConsistencyRule: Rule {
    public static let description = RuleDescription(
        id: "app-consistency",
        order: 240,
        severity: .error,
        scope: .catalog,
        summary: "An app key used in several app types has the same name and URL scheme in each.",
        rationale: """
            An app key names one real app: the client shows its name and checks its scheme to \
            see whether it is installed. Different names or schemes under one key mean two \
            apps share a key, or one of the entries is out of date. Schemes compare by name \
            (`http:` and `http://www.twitter.com` are both Safari's `http`).
            """,
        triggeringExamples: [
            .init(#"[{"key": "browser", "apps": [{"name": "Chrome", "key": "chrome", "app_url_scheme": "googlechrome:"}]}, {"key": "maps", "apps": [{"name": "Chrome", "key": "chrome", "app_url_scheme": ↓"googlechromes:"}]}]"#),
            .init(#"[{"key": "browser", "apps": [{"name": "Chrome", "key": "chrome"}]}, {"key": "maps", "apps": [{"name": ↓"Google Chrome", "key": "chrome"}]}]"#),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "browser", "apps": [{"name": "Chrome", "key": "chrome", "app_url_scheme": "googlechrome:"}]}, {"key": "maps", "apps": [{"name": "Chrome", "key": "chrome", "app_url_scheme": "googlechrome:"}]}]"#),
            .init(#"[{"key": "browser", "apps": [{"name": "Safari", "key": "safari", "app_url_scheme": "http:"}]}, {"key": "twitter", "apps": [{"name": "Safari", "key": "safari", "app_url_scheme": "http://www.twitter.com"}]}]"#),
        ])

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        var firstByKey: [String: (appType: String, app: MergedApp)] = [:]
        for appType in context.merged.appTypes {
            for app in appType.apps {
                guard let first = firstByKey[app.key] else {
                    firstByKey[app.key] = (appType.key, app)
                    continue
                }
                for (field, label) in [(\App.name, "name"), (\App.schemeName, "app_url_scheme")] {
                    guard let value = app.definitions.definition(providing: { $0[keyPath: field] }),
                          let firstValue = first.app.definitions.definition(providing: { $0[keyPath: field] }),
                          value[keyPath: field] != firstValue[keyPath: field],
                          let valueNode = value.node[label], let firstNode = firstValue.node[label] else { continue }
                    findings.append(finding(
                        Self.message(
                            app: app.key, field: label, value: valueNode.string ?? "", appType: appType.key,
                            firstValue: firstNode.string ?? "", firstAppType: first.appType),
                        file: value.file, range: valueNode.range, pointer: valueNode.pointer, hint: Self.hint(field: label),
                        notes: [.init("the other \(label) is here", file: firstValue.file, range: firstNode.range)]))
                }
            }
        }
    }

    /// The rule's words, which the site's app editor uses too.
    public static func message(app: String, field: String, value: String, appType: String, firstValue: String, firstAppType: String) -> String {
        "app \"\(app)\" has \(field) \"\(value)\" in app type \"\(appType)\" but \"\(firstValue)\" in \"\(firstAppType)\""
    }

    public static func hint(field: String) -> String {
        "use the same \(field) everywhere, or give the other app its own key"
    }
}
