import Testing
@testable import ChoosySyntax

/// JSON Pointers read from a parsed tree (entries of the document's table) and pointers built by
/// `appending` are the same values: equal, hashed alike and written alike.
struct JSONPointerTests {
    static let text = #"{"apps": [{"key": "x", "a/b": {"~": [true]}}]}"#
    /// Names used again, a member named like an index, and indexes past one digit.
    static let repeats = #"{"apps": [{"key": "x", "0": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, {"key": "0"}]}, {"key": "y"}]}"#

    static func built(_ tokens: [String]) -> JSONPointer {
        tokens.reduce(JSONPointer.root) { $0.appending(key: $1) }
    }

    /// Every node of `text` with the tokens that lead to it.
    static func nodes(of root: Node) -> [(Node, [String])] {
        var result: [(Node, [String])] = []
        func visit(_ node: Node, _ tokens: [String]) {
            result.append((node, tokens))
            for member in node.members ?? [] { visit(member.value, tokens + [member.key]) }
            for (index, element) in (node.elements ?? []).enumerated() { visit(element, tokens + [String(index)]) }
        }
        visit(root, [])
        return result
    }

    /// JSON and YAML (whose flow style reads the same text) fill the same kind of table.
    @Test(arguments: [("t.json", text, 7), ("t.yaml", text, 7), ("t.json", repeats, 20), ("t.yaml", repeats, 20)])
    func parsedPointersEqualBuiltOnes(path: String, text: String, count: Int) throws {
        let root = try Document.load(SourceFile(path: path, text: text)).root
        let nodes = Self.nodes(of: root)
        #expect(nodes.count == count)
        for (node, tokens) in nodes {
            let built = Self.built(tokens)
            #expect(node.pointer.tokens == tokens)
            #expect(node.pointer == built)
            #expect(node.pointer.hashValue == built.hashValue)
            #expect(node.pointer.description == built.description)
        }
        #expect(Set(nodes.map(\.0.pointer)).count == nodes.count, "distinct nodes have distinct pointers")
    }

    @Test("pointers are written with ~ and / escaped", arguments: [
        ([String](), ""), (["apps", "0", "key"], "/apps/0/key"), (["apps", "0", "a/b", "~"], "/apps/0/a~1b/~0"),
    ])
    func description(tokens: [String], expected: String) throws {
        #expect(Self.built(tokens).description == expected)
        let root = try JSONParser.parse(SourceFile(path: "t.json", text: Self.text)).root
        let parsed = try #require(Self.nodes(of: root).first { $0.1 == tokens }?.0)
        #expect(parsed.pointer.description == expected)
    }

    @Test func indexesAndKeysThatSpellTheSameAreTheSamePointer() {
        #expect(JSONPointer.root.appending(index: 3) == JSONPointer.root.appending(key: "3"))
        #expect(JSONPointer.root.appending(key: "a") != JSONPointer.root.appending(key: "b"))
        #expect(JSONPointer.root.appending(key: "a") != JSONPointer.root)
    }
}
