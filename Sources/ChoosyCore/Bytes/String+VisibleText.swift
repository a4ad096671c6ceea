extension Unicode.Scalar {
    /// Whether a message quoting this character would show nothing, or show a space that is not
    /// U+0020: controls, format characters (a byte order mark, a zero width space), other spaces,
    /// separators, and code points with no character. Combining marks show on the character
    /// before them (a decomposed "é"), so they are not counted.
    package var isInvisible: Bool {
        if self == " " { return false }
        switch properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
            return true
        default:
            return false
        }
    }
}

extension String {
    /// The text with each invisible character (see `Unicode.Scalar.isInvisible`) written as the
    /// escape a JSON or YAML author would type: `\t`, `\n`, `\r`, `\uFEFF`, or `\U000E0001` beyond
    /// the Basic Multilingual Plane. A message quoting a key that holds a zero width space then
    /// shows it, instead of naming a key that looks right.
    public var withInvisibleCharactersEscaped: String {
        if utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            guard scalar.isInvisible else {
                result.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\t": escape = "\\t"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            default:
                escape = scalar.value > 0xFFFF ? "\\U" + zeroPaddedHex(scalar.value, digits: 8) : "\\u" + zeroPaddedHex(scalar.value, digits: 4)
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }
}
