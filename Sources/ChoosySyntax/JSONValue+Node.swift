import ChoosyCore

extension JSONValue {
    /// The tree as output, members and elements in the tree's order, numbers as their literals.
    public init(_ node: Node) {
        switch node.value {
        case .object(let members): self = .object(members.map { ($0.key, JSONValue($0.value)) })
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .string(let text): self = .string(text)
        case .number(let literal): self = .number(literal)
        case .bool(let value): self = .bool(value)
        case .null: self = .null
        }
    }
}

extension JSONValue {
    /// Writes `node` as `JSONValue(node).rendered()` reads, without building that output tree
    /// first: `fmt` writes and checks whole files this way.
    package static func writeRendered<Sink: ByteSink & ~Copyable>(_ node: Node, to output: inout Sink) {
        write(node, depth: 0, to: &output)
        output.append(UInt8(ascii: "\n"))
    }

    private static func write<Sink: ByteSink & ~Copyable>(_ node: Node, depth: Int, to output: inout Sink) {
        switch node.value {
        case .object(let members):
            writeCollection(opening: UInt8(ascii: "{"), count: members.count, closing: UInt8(ascii: "}"), depth: depth, pretty: true, to: &output) { index, output in
                writeString(members[index].key, to: &output)
                output.append(": ")
                write(members[index].value, depth: depth + 1, to: &output)
            }
        case .array(let elements):
            writeCollection(opening: UInt8(ascii: "["), count: elements.count, closing: UInt8(ascii: "]"), depth: depth, pretty: true, to: &output) { index, output in
                write(elements[index], depth: depth + 1, to: &output)
            }
        case .string(let text): writeString(text, to: &output)
        case .number(let literal): output.append(literal)
        case .bool(let value): output.append(value ? "true" : "false")
        case .null: output.append("null")
        }
    }
}
