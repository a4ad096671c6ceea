/// An HTML tree whose text and attribute values are escaped when rendered, so catalog data can
/// never become markup; the only unescaped content is a style sheet written in the source.
public indirect enum HTML: Sendable, Equatable {
    case element(Tag, [Attribute], [HTML])
    case text(String)
    /// A `<style>` element with a style sheet from the source code, never from data.
    case styleSheet(TrustedStyleSheet)

    /// The elements the documents we write need; a closed set, so no data names a tag. There
    /// is no `style`: the only style sheet is a `TrustedStyleSheet`.
    public enum Tag: String, Sendable, Equatable {
        case html, head, meta, title, body, main, section, h1, h2, p
        case table, thead, tbody, tfoot, tr, th, td, ul, li, span, strong, code

        /// Elements with no content and no end tag.
        var isVoid: Bool { self == .meta }

        /// Elements whose children go on lines of their own, indented, to keep the source
        /// readable; inline content is never reflowed, since white space can matter there.
        var isBlock: Bool {
            switch self {
            case .html, .head, .body, .main, .section, .table, .thead, .tbody, .tfoot, .tr, .ul: true
            default: false
            }
        }
    }

    /// The attributes we write; a closed set, so no data names an attribute.
    public enum AttributeName: String, Sendable, Equatable {
        case lang, charset, name, content, `class`, scope, title, id
        case ariaLabel = "aria-label"
        case ariaHidden = "aria-hidden"
        case ariaLabelledBy = "aria-labelledby"
    }

    public struct Attribute: Sendable, Equatable {
        public let name: AttributeName
        public let value: String

        public init(_ name: AttributeName, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// CSS taken verbatim. Only a string literal can make one, so data cannot reach it.
    public struct TrustedStyleSheet: Sendable, Equatable {
        let css: String

        public init(_ css: StaticString) {
            self.css = css.description
        }
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

    /// `text` with the characters that could start markup or end an attribute value written
    /// as character references; NUL, which HTML parsers replace anyway, becomes U+FFFD.
    static func escaped(_ text: String, quotes: Bool) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            case "'" where quotes: output += "&#39;"
            case "\u{0}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
