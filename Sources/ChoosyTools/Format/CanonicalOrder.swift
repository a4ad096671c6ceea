import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// The member order `fmt` writes: in every object of a catalog file, the fields its entity
/// declares in their canonical order (`name`, `key`, `description`, then the rest as the
/// schema lists them), then members the declaration does not know in their original order.
/// Elements and other objects keep their order: arrays are the app picker's display order, and
/// example parameters are the author's.
public enum CanonicalOrder {
    /// `node` with its members reordered; a permutation, so no value changes.
    public static func apply(to node: Node) -> Node {
        apply(toList: node, of: .appType)
    }

    /// Whether `apply(to: node)` would leave every member where it is; walks the tree without
    /// copying it.
    static func isApplied(to node: Node) -> Bool {
        isApplied(toList: node, of: .appType)
    }

    private static func isApplied(toList node: Node, of entity: CatalogEntity) -> Bool {
        guard case .array(let elements) = node.value else { return true }
        return elements.allSatisfy { isApplied(to: $0, as: entity) }
    }

    /// The sort in `apply` is stable, so it moves nothing exactly when the members' ranks never
    /// go down.
    private static func isApplied(to node: Node, as entity: CatalogEntity) -> Bool {
        guard case .object(let members) = node.value else { return true }
        let fields = entity.fields
        var previousRank = 0
        for member in members {
            let field = fields.firstIndex { $0.name == member.key }
            let rank = field ?? fields.count
            guard rank >= previousRank else { return false }
            previousRank = rank
            if let field, case .entities(let element, _) = fields[field].kind, !isApplied(toList: member.value, of: element) {
                return false
            }
        }
        return true
    }

    /// An array whose elements are `entity`s; anything else is left as it is.
    private static func apply(toList node: Node, of entity: CatalogEntity) -> Node {
        guard case .array(let elements) = node.value else { return node }
        var copy = node
        copy.value = .array(Elements(elements.map { apply(to: $0, as: entity) }))
        return copy
    }

    /// An object that is an `entity`; anything else is left as it is.
    private static func apply(to node: Node, as entity: CatalogEntity) -> Node {
        guard case .object(let members) = node.value else { return node }
        let fields = entity.fields
        let rank = Dictionary(uniqueKeysWithValues: fields.enumerated().map { ($1.name, $0) })
        // Unknown members rank after every known one; ties keep their original order, so
        // duplicate keys stay in the order a duplicate-key finding names them.
        let sorted = members.enumerated().sorted {
            (rank[$0.element.key] ?? fields.count, $0.offset) < (rank[$1.element.key] ?? fields.count, $1.offset)
        }
        var copy = node
        copy.value = .object(Members(sorted.map { _, member in
            guard case .entities(let element, _)? = fields.first(where: { $0.name == member.key })?.kind else { return member }
            var member = member
            member.value = apply(toList: member.value, of: element)
            return member
        }))
        return copy
    }
}
