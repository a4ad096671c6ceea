import ChoosyCatalog
import ChoosyCore
import ChoosySyntax
import Foundation

/// `placeholder-syntax`: a `url_format` holds a malformed or old-style placeholder.
public struct PlaceholderSyntaxRule: FixingRule, URLFormatRule {
    public static let description = RuleDescription(
        id: "placeholder-syntax",
        order: 150,
        severity: .error,
        scope: .appType,
        summary: "Placeholders in a url_format are written {{key}}, with a parameter key between the braces.",
        rationale: """
            The client fills only '{{key}}' placeholders whose name is exactly a parameter key; \
            anything else ('{x}', '{{ x }}', '{{x}', or the '#{x}', '<x>', '|x|' and '(x)' \
            syntaxes the catalog used before) reaches the app as literal text, so the app \
            receives garbage instead of the caller's value. Braces are never legal in a URL, so \
            every brace is reported; '<x>' and '|x|' only around a key-like name, and '(x)' only \
            around a parameter key of the app type (merged across layers), because parentheses \
            are legal in URLs ('Swift_(language)').
            """,
        triggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓{text}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓{{{text}}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓{{ text }}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓{{}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓{{text}&via={{via}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓{{text"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓{{Tweet-Text}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓#{text}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓<text>"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓|text|"}]}]}]"#),
            .init(
                #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text=↓(text)"}]}]}]"#,
                builtin: #"[{"key": "t", "parameters": [{"key": "text"}]}]"#),
            .init("- key: t\n  apps:\n    - key: a\n      actions:\n        - key: post\n          url_format: a://post?text=↓{{ text }}\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "post", "url_format": "a://post?text={{text}}&via={{via_name2}}"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "open", "url_format": "a://wiki/Swift_(language)"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "open", "url_format": "a://post?text=(text)"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "open", "url_format": "a://x?q=a|b c|d"}]}]}]"#),
            .init(#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "open", "url_format": "{{url}}"}]}]}]"#),
        ],
        fix: "Writes a padded placeholder '{{ text }}' as '{{text}}'; every other problem needs a guess and is left for a person."
    )

    public init() {}

    public func check(_ formats: [(format: URLFormat, node: Node)], of app: LoadedApp) -> [Finding] {
        // Prepared only when a placeholder needs a suggestion: most apps have none.
        lazy var candidates = Suggestion.Candidates(Array(app.parameterKeys))
        let suggestion = { (inside: String) in Self.suggestion(for: inside, among: candidates) }
        return formats.flatMap { format, node in
            format.placeholders.compactMap { placeholder in
                problem(with: placeholder, in: format, suggestion: suggestion).map { message, hint in
                    finding(message, in: app, value: node, scalars: placeholder.range, hint: hint)
                        .with(fix: fix(for: placeholder, in: format, node: node, of: app))
                }
            }
        }
    }

    /// `fmt` writes `{{ name }}` as `{{name}}`: white space is never part of a parameter key,
    /// so the padded form can only have meant the bare one. Every other problem is a guess.
    private func fix(for placeholder: PlaceholderToken, in format: URLFormat, node: Node, of app: LoadedApp) -> Fix? {
        guard case .padded = placeholder.form, let fixed = Self.withoutPadding(format) else { return nil }
        return fix(node, in: app.document.file.path, to: fixed)
    }

    /// The format with every padded placeholder unpadded; nil when it has none.
    static func withoutPadding(_ format: URLFormat) -> String? {
        var scalars = Array(format.scalars)
        var changed = false
        for placeholder in format.placeholders.reversed() {
            guard case .padded(let name) = placeholder.form else { continue }
            scalars.replaceSubrange(placeholder.range, with: "{{\(name)}}".unicodeScalars)
            changed = true
        }
        return changed ? String(scalars: scalars) : nil
    }

    /// The message and hint for `placeholder`, nil when it is valid; `suggestion` gives the hint
    /// for a name that may be a misspelt key.
    private func problem(
        with placeholder: PlaceholderToken, in format: URLFormat, suggestion: (String) -> String
    ) -> (message: String, hint: String)? {
        // Only problems quote the placeholder, and most placeholders are valid.
        lazy var text = format.text(of: placeholder.range).excerpt
        switch placeholder.form {
        case .valid:
            return nil
        case .empty:
            return (Words.empty, Words.emptyHint)
        case .padded(let name):
            return (Words.padded(text), Words.write(name.excerpt))
        case .invalidName(let name):
            return (Words.invalidName(name.excerpt), suggestion(name))
        case .wrongBraceCount(let inside):
            return (Words.wrongBraceCount(text), suggestion(inside))
        case .unbalanced(let inside):
            return (Words.unbalanced(text), suggestion(inside))
        case .legacy(let inside):
            return (Words.legacy(text), suggestion(inside))
        }
    }

    /// The rule's words, which the site's app editor uses too.
    public enum Words {
        public static let empty = "the placeholder '{{}}' names no parameter"
        public static let emptyHint = "put a parameter key between the braces, as in '{{text}}'"
        public static func padded(_ text: String) -> String {
            "the placeholder '\(text)' has white space around its name, so the client finds no parameter of that name"
        }
        public static func write(_ key: String) -> String { "write '{{\(key)}}'" }
        public static func invalidName(_ name: String) -> String {
            "'\(name)' is not a parameter name: a placeholder names a parameter key, lower-case letters, digits and '_' starting with a letter"
        }
        public static func wrongBraceCount(_ text: String) -> String {
            "'\(text)' is not a placeholder: a placeholder has two braces on each side, as in '{{name}}'"
        }
        public static func unbalanced(_ text: String) -> String {
            "unbalanced braces in '\(text)': a placeholder has two braces on each side, as in '{{name}}'"
        }
        public static func legacy(_ text: String) -> String {
            "'\(text)' is a placeholder syntax the client no longer fills; placeholders are written '{{name}}'"
        }
        public static let noSuggestion = "write '{{key}}' with one of the app type's parameter keys"
    }

    /// The `{{key}}` the author most likely meant.
    private static func suggestion(for inside: String, among candidates: Suggestion.Candidates) -> String {
        let name = inside.trimmingCharacters(in: .whitespaces)
        if let key = KeyGrammar.matches(name) ? name : candidates.closest(to: name) {
            return Words.write(key.excerpt)
        }
        return Words.noSuggestion
    }
}
