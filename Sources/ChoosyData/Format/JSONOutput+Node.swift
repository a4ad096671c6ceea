extension JSONOutput {
    /// The tree as output, members and elements in the tree's order, numbers as their literals.
    public init(_ node: Node) {
        switch node.value {
        case .object(let members): self = .object(members.map { ($0.key, JSONOutput($0.value)) })
        case .array(let elements): self = .array(elements.map(JSONOutput.init))
        case .string(let text): self = .string(text)
        case .number(let literal): self = .number(literal)
        case .bool(let value): self = .bool(value)
        case .null: self = .null
        }
    }
}
