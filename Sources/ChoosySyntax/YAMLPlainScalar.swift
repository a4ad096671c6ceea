import Foundation

/// Decides whether a string may be written as a plain (unquoted) YAML scalar: only when every
/// reader reads it back as that same string — our loader (YAML 1.2 core schema), YAML 1.1 readers
/// (`yes`, `on`, `1_000`, `12:30`, dates) — and nothing in it could start or end another token.
enum YAMLPlainScalar {
    /// Characters that start some other token when they start a scalar.
    private static let indicators: Set<Unicode.Scalar> = [
        "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
    ]

    /// Plain scalars the YAML 1.1 type repository reads as something else (bool, merge, value).
    private static let yaml11Words: Set<String> = [
        "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF",
        "<<", "=",
    ]

    /// YAML 1.1 numbers (underscores, binary, base 60) and timestamps; anything close is quoted.
    private static let yaml11NumberOrDate = NSRegularExpression(validPattern: #"""
        ^[-+]?\.?[0-9][0-9a-fA-F_.:+\-xXoObBeE]*$|^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}
        """#)

    static func allows(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last,
              first != " ", last != " ", last != ":",
              scalars.allSatisfy(isPlainCharacter),
              !indicators.contains(first) || startsPlainDespiteIndicator(scalars),
              !text.hasPrefix("---"), !text.hasPrefix("..."),
              !text.contains(": "), !text.contains(" #"),
              !yaml11Words.contains(text),
              yaml11NumberOrDate.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil
        else { return false }
        // The loader's own reading decides the rest (null, booleans, numbers, .inf and .nan).
        let scalar = YAMLEvent.Scalar(text: text, isPlain: true, anchor: nil, tag: nil)
        guard case .string(let read)? = try? YAMLScalarResolver.resolve(scalar, at: SourceRange(at: .start)) else { return false }
        return read == text
    }

    /// `-x`, `?x` and `:x` are plain when a non-space follows the indicator.
    private static func startsPlainDespiteIndicator(_ scalars: [Unicode.Scalar]) -> Bool {
        ["-", "?", ":"].contains(scalars[0]) && scalars.count > 1 && scalars[1] != " "
    }

    /// Printable, on one line, no tab: YAML's c-printable without line breaks (libyaml also breaks
    /// lines at U+0085, U+2028 and U+2029) and without the byte order mark.
    private static func isPlainCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0xFEFF: false
        case 0x20...0x7E, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
