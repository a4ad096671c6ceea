/// A JSON value, built for output and written deterministically: members in the order given,
/// two-space indentation (or none, compact), only the escapes JSON requires, non-ASCII written
/// as is.
public enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    /// A number as its JSON literal text, as read from a source file, so nothing is rounded.
    case number(String)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered() == rhs.rendered()
    }

    /// The text of the value, pretty-printed, with a trailing newline.
    public func rendered() -> String {
        var output = ByteBuffer()
        write(to: &output, depth: 0, pretty: true)
        output.append(UInt8(ascii: "\n"))
        return output.string
    }

    /// The text of the value as item `index` of a pretty-printed array, the item `depth`
    /// levels in (an item of the top-level array is at depth 1), with the comma and the new
    /// line before it: a large array written an item at a time reads the same as one
    /// rendered whole.
    package func renderedItem(_ index: Int, depth: Int) -> String {
        var output = ByteBuffer()
        Self.startItem(index, depth: depth, pretty: true, in: &output)
        write(to: &output, depth: depth, pretty: true)
        return output.string
    }

    /// The text of the value without any whitespace and without a trailing newline: the form
    /// files are published in, and values are quoted in one-line messages.
    public func compactText() -> String {
        var output = ByteBuffer()
        write(to: &output, depth: 0, pretty: false)
        return output.string
    }

    /// Writes the value as UTF-8, `depth` levels in when pretty. Bytes, not a `String`: appending
    /// to a string cost more than all else in writing the docs site's search index.
    private func write(to output: inout ByteBuffer, depth: Int, pretty: Bool) {
        switch self {
        case .object(let members):
            Self.writeCollection(opening: UInt8(ascii: "{"), count: members.count, closing: UInt8(ascii: "}"), depth: depth, pretty: pretty, to: &output) { index, output in
                Self.writeString(members[index].0, to: &output)
                output.append(pretty ? ": " : ":")
                members[index].1.write(to: &output, depth: depth + 1, pretty: pretty)
            }
        case .array(let elements):
            Self.writeCollection(opening: UInt8(ascii: "["), count: elements.count, closing: UInt8(ascii: "]"), depth: depth, pretty: pretty, to: &output) { index, output in
                elements[index].write(to: &output, depth: depth + 1, pretty: pretty)
            }
        case .string(let text):
            Self.writeString(text, to: &output)
        case .integer(let value):
            output.append(decimal: value)
        case .number(let literal):
            output.append(literal)
        case .bool(let value):
            output.append(value ? "true" : "false")
        case .null:
            output.append("null")
        }
    }

    /// An object or array of `count` items `depth` levels in, each item written by `writeItem`
    /// after its comma and new line; an empty one is `{}` or `[]`. Stops early when `output`
    /// wants no more.
    package static func writeCollection<Sink: ByteSink & ~Copyable>(
        opening: UInt8, count: Int, closing: UInt8, depth: Int, pretty: Bool, to output: inout Sink,
        _ writeItem: (Int, inout Sink) -> Void
    ) {
        output.append(opening)
        for index in 0..<count where output.wantsMore {
            startItem(index, depth: depth + 1, pretty: pretty, in: &output)
            writeItem(index, &output)
        }
        if pretty, count > 0 { newLine(depth: depth, in: &output) }
        output.append(closing)
    }

    /// Before item `index` of an object or array: a comma after the first, and when pretty a
    /// line of its own, indented two spaces a level.
    private static func startItem<Sink: ByteSink & ~Copyable>(_ index: Int, depth: Int, pretty: Bool, in output: inout Sink) {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        if pretty { newLine(depth: depth, in: &output) }
    }

    private static func newLine<Sink: ByteSink & ~Copyable>(depth: Int, in output: inout Sink) {
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { output.append("  ") }
    }

    /// A string in quotes, with only the escapes JSON requires. The runs between escapes are
    /// copied whole: appending scalar by scalar made the SARIF report's rule texts cost as
    /// much as linting a small file.
    package static func writeString<Sink: ByteSink & ~Copyable>(_ text: String, to output: inout Sink) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            // Every byte that needs escaping is ASCII, so each index here is a scalar boundary.
            for index in bytes.indices {
                let escaped: StaticString
                switch bytes[index] {
                case UInt8(ascii: "\""): escaped = "\\\""
                case UInt8(ascii: "\\"): escaped = "\\\\"
                case UInt8(ascii: "\n"): escaped = "\\n"
                case UInt8(ascii: "\r"): escaped = "\\r"
                case UInt8(ascii: "\t"): escaped = "\\t"
                case 0x08: escaped = "\\b"
                case 0x0C: escaped = "\\f"
                case 0x00...0x1F, 0x7F: escaped = "\\u00"
                default: continue
                }
                output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                output.append(escaped)
                if escaped.utf8CodeUnitCount == 4 {
                    // `\u00` and the byte's two hexadecimal digits, upper-case.
                    let digits: StaticString = "0123456789ABCDEF"
                    let byte = bytes[index]
                    digits.withUTF8Buffer { digits in
                        output.append(digits[Int(byte >> 4)])
                        output.append(digits[Int(byte & 0x0F)])
                    }
                }
                runStart = index + 1
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
