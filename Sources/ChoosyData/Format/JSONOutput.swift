/// A JSON value built for output, written deterministically: members in the order given,
/// two-space indentation (or none, compact), only the escapes JSON requires, non-ASCII written
/// as is.
public enum JSONOutput: Sendable, Equatable {
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case string(String)
    case integer(Int)
    /// A number as its JSON literal text, as read from a source file, so nothing is rounded.
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

    /// The text of the value without any whitespace and without a trailing newline: the form
    /// files are published in, and values are quoted in one-line messages.
    public func compactText() -> String {
        var output = ""
        write(to: &output, indent: nil)
        return output
    }

    /// Writes the value; a nil `indent` writes it compact.
    private func write(to output: inout String, indent: String?) {
        let inner = indent.map { $0 + "  " }
        /// Writes `count` items between `open` and `close`, one per line when pretty.
        func writeItems(_ open: String, _ close: String, _ count: Int, _ writeItem: (Int, inout String) -> Void) {
            output += open
            for index in 0..<count {
                if index > 0 { output += "," }
                if let inner { output += "\n" + inner }
                writeItem(index, &output)
            }
            if let indent { output += "\n" + indent }
            output += close
        }
        switch self {
        case .object(let members) where members.isEmpty:
            output += "{}"
        case .array(let elements) where elements.isEmpty:
            output += "[]"
        case .object(let members):
            writeItems("{", "}", members.count) { index, output in
                Self.writeString(members[index].0, to: &output)
                output += indent == nil ? ":" : ": "
                members[index].1.write(to: &output, indent: inner)
            }
        case .array(let elements):
            writeItems("[", "]", elements.count) { index, output in
                elements[index].write(to: &output, indent: inner)
            }
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

    /// Copies the runs between escapes whole: appending scalar by scalar made the SARIF
    /// report's rule texts cost as much as linting a small file.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        let bytes = text.utf8
        var runStart = bytes.startIndex
        // Every byte that needs escaping is ASCII, so each index here is a scalar boundary.
        for index in bytes.indices {
            let escaped: String
            switch bytes[index] {
            case UInt8(ascii: "\""): escaped = "\\\""
            case UInt8(ascii: "\\"): escaped = "\\\\"
            case UInt8(ascii: "\n"): escaped = "\\n"
            case UInt8(ascii: "\r"): escaped = "\\r"
            case UInt8(ascii: "\t"): escaped = "\\t"
            case 0x08: escaped = "\\b"
            case 0x0C: escaped = "\\f"
            case 0x00...0x1F, 0x7F:
                let hex = String(bytes[index], radix: 16, uppercase: true)
                escaped = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                continue
            }
            output += text[runStart..<index]
            output += escaped
            runStart = bytes.index(after: index)
        }
        output += text[runStart...]
        output += "\""
    }
}
