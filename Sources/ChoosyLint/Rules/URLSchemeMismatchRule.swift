import ChoosySyntax
import ChoosyCatalog

/// `url-scheme-mismatch`: a `url_format` does not start with its app's scheme.
public struct URLSchemeMismatchRule: URLFormatRule {
    public static let description = RuleDescription(
        id: "url-scheme-mismatch",
        order: 220,
        severity: .error,
        scope: .appType,
        summary: "A url_format starts with the scheme of its app's app_url_scheme.",
        rationale: """
            The client offers an app when canOpenURL says its app_url_scheme can be opened, then \
            opens the url_format; a format in another scheme may open another app, or nothing. \
            The app's scheme is that of the app merged across layers, so a server layer can add \
            actions to a built-in app. Schemes compare without regard to case, and schemes that \
            iOS routes to one app count as one: 'http' and 'https' (both open the browser, and \
            web apps mix them), 'mailto' and 'message' (both open Mail). A format \
            that is one placeholder ('{{url}}') is the caller's whole URL and is not checked; \
            a format without a valid scheme, or an app without one, is left to url-valid and \
            scheme-format.
            """,
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "tweetbot:", "actions": [{"key": "p", "url_format": "↓twitter://post?text={{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "mail", "app_url_scheme": "mailto:", "actions": [{"key": "v", "url_format": "↓googlegmail:///co"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "a:", "actions": [{"key": "p", "url_format": "↓{{scheme}}://post"}]}]}]"#),
            .init(
                #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "↓tweetbot:///post"}]}]}]"#,
                builtin: #"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "twitterrific:"}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      app_url_scheme: \"http:\"\n      actions:\n        - key: p\n          url_format: ↓ftp://x/\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "tweetbot:", "actions": [{"key": "p", "url_format": "TweetBot:///post?text={{text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "http://www.twitter.com", "actions": [{"key": "p", "url_format": "https://twitter.com/intent/tweet"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "http:", "actions": [{"key": "p", "url_format": "{{url}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "mail", "app_url_scheme": "mailto:", "actions": [{"key": "v", "url_format": "message://{{message_id}}"}]}]}]"#),
            .init(
                #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "tweetbot:///post"}]}]}]"#,
                builtin: #"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "tweetbot:"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "a:", "actions": [{"key": "p", "url_format": "//post"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "a", "actions": [{"key": "p", "url_format": "b://post"}]}]}]"#),
        ])

    public init() {}

    public func check(_ formats: [(format: URLFormat, node: Node)], of app: LoadedApp) -> [Finding] {
        let definition = app.merged?.appURLSchemeDefinition ?? app.app
        guard let schemeNode = definition.node["app_url_scheme"], let appScheme = schemeNode.string.flatMap(URISyntax.schemeName) else {
            return []
        }
        lazy var note = Finding.Note("the app's scheme, from app_url_scheme", file: definition.file, range: schemeNode.range)
        return formats.compactMap { format, node in
            guard !format.isWholePlaceholder, let scheme = format.schemeRange else { return nil }
            if format.placeholders.contains(where: { $0.range.overlaps(scheme) }) {
                return finding(
                    "the URL's scheme comes from a placeholder, but the client checks for the app with '\(appScheme):'",
                    in: app, value: node, scalars: scheme, hint: "start the url_format with '\(appScheme):'", notes: [note])
            }
            let name = format.text(of: scheme)
            guard URISyntax.isScheme(name), !Self.isSameScheme(name, appScheme) else { return nil }
            return finding(
                Self.message(scheme: name, appScheme: appScheme), in: app, value: node, scalars: scheme, hint: Self.hint(appScheme: appScheme),
                notes: [note])
        }
    }

    /// The rule's words about a format whose scheme is `scheme`, which the site's app editor
    /// uses too.
    public static func message(scheme: String, appScheme: String) -> String {
        "the URL's scheme '\(scheme)' is not the app's scheme '\(appScheme)': the client checks that '\(appScheme):' URLs can be opened, then opens this one"
    }

    public static func hint(appScheme: String) -> String {
        "start the url_format with '\(appScheme):', or correct app_url_scheme"
    }

    /// Schemes iOS hands to the same app, so a format in one suits an app checked by another.
    public static let sameAppSchemes: [Set<String>] = [["http", "https"], ["mailto", "message"]]

    private static func isSameScheme(_ lhs: String, _ rhs: String) -> Bool {
        // Nearly every format has its app's scheme as written: lowercased only when not.
        if lhs == rhs { return true }
        let (lhs, rhs) = (lhs.lowercased(), rhs.lowercased())
        return lhs == rhs || sameAppSchemes.contains { $0.contains(lhs) && $0.contains(rhs) }
    }
}
