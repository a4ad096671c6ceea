import ChoosyCore

/// How a string is written as a YAML scalar that reads back as itself whatever its context:
/// the formatter's writer and the fixes of lint rules both write values this way.
package enum YAMLScalarQuoting {
    /// Double-quoted with YAML's escapes for everything not printable on one line, so the
    /// scalar never spans lines and never holds a raw control character.
    package static func doubleQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\0": output += "\\0"
            case "\u{07}": output += "\\a"
            case "\u{08}": output += "\\b"
            case "\t": output += "\\t"
            case "\n": output += "\\n"
            case "\u{0B}": output += "\\v"
            case "\u{0C}": output += "\\f"
            case "\r": output += "\\r"
            case "\u{1B}": output += "\\e"
            case "\u{85}": output += "\\N"
            case "\u{2028}": output += "\\L"
            case "\u{2029}": output += "\\P"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}": output += "\\x" + zeroPaddedHex(scalar.value, digits: 2)
            case "\u{FEFF}", "\u{FFFE}", "\u{FFFF}": output += "\\u" + zeroPaddedHex(scalar.value, digits: 4)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
