/// An HTML tree whose text and attribute values are escaped when rendered, so catalog data can
/// never become markup; the only unescaped content is a style sheet written in the source.
public indirect enum HTML: Sendable, Equatable {
    case element(Tag, [Attribute], [HTML])
    case text(String)
    /// A `<style>` element with a style sheet from the source code, never from data.
    case styleSheet(TrustedStyleSheet)
    /// `<script src>` naming a script file of the site; only a string literal can name it, and
    /// there is no `script` tag, so no data ever becomes script source.
    case scriptFile(StaticStringValue)
    /// Data for the site's script, `<script type="application/json" id>`: JSON whose `<`, `>`,
    /// `&` and line separators are written as `\uXXXX` escapes, so no value (`</script>`,
    /// `<!--`) can end the element or change how it is parsed.
    case scriptData(id: String, JSONOutput)

    /// The elements the documents we write need; a closed set, so no data names a tag. There
    /// is no `style`: the only style sheet is a `TrustedStyleSheet`.
    public enum Tag: String, Sendable, Equatable {
        case html, head, meta, title, body, main, section, h1, h2, h3, p
        case table, thead, tbody, tfoot, tr, th, td, ul, ol, li, span, strong, code, pre
        case a, header, nav, footer, div, dl, dt, dd, form, label, input, output, link, small

        /// Elements with no content and no end tag.
        var isVoid: Bool { self == .meta || self == .input || self == .link }

        /// Elements whose children go on lines of their own, indented, to keep the source
        /// readable; inline content is never reflowed, since white space can matter there.
        var isBlock: Bool {
            switch self {
            case .html, .head, .body, .main, .section, .table, .thead, .tbody, .tfoot, .tr, .ul, .ol,
                 .header, .nav, .footer, .div, .dl, .form: true
            default: false
            }
        }
    }

    /// The attributes we write; a closed set, so no data names an attribute.
    public enum AttributeName: String, Sendable, Equatable {
        case lang, charset, name, content, `class`, scope, title, id
        case href, rel, action, type, `for`, value, placeholder, autocomplete, role, hidden
        case httpEquiv = "http-equiv"
        case ariaLabel = "aria-label"
        case ariaHidden = "aria-hidden"
        case ariaLabelledBy = "aria-labelledby"
        case ariaLive = "aria-live"
        case ariaCurrent = "aria-current"
        /// The app key of a row of "Try it", for tests and scripts.
        case dataApp = "data-app"
        /// The url_format an app row of "Try it" renders, read by the site's script.
        case dataFormat = "data-format"
        /// The URL "Try it" shows for an app that does not implement the action.
        case dataFallback = "data-fallback"

        /// Attributes whose value is a URL a browser follows.
        var isURL: Bool { self == .href || self == .action }
    }

    public struct Attribute: Sendable, Equatable {
        public let name: AttributeName
        public let value: String

        /// A URL attribute keeps its value only when `isSafeURL` says so and becomes `#`
        /// otherwise: whatever a caller passes, no `javascript:` or `data:` link is written.
        public init(_ name: AttributeName, _ value: String) {
            self.name = name
            self.value = name.isURL && !HTML.isSafeURL(value) ? "#" : value
        }
    }

    /// A string that only a literal in the source can make.
    public struct StaticStringValue: Sendable, Equatable {
        let text: String

        public init(_ text: StaticString) {
            self.text = text.description
        }
    }

    /// CSS taken verbatim. Only a string literal can make one, so data cannot reach it.
    public struct TrustedStyleSheet: Sendable, Equatable {
        let css: String

        public init(_ css: StaticString) {
            self.css = css.description
        }
    }

    /// Whether a link may point at `url`: a relative reference (no `:` before its first `/`,
    /// `?` or `#`), or an absolute `http:` or `https:` URL. Anything else that has a `:`
    /// there, including a scheme that browsers would read after stripping white space or
    /// control characters (` javascript:`, `java\tscript:`), is refused.
    public static func isSafeURL(_ url: String) -> Bool {
        guard let colon = url.firstIndex(where: { ":/?#".contains($0) }), url[colon] == ":" else { return true }
        let scheme = url[..<colon].lowercased()
        return scheme == "http" || scheme == "https"
    }

    /// `<tag attributes…>children</tag>`.
    public static func tag(_ tag: Tag, _ attributes: [Attribute] = [], _ children: [HTML] = []) -> HTML {
        .element(tag, attributes, children)
    }

    /// A whole document: the doctype, then this tree, then a newline.
    public func renderedDocument() -> String {
        var output = "<!DOCTYPE html>\n"
        write(to: &output, indent: "")
        return output + "\n"
    }

    /// The tree as HTML text.
    public func rendered() -> String {
        var output = ""
        write(to: &output, indent: "")
        return output
    }

    private func write(to output: inout String, indent: String) {
        switch self {
        case .text(let text):
            output += Self.escaped(text, quotes: false)
        case .styleSheet(let sheet):
            // `</style` would end the element early; a literal in our source never has it.
            output += "<style>\n" + sheet.css + indent + "</style>"
        case .scriptFile(let source):
            output += "<script src=\"" + Self.escaped(source.text, quotes: true) + "\" defer></script>"
        case .scriptData(let id, let json):
            output += "<script type=\"application/json\" id=\"" + Self.escaped(id, quotes: true) + "\">"
                + Self.scriptSafe(json.compactText()) + "</script>"
        case .element(let tag, let attributes, let children):
            output += "<" + tag.rawValue
            for attribute in attributes {
                output += " " + attribute.name.rawValue + "=\"" + Self.escaped(attribute.value, quotes: true) + "\""
            }
            output += ">"
            if tag.isVoid { return }
            if tag.isBlock {
                let inner = indent + "  "
                for child in children {
                    output += "\n" + inner
                    child.write(to: &output, indent: inner)
                }
                if !children.isEmpty { output += "\n" + indent }
            } else {
                for child in children { child.write(to: &output, indent: indent) }
            }
            output += "</" + tag.rawValue + ">"
        }
    }

    /// JSON text with every character that HTML's script parsing reacts to written as a JSON
    /// escape; they occur only inside strings, where the escape means the same character.
    static func scriptSafe(_ json: String) -> String {
        replacing(json) { scalar in
            switch scalar {
            case "<": "\\u003c"
            case ">": "\\u003e"
            case "&": "\\u0026"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            default: nil
            }
        }
    }

    /// `text` with the characters that could start markup or end an attribute value written
    /// as character references; NUL, which HTML parsers replace anyway, becomes U+FFFD.
    static func escaped(_ text: String, quotes: Bool) -> String {
        replacing(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"" where quotes: "&quot;"
            case "'" where quotes: "&#39;"
            case "\u{0}": "\u{FFFD}"
            default: nil
            }
        }
    }

    /// `text` with each scalar for which `replacement` has a string replaced by it.
    /// The text between replacements is copied a run at a time: appending it scalar by scalar
    /// was most of `docs`' time on large catalogs.
    private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        let scalars = text.unicodeScalars
        var output = ""
        var runStart = scalars.startIndex
        for index in scalars.indices {
            guard let replaced = replacement(scalars[index]) else { continue }
            output += String(scalars[runStart..<index])
            output += replaced
            runStart = scalars.index(after: index)
        }
        if runStart == scalars.startIndex { return text }
        output += String(scalars[runStart...])
        return output
    }
}
