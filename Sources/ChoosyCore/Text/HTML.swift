/// What HTML may be written (`HTMLWriter` writes it): a closed set of elements and attributes,
/// so no data names a tag or an attribute, links that cannot carry a script, and the escaping
/// that keeps text and attribute values from ever becoming markup.
package enum HTML {
    /// The elements the documents we write need; a closed set, so no data names a tag. There
    /// is no `style`: the only style sheet is a `TrustedStyleSheet`.
    package enum Tag: Sendable, Equatable {
        case html, head, meta, title, body, main, section, h1, h2, h3, p
        case table, caption, thead, tbody, tfoot, tr, th, td, ul, ol, li, span, strong, code, pre
        case a, header, nav, footer, div, dl, dt, dd, form, label, input, textarea, output, link, small
        /// A place a line may break, such as after each `_` of a long key in a grid's header.
        case wbr
        case details, summary
        case select, option, button

        /// `<name` and `</name>`, as literals: written for every element, where building them
        /// from a `String` name cost a copy of its bytes and two more appends each time. Void
        /// elements have no end tag.
        var delimiters: (open: StaticString, close: StaticString) {
            switch self {
            case .html: ("<html", "</html>")
            case .head: ("<head", "</head>")
            case .meta: ("<meta", "")
            case .title: ("<title", "</title>")
            case .body: ("<body", "</body>")
            case .main: ("<main", "</main>")
            case .section: ("<section", "</section>")
            case .h1: ("<h1", "</h1>")
            case .h2: ("<h2", "</h2>")
            case .h3: ("<h3", "</h3>")
            case .p: ("<p", "</p>")
            case .table: ("<table", "</table>")
            case .caption: ("<caption", "</caption>")
            case .thead: ("<thead", "</thead>")
            case .tbody: ("<tbody", "</tbody>")
            case .tfoot: ("<tfoot", "</tfoot>")
            case .tr: ("<tr", "</tr>")
            case .th: ("<th", "</th>")
            case .td: ("<td", "</td>")
            case .ul: ("<ul", "</ul>")
            case .ol: ("<ol", "</ol>")
            case .li: ("<li", "</li>")
            case .span: ("<span", "</span>")
            case .strong: ("<strong", "</strong>")
            case .code: ("<code", "</code>")
            case .pre: ("<pre", "</pre>")
            case .a: ("<a", "</a>")
            case .header: ("<header", "</header>")
            case .nav: ("<nav", "</nav>")
            case .footer: ("<footer", "</footer>")
            case .div: ("<div", "</div>")
            case .dl: ("<dl", "</dl>")
            case .dt: ("<dt", "</dt>")
            case .dd: ("<dd", "</dd>")
            case .form: ("<form", "</form>")
            case .label: ("<label", "</label>")
            case .input: ("<input", "")
            case .textarea: ("<textarea", "</textarea>")
            case .output: ("<output", "</output>")
            case .link: ("<link", "")
            case .small: ("<small", "</small>")
            case .wbr: ("<wbr", "")
            case .details: ("<details", "</details>")
            case .summary: ("<summary", "</summary>")
            case .select: ("<select", "</select>")
            case .option: ("<option", "</option>")
            case .button: ("<button", "</button>")
            }
        }

        /// Elements with no content and no end tag.
        var isVoid: Bool { self == .meta || self == .input || self == .link || self == .wbr }

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
    package enum AttributeName: Sendable, Equatable {
        case lang, charset, name, content, `class`, scope, title, id
        case href, rel, action, type, `for`, value, placeholder, autocomplete, role
        case httpEquiv, ariaLabel, ariaLabelledBy, ariaLive, ariaCurrent, colspan
        /// How a phone's keyboard treats what is typed: no capitals, no spelling fixes, a URL
        /// keyboard; `rows` of a text area.
        case autocapitalize, spellcheck, inputmode, rows
        /// The parameter key of a matrix cell, which a phone's stacked grid shows beside it.
        case dataKey
        /// The column header of a table cell, which a phone's stacked table shows above it.
        case dataLabel
        /// The app key of a row of "Try it", for tests and scripts.
        case dataApp
        /// The url_format an app row of "Try it" renders, read by the site's script.
        case dataFormat
        /// The app URL scheme of a row of "Try it": what the client opens when it only launches
        /// the app. Absent when the app has none.
        case dataFallback
        /// The client profile "Try it" renders for, read by the site's script.
        case dataClient
        /// The platform "Try it" renders for, read by the site's script.
        case dataPlatform
        /// What the client does for a row of "Try it" (`url`, `app`, `crash`), for tests.
        case dataOutcome
        /// A `details` element shown open.
        case open

        /// ` name="`, as a literal (see `Tag.delimiters`).
        var opening: StaticString {
            switch self {
            case .lang: " lang=\""
            case .charset: " charset=\""
            case .name: " name=\""
            case .content: " content=\""
            case .class: " class=\""
            case .scope: " scope=\""
            case .title: " title=\""
            case .id: " id=\""
            case .href: " href=\""
            case .rel: " rel=\""
            case .action: " action=\""
            case .type: " type=\""
            case .for: " for=\""
            case .value: " value=\""
            case .placeholder: " placeholder=\""
            case .autocomplete: " autocomplete=\""
            case .role: " role=\""
            case .httpEquiv: " http-equiv=\""
            case .ariaLabel: " aria-label=\""
            case .ariaLabelledBy: " aria-labelledby=\""
            case .ariaLive: " aria-live=\""
            case .ariaCurrent: " aria-current=\""
            case .colspan: " colspan=\""
            case .autocapitalize: " autocapitalize=\""
            case .spellcheck: " spellcheck=\""
            case .inputmode: " inputmode=\""
            case .rows: " rows=\""
            case .dataKey: " data-key=\""
            case .dataLabel: " data-label=\""
            case .dataApp: " data-app=\""
            case .dataFormat: " data-format=\""
            case .dataFallback: " data-fallback=\""
            case .dataClient: " data-client=\""
            case .dataPlatform: " data-platform=\""
            case .dataOutcome: " data-outcome=\""
            case .open: " open=\""
            }
        }

        /// Attributes whose value is a URL a browser follows.
        var isURL: Bool { self == .href || self == .action }
    }

    package struct Attribute: Sendable, Equatable {
        let name: AttributeName
        package let value: String

        /// A URL attribute keeps its value only when `isSafeURL` says so and becomes `#`
        /// otherwise: whatever a caller passes, no `javascript:` or `data:` link is written.
        package init(_ name: AttributeName, _ value: String) {
            self.name = name
            self.value = name.isURL && !HTML.isSafeURL(value) ? "#" : value
        }
    }

    /// A string that only a literal in the source can make.
    package struct StaticStringValue: Sendable, Equatable {
        package let text: String

        package init(_ text: StaticString) {
            self.text = text.description
        }
    }

    /// CSS taken verbatim. Only a string literal can make one, so data cannot reach it.
    package struct TrustedStyleSheet: Sendable, Equatable {
        package let css: String

        package init(_ css: StaticString) {
            self.css = css.description
        }
    }

    /// Whether a link may point at `url`: a relative reference (no `:` before its first `/`,
    /// `?` or `#`), or an absolute `http:` or `https:` URL. Anything else that has a `:`
    /// there, including a scheme that browsers would read after stripping white space or
    /// control characters (` javascript:`, `java\tscript:`), is refused.
    /// Works on UTF-8 bytes: every character it looks for is ASCII, and every link of every
    /// page passes through here.
    static func isSafeURL(_ url: String) -> Bool {
        var url = url
        return url.withUTF8 { bytes in
            guard let colon = bytes.firstIndex(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }),
                  bytes[colon] == UInt8(ascii: ":") else { return true }
            // ASCII case folding: no other character lowercases to a letter of `http` or `https`.
            let scheme = bytes[..<colon].lazy.map { $0 | 0x20 }
            return scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8)
        }
    }

    /// JSON text with every character that HTML's script parsing reacts to written as a JSON
    /// escape; they occur only inside strings, where the escape means the same character.
    static func appendScriptSafe(_ json: String, to output: inout ByteBuffer) {
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
    package static func escaped(_ text: String, quotes: Bool) -> String {
        var output = ByteBuffer(capacity: text.utf8.count + 16)
        appendEscaped(text, quotes: quotes, to: &output)
        return output.string
    }

    static func appendEscaped(_ text: String, quotes: Bool, to output: inout ByteBuffer) {
        appendReplacing(text, to: &output) { bytes, index in reference(for: bytes[index], quotes: quotes) }
    }

    /// The same for the UTF-8 of a part of a string (`ScalarText.utf8(of:)`), without making
    /// a string of it first.
    static func appendEscaped(utf8: ArraySlice<UInt8>, quotes: Bool, to output: inout ByteBuffer) {
        utf8.withUnsafeBufferPointer { bytes in
            appendReplacing(bytes, to: &output) { bytes, index in reference(for: bytes[index], quotes: quotes) }
        }
    }

    @inline(__always)
    private static func reference(for byte: UInt8, quotes: Bool) -> (StaticString, Int)? {
        switch byte {
        case UInt8(ascii: "&"): ("&amp;", 1)
        case UInt8(ascii: "<"): ("&lt;", 1)
        case UInt8(ascii: ">"): ("&gt;", 1)
        case UInt8(ascii: "\"") where quotes: ("&quot;", 1)
        case UInt8(ascii: "'") where quotes: ("&#39;", 1)
        case 0: ("\u{FFFD}", 1)
        default: nil
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
        text.withUTF8Bytes { appendReplacing($0, to: &output, replacement) }
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
            output.append(literal)
            index += length
            runStart = index
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
