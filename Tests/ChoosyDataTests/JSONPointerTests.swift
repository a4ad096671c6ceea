import Testing
@testable import ChoosyData

/// JSON Pointers read from a parsed tree (entries of the document's table) and pointers built by
/// `appending` are the same values: equal, hashed alike and written alike.
struct JSONPointerTests {
    static let text = #"{"apps": [{"key": "x", "a/b": {"~": [true]}}]}"#

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

    @Test func parsedPointersEqualBuiltOnes() throws {
        let root = try JSONParser.parse(SourceFile(path: "t.json", text: Self.text)).root
        let nodes = Self.nodes(of: root)
        #expect(nodes.count == 7)
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
