/// An HTML tree whose text and attribute values are escaped when rendered, so catalog data can
/// never become markup; the only unescaped content is a style sheet written in the source.
public enum HTML: Sendable, Equatable {
    // Not `indirect`: an element's children are in its array already, so only the rare script
    // data is boxed; boxing every element and text was an allocation per node.
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
    indirect case scriptData(id: String, JSONOutput)

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
        /// A table row keeps its cells on its line: a site is mostly table cells, and a line
        /// and an indent for each were a fifth of its bytes.
        var isBlock: Bool {
            switch self {
            case .html, .head, .body, .main, .section, .table, .thead, .tbody, .tfoot, .ul, .ol,
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
    /// Works on UTF-8 bytes: every character it looks for is ASCII, and every link of every
    /// page passes through here.
    public static func isSafeURL(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            guard let colon = bytes.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
                  bytes[colon] == UInt8(ascii: ":") else { return true }
            // ASCII case folding: no other character lowercases to a letter of `http` or `https`.
            let scheme = bytes[..<colon].lazy.map { $0 | 0x20 }
            return scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8)
        }
    }

    /// `<tag attributes…>children</tag>`.
    public static func tag(_ tag: Tag, _ attributes: [Attribute] = [], _ children: [HTML] = []) -> HTML {
        .element(tag, attributes, children)
    }

    /// A whole document: the doctype, then this tree, then a newline.
    public func renderedDocument() -> String {
        var output = ByteBuffer()
        writeDocument(into: &output)
        return output.string
    }

    /// The tree as HTML text.
    public func rendered() -> String {
        var output = ByteBuffer()
        write(into: &output, depth: 0)
        return output.string
    }

    /// The whole document as UTF-8: pages are written as bytes, escaped as they are written,
    /// with no intermediate strings (building and joining strings was most of `docs`' time).
    public func documentBytes() -> [UInt8] {
        var output = ByteBuffer()
        writeDocument(into: &output)
        return output.bytes
    }

    private func writeDocument(into output: inout ByteBuffer) {
        Self.append("<!DOCTYPE html>\n", to: &output)
        write(into: &output, depth: 0)
        output.append(UInt8(ascii: "\n"))
    }

    private func write(into output: inout ByteBuffer, depth: Int) {
        switch self {
        case .text(let text):
            Self.appendEscaped(text, quotes: false, to: &output)
        case .styleSheet(let sheet):
            // `</style` would end the element early; a literal in our source never has it.
            Self.append("<style>\n", to: &output)
            output.append(sheet.css)
            Self.appendIndent(depth, to: &output)
            Self.append("</style>", to: &output)
        case .scriptFile(let source):
            Self.append("<script src=\"", to: &output)
            Self.appendEscaped(source.text, quotes: true, to: &output)
            Self.append("\" defer></script>", to: &output)
        case .scriptData(let id, let json):
            Self.append("<script type=\"application/json\" id=\"", to: &output)
            Self.appendEscaped(id, quotes: true, to: &output)
            Self.append("\">", to: &output)
            Self.appendScriptSafe(json.compactText(), to: &output)
            Self.append("</script>", to: &output)
        case .element(let tag, let attributes, let children):
            output.append(UInt8(ascii: "<"))
            output.append(tag.rawValue)
            // Attributes and children are read in place, through their arrays' buffers: a
            // `for` loop copied each, a retain and a release per node and attribute.
            attributes.withUnsafeBufferPointer { attributes in
                for index in attributes.indices {
                    output.append(UInt8(ascii: " "))
                    output.append(attributes[index].name.rawValue)
                    Self.append("=\"", to: &output)
                    Self.appendEscaped(attributes[index].value, quotes: true, to: &output)
                    output.append(UInt8(ascii: "\""))
                }
            }
            output.append(UInt8(ascii: ">"))
            if tag.isVoid { return }
            children.withUnsafeBufferPointer { children in
                if tag.isBlock {
                    for index in children.indices {
                        output.append(UInt8(ascii: "\n"))
                        Self.appendIndent(depth + 1, to: &output)
                        children[index].write(into: &output, depth: depth + 1)
                    }
                    if !children.isEmpty {
                        output.append(UInt8(ascii: "\n"))
                        Self.appendIndent(depth, to: &output)
                    }
                } else {
                    for index in children.indices { children[index].write(into: &output, depth: depth) }
                }
            }
            Self.append("</", to: &output)
            output.append(tag.rawValue)
            output.append(UInt8(ascii: ">"))
        }
    }

