import ChoosySyntax
import ChoosyCatalog

/// `scheme-format`: an `app_url_scheme` is not a bare `scheme:`.
public struct SchemeFormatRule: FixingRule {
    public static let description = RuleDescription(
        id: "scheme-format",
        order: 210,
        severity: .error,
        scope: .file,
        summary: "An app_url_scheme is a URL scheme and its colon ('tweetbot:'), nothing more.",
        rationale: """
            The client asks canOpenURL whether the app_url_scheme can be opened to decide whether \
            the app is installed, and compares it with the url_formats; something that is not a \
            scheme and a colon makes that check meaningless. A trailing '//' still works, so it \
            is a warning; so is a web address ('http://maps.apple.com/'): every device can open \
            http URLs, so such an app always looks installed. A bare 'http:' is allowed: it is \
            how the catalog names the system browser, which is always there.
            """,
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "↓tweetbot"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "tweet↓_bot:"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "↓2tweet:"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "↓"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "tweetbot:↓///post"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "tweetbot:↓//"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "↓http://maps.apple.com/"}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      app_url_scheme: ↓HTTPS://example.com\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "tweetbot:"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "comgooglemaps-x-callback:"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "x.y+z:"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "http:"}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": 7}]}]"#),
        ],
        fix: "Drops the '//' after a valid scheme ('tweetbot://' becomes 'tweetbot:'); every other problem is left for a person."
    )

    public init() {}

    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for app in context.loadedApps {
            guard let node = app.app.node["app_url_scheme"], let text = node.string,
                  let finding = finding(for: Array(text.unicodeScalars), value: node, of: app) else { continue }
            findings.append(finding)
        }
    }

    /// `name:` when `text` is a valid `name://` and nothing more: canOpenURL ignores the
    /// slashes, so dropping them keeps the meaning.
    static func schemeWithoutSlashes(_ text: String) -> String? {
        guard text.hasSuffix("://") else { return nil }
        let scheme = String(text.dropLast(2))
        return URISyntax.isScheme(String(scheme.dropLast())) ? scheme : nil
    }

    private func finding(for scalars: [Unicode.Scalar], value node: Node, of app: LoadedApp) -> Finding? {
        let text = String(scalars: scalars)
        let whole = 0..<scalars.count
        guard let colon = scalars.firstIndex(of: ":") else {
            return finding(Words.noColon(text), in: app, value: node, scalars: whole, hint: URISyntax.isScheme(text) ? Words.addColon(text) : Words.writeScheme)
        }
        let name = String(scalars: scalars[..<colon])
        guard URISyntax.isScheme(name) else {
            let bad = scalars.indices.first { !URISyntax.isScheme(String(scalars: scalars[...$0])) } ?? 0
            return finding(Words.noScheme(text), in: app, value: node, scalars: bad..<(bad + 1), hint: Words.writeScheme)
        }
        let rest = (colon + 1)..<scalars.count
        if rest.isEmpty { return nil }
        // `fmt` drops the `//` of `scheme://`, the one mistake here whose fix is certain.
        if let scheme = Self.schemeWithoutSlashes(text) {
            return finding(Words.slashes, in: app, value: node, scalars: rest, severity: .warning, hint: Words.write(scheme))
                .with(fix: fix(node, in: app.document.file.path, to: scheme))
        }
        if ["http", "https"].contains(name.lowercased()) {
            return finding(Words.webAddress(text), in: app, value: node, scalars: whole, severity: .warning, hint: Words.ownScheme)
        }
        return finding(Words.textAfterColon(text), in: app, value: node, scalars: rest, hint: Words.write(name + ":"))
    }

    /// The rule's words, which the site's app editor uses too.
    public enum Words {
        public static func noColon(_ text: String) -> String { "'\(text)' is not a URL scheme and a colon" }
        public static func addColon(_ text: String) -> String { "write '\(text):'" }
        public static let writeScheme = "write the app's URL scheme and a colon, such as 'tweetbot:'"
        public static func noScheme(_ text: String) -> String {
            "'\(text)' does not start with a URL scheme: a letter followed by letters, digits, '+', '-' and '.'"
        }
        public static let slashes = "canOpenURL needs only the scheme and its colon, not '//'"
        public static func write(_ text: String) -> String { "write '\(text)'" }
        public static func webAddress(_ text: String) -> String {
            "'\(text)' is a web address: every device can open http URLs, so the client cannot tell whether the app is installed, and it always looks installed"
        }
        public static let ownScheme = "use a URL scheme that only the app handles, if it has one"
        public static func textAfterColon(_ text: String) -> String { "'\(text)' has text after the scheme's colon; the client checks the scheme alone" }
    }
}
