/// A JSON value built for output, written deterministically: members in the order given,
/// two-space indentation, only the escapes JSON requires, non-ASCII written as is.
public enum JSONOutput: Sendable, Equatable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case integer(Int)
    /// A number as its JSON literal text, written as is (`Node` keeps numbers so).
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.rendered() == rhs.rendered()
    }

    /// The text of the value, pretty-printed, with a trailing newline.
    public func rendered() -> String {
        var output = ""
        write(to: &output, indent: "")
        output += "\n"
        return output
    }

    private func write(to output: inout String, indent: String) {
        switch self {
        case .object(let members) where members.isEmpty:
            output += "{}"
        case .object(let members):
            output += "{\n"
            let inner = indent + "  "
            for (index, (key, value)) in members.enumerated() {
                output += inner
                Self.writeString(key, to: &output)
                output += ": "
                value.write(to: &output, indent: inner)
                output += index + 1 < members.count ? ",\n" : "\n"
            }
            output += indent + "}"
        case .array(let elements) where elements.isEmpty:
            output += "[]"
        case .array(let elements):
            output += "[\n"
            let inner = indent + "  "
            for (index, element) in elements.enumerated() {
                output += inner
                element.write(to: &output, indent: inner)
                output += index + 1 < elements.count ? ",\n" : "\n"
            }
            output += indent + "]"
        case .string(let text):
            Self.writeString(text, to: &output)
        case .integer(let value):
            output += String(value)
        case .number(let literal):
            output += literal
        case .bool(let value):
            output += value ? "true" : "false"
        case .null:
            output += "null"
        }
    }

    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