    private static func append(_ literal: StaticString, to output: inout ByteBuffer) {
        literal.withUTF8Buffer { output.append($0) }
    }

    /// Two spaces per level of block nesting, copied from a literal rather than appended one
    /// by one (indentation is a sixth of a page).
    private static func appendIndent(_ depth: Int, to output: inout ByteBuffer) {
        let spaces: StaticString = "                                                                "
        var count = 2 * depth
        while count > 0 {
            let chunk = min(count, spaces.utf8CodeUnitCount)
            spaces.withUTF8Buffer { output.append(UnsafeBufferPointer(rebasing: $0.prefix(chunk))) }
            count -= chunk
        }
    }

    /// JSON text with every character that HTML's script parsing reacts to written as a JSON
    /// escape; they occur only inside strings, where the escape means the same character.
    static func scriptSafe(_ json: String) -> String {
        var output = ByteBuffer(capacity: json.utf8.count + 16)
        appendScriptSafe(json, to: &output)
        return output.string
    }

    private static func appendScriptSafe(_ json: String, to output: inout ByteBuffer) {
        appendReplacing(json, to: &output) { bytes, index in
            switch bytes[index] {
            case UInt8(ascii: "<"): ("\\u003c", 1)
            case UInt8(ascii: ">"): ("\\u003e", 1)
            case UInt8(ascii: "&"): ("\\u0026", 1)
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA8: ("\\u2028", 3)
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xA9: ("\\u2029", 3)
            default: nil
            }
        }
    }

    /// `text` with the characters that could start markup or end an attribute value written
    /// as character references; NUL, which HTML parsers replace anyway, becomes U+FFFD.
    static func escaped(_ text: String, quotes: Bool) -> String {
        var output = ByteBuffer(capacity: text.utf8.count + 16)
        appendEscaped(text, quotes: quotes, to: &output)
        return output.string
    }

    private static func appendEscaped(_ text: String, quotes: Bool, to output: inout ByteBuffer) {
        appendReplacing(text, to: &output) { bytes, index in
            switch bytes[index] {
            case UInt8(ascii: "&"): ("&amp;", 1)
            case UInt8(ascii: "<"): ("&lt;", 1)
            case UInt8(ascii: ">"): ("&gt;", 1)
            case UInt8(ascii: "\"") where quotes: ("&quot;", 1)
            case UInt8(ascii: "'") where quotes: ("&#39;", 1)
            case 0: ("\u{FFFD}", 1)
            default: nil
            }
        }
    }

    /// Appends the UTF-8 of `text`, with each byte sequence for which `replacement` gives a
    /// literal (and the number of bytes it replaces) written as that literal. Every sequence
    /// replaced starts with an ASCII byte or a lead byte, so no character is split, and the
    /// text between replacements is copied a run at a time.
    private static func appendReplacing(
        _ text: String, to output: inout ByteBuffer,
        _ replacement: (UnsafeBufferPointer<UInt8>, Int) -> (StaticString, Int)?
    ) {
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            appendReplacing(bytes, to: &output, replacement)
        }
        if written == nil {
            var text = text
            text.withUTF8 { appendReplacing($0, to: &output, replacement) }
        }
    }

    private static func appendReplacing(
        _ bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer,
        _ replacement: (UnsafeBufferPointer<UInt8>, Int) -> (StaticString, Int)?
    ) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            guard let (literal, length) = replacement(bytes, index) else {
                index += 1
                continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            append(literal, to: &output)
            index += length
            runStart = index
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
