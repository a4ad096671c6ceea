import Foundation
@testable import ChoosySyntax

/// Reads expected values with Foundation's JSONSerialization, independently of the loaders under
/// test, and brings trees to one member order so they can be compared.
enum JSONOracle {
    /// The single JSON value in `data` as a `Node` (members sorted by key, positions zero), or nil
    /// when `data` holds several concatenated documents.
    static func node(from data: Data) throws -> Node? {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        return node(from: object)
    }

    private static func node(from object: Any) -> Node {
        let value: Node.Value
        switch object {
        case is NSNull:
            value = .null
        case let number as NSNumber:
            // JSONSerialization gives booleans as NSNumber with the C type `char`.
            value = String(cString: number.objCType) == "c" ? .bool(number.boolValue) : .number(number.stringValue)
        case let string as String:
            value = .string(string)
        case let array as [Any]:
            value = .array(Elements(array.map(node(from:))))
        case let dictionary as [String: Any]:
            value = .object(Members(dictionary.keys.sorted().map { Member(key: $0, keyRange: zero, value: node(from: dictionary[$0]!)) }))
        default:
            preconditionFailure("JSONSerialization returned \(type(of: object))")
        }
        return Node(value, range: zero, pointer: .root)
    }

    /// `node` with every object's members sorted by key, since JSONSerialization loses their order.
    static func canonical(_ node: Node) -> Node {
        var copy = node
        switch node.value {
        case .object(let members):
            copy.value = .object(Members(members.map { Member(key: $0.key, keyRange: $0.keyRange, value: canonical($0.value)) }.sorted { $0.key < $1.key }))
        case .array(let elements):
            copy.value = .array(Elements(elements.map(canonical)))
        default:
            break
        }
        return copy
    }

    private static let zero = SourceRange(at: .start)
}
