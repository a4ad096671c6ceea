import ChoosyCore

/// Writes a `Node` tree as block-style YAML that `YAMLLoader` reads back to the same tree:
/// two-space indentation, sequences indented under their key, strings plain when
/// `YAMLPlainScalar` allows it and double-quoted otherwise, one value per line, no folding.
public enum YAMLWriter {
    /// libyaml gives up on an implicit key longer than 1024 characters; longer keys are written
    /// explicitly (`? key`).
    static let maximumImplicitKeyLength = 1000

    /// The text of `node`, with a trailing newline.
    public static func render(_ node: Node) -> String {
        var output = ByteBuffer()
        write(node, to: &output)
        return output.string
    }

    /// Writes the text of `node`, with a trailing newline, into `output`.
    package static func write<Sink: ByteSink & ~Copyable>(_ node: Node, to output: inout Sink) {
        if isBlockCollection(node) {
            writeCollection(node, indent: 0, continuingLine: false, to: &output)
        } else {
            output.append(scalar(node))
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// A non-empty mapping or sequence; empty ones are written in flow style, `{}` and `[]`.
    private static func isBlockCollection(_ node: Node) -> Bool {
        switch node.value {
        case .object(let members): !members.isEmpty
        case .array(let elements): !elements.isEmpty
        default: false
        }
    }

    /// Writes a non-empty collection whose entries start at column `indent`; when
    /// `continuingLine`, the first entry goes on the current line (after `- `).
    /// Stops early when `output` wants no more.
    private static func writeCollection<Sink: ByteSink & ~Copyable>(_ node: Node, indent: Int, continuingLine: Bool, to output: inout Sink) {
        switch node.value {
        case .object(let members):
            for (index, member) in members.enumerated() where output.wantsMore {
                if index > 0 || !continuingLine { output.append(spaces: indent) }
                let key = string(member.key)
                if key.unicodeScalars.count > maximumImplicitKeyLength {
                    output.append("? ")
                    output.append(key)
                    output.append(UInt8(ascii: "\n"))
                    output.append(spaces: indent)
                } else {
                    output.append(key)
                }
                output.append(UInt8(ascii: ":"))
                writeValue(member.value, indent: indent, to: &output)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() where output.wantsMore {
                if index > 0 || !continuingLine { output.append(spaces: indent) }
                output.append("- ")
                if isBlockCollection(element) {
                    writeCollection(element, indent: indent + 2, continuingLine: true, to: &output)
                } else {
                    output.append(scalar(element))
                    output.append(UInt8(ascii: "\n"))
                }
            }
        default:
            preconditionFailure("writeCollection is only called for collections")
        }
    }

    /// Writes the value of a member whose key is at column `indent`, after its `:`.
    private static func writeValue<Sink: ByteSink & ~Copyable>(_ value: Node, indent: Int, to output: inout Sink) {
        guard isBlockCollection(value) else {
            output.append(UInt8(ascii: " "))
            output.append(scalar(value))
            output.append(UInt8(ascii: "\n"))
            return
        }
        output.append(UInt8(ascii: "\n"))
        writeCollection(value, indent: indent + 2, continuingLine: false, to: &output)
    }

    private static func scalar(_ node: Node) -> String {
        switch node.value {
        case .object: "{}"
        case .array: "[]"
        case .string(let text): string(text)
        case .number(let literal): literal
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }

    /// `text` plain when that reads back as the same string everywhere, else double-quoted.
    public static func string(_ text: String) -> String {
        YAMLPlainScalar.allows(text) ? text : doubleQuoted(text)
    }

    /// Double-quoted with YAML's escapes (`YAMLScalarQuoting`, which fixes write too).
    static func doubleQuoted(_ text: String) -> String {
        YAMLScalarQuoting.doubleQuoted(text)
    }
}
