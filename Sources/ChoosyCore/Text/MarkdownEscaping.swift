/// Catalog text made safe to place in a Markdown comment (GitHub-flavoured, tables included):
/// every key, value and message from a catalog reaches the review report through here, so a
/// hostile key can neither start markup, HTML or a link nor break a table row or the comment.
public enum MarkdownEscaping {
    /// `text` as literal inline text: invisible characters shown as escapes (a line break
    /// becomes `\n`), then every ASCII punctuation character backslash-escaped, which
    /// CommonMark allows for each, so nothing in it is markup, HTML, an entity or a cell border.
    public static func text(_ text: String) -> String {
        var escaped = ""
        for character in text.withInvisibleCharactersEscaped {
            if character.isASCII, character.isPunctuation || character.isSymbol { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// `text` as literal inline text that still reads as itself in the Markdown source, which
    /// some editors show in a hover instead of rendering it: only what can start markup is
    /// backslash-escaped (emphasis, code, links, images, HTML, entities, table cells,
    /// strikethrough), and at the start, what would begin a block (a heading, a list, a rule).
    /// Line breaks are shown as escapes, so the text is one line and one paragraph.
    public static func prose(_ text: String) -> String {
        var escaped = ""
        for character in text.withInvisibleCharactersEscaped {
            if inlineMarkup.contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        if let first = escaped.first, blockMarkers.contains(first) { return "\\" + escaped }
        // An ordered list: digits, then `.` or `)`.
        let digits = escaped.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let marker = escaped.dropFirst(digits.count).first, marker == "." || marker == ")" {
            return digits + "\\" + escaped.dropFirst(digits.count)
        }
        return escaped
    }

    private static let inlineMarkup: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "!", "&", "|", "~"]
    private static let blockMarkers: Set<Character> = ["#", "-", "+", "=", ">"]

    /// `text` as a code span for a table cell: a fence longer than any backtick run inside,
    /// padded when the text starts or ends with a backtick, and each `|` written `\|`, which
    /// GitHub reads as a pipe inside a cell's code span. Text holding a backslash or an invisible
    /// character is written as `text(_:)` instead: inside a table a backslash pairs with the
    /// character after it, so a code span could not show it faithfully.
    public static func code(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        guard !text.contains("\\"), text.withInvisibleCharactersEscaped == text else { return Self.text(text) }
        return codeSpan(text.replacingOccurrences(of: "|", with: "\\|"))
    }

    /// A code span that holds `text` whatever backticks it contains (CommonMark: a fence longer
    /// than any run inside, padded when the text starts or ends with a backtick or a space,
    /// which a reader would otherwise take for part of the fence or strip).
    package static func codeSpan(_ text: String) -> String {
        var longestRun = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") || text.hasPrefix(" ") || text.hasSuffix(" ") ? " " : ""
        return fence + padding + text + padding + fence
    }
}
