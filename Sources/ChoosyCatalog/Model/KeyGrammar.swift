import ChoosyCore

/// What a key of the catalog looks like (an app type's, a parameter's, an action's, an app's),
/// and so what a placeholder may name: a lower-case ASCII letter, then lower-case letters,
/// digits and `_`. The client lowercases keys, and the docs site names files and pages after
/// them. Declared once: the schema's pattern, `key-format`, placeholder scanning, the command
/// line's telling a key from a path, and the docs site's script all read it.
public enum KeyGrammar {
    /// The grammar as a regular expression, for the JSON Schema and the site's script.
    public static let pattern = "^[a-z][a-z0-9_]*$"

    /// Whether `text` is a key. Checked on UTF-8 bytes, which is the same check (every allowed
    /// character is ASCII) without decoding scalars, and read from the string's contiguous
    /// bytes when it has them: iterating its UTF-8 view cost 30 instructions a byte, a
    /// twentieth of cutting a url_format (a regex here was a sixth of lint's time).
    public static func matches(_ text: some StringProtocol) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(matches(utf8:)) ?? matches(utf8: Array(text.utf8))
    }

    /// Whether the UTF-8 bytes `bytes` spell a key.
    public static func matches(utf8 bytes: some Collection<UInt8>) -> Bool {
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) else { return false }
        return bytes.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }

    /// A key close to `text`: `Show-Profile` → `show_profile`; invisible characters other than
    /// spaces (a zero width space pasted in) are dropped; a key that would start with a digit
    /// gets a `k` in front.
    public static func suggestedKey(for text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars where !scalar.isInvisible || scalar.properties.isWhitespace {
            let isAllowed = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
            result += isAllowed ? String(scalar) : (result.hasSuffix("_") ? "" : "_")
        }
        result = String(result.drop { $0 == "_" }.reversed().drop { $0 == "_" }.reversed())
        if let first = result.first, first.isNumber { result = "k" + result }
        return result.isEmpty ? "key" : result
    }
}
