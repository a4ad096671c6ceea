/// The member order `fmt` writes: in every object the app-type schema describes, `name`, `key`,
/// `description`, then the rest of the schema's properties in its order, then members the schema
/// does not know in their original order. Elements and other objects keep their order: arrays
/// are the app picker's display order, and example parameters are the author's.
public enum CanonicalOrder {
    /// The members every reader looks for first.
    static let leadingKeys = ["name", "key", "description"]

    /// `node` with its members reordered; a permutation, so no value changes.
    public static func apply(to node: Node) -> Node {
        apply(to: node, schema: AppTypeSchema.validator.root)
    }

    private static func apply(to node: Node, schema: JSONSchema?) -> Node {
        let schemas = schema.map(resolved) ?? []
        var copy = node
        switch node.value {
        case .object(let members):
            let properties = schemas.lazy.map(\.properties).first { !$0.isEmpty } ?? []
            let order = leadingKeys.filter { key in properties.contains { $0.name == key } }
                + properties.map(\.name).filter { !leadingKeys.contains($0) }
            let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            // Unknown members rank after every known one; ties keep their original order, so
            // duplicate keys stay in the order a duplicate-key finding names them.
            let sorted = members.enumerated().sorted {
                (rank[$0.element.key] ?? order.count, $0.offset) < (rank[$1.element.key] ?? order.count, $1.offset)
            }
            copy.value = .object(sorted.map { _, member in
                var member = member
                member.value = apply(to: member.value, schema: properties.first { $0.name == member.key }?.schema)
                return member
            })
        case .array(let elements):
            let items = schemas.lazy.compactMap(\.items).first
            copy.value = .array(elements.map { apply(to: $0, schema: items) })
        default:
            break
        }
        return copy
    }

    /// The schema and the definitions its `$ref`s lead to.
    private static func resolved(_ schema: JSONSchema) -> [JSONSchema] {
        var chain = [schema]
        while let name = chain.last?.reference, chain.count <= AppTypeSchema.validator.root.definitions.count,
              let target = AppTypeSchema.validator.root.definitions[name] {
            chain.append(target)
        }
        return chain
    }
}
