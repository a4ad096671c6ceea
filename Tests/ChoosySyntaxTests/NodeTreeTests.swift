import Testing
@testable import ChoosySyntax

/// A parsed document is one array of records (`NodeTree`): values are read from the file's
/// bytes where they spell them and kept where they do not, children sit side by side, and
/// pointers come from the records' parent links, set after the children were added.
struct NodeTreeTests {
    private static func load(_ path: String, _ text: String) throws -> Node {
        try Document.load(SourceFile(path: path, text: text)).root
    }

    @Test func aNodeIsAHandleAndARecordIsSmall() {
        #expect(MemoryLayout<Node>.size <= 16)
        #expect(MemoryLayout<NodeTree.Record>.stride == 28)
    }

    /// Strings with and without escapes, short and long, and numbers written in every form
    /// JSON allows read back as written.
    @Test func scalarsReadAsWritten() throws {
        let root = try Self.load("t.json", #"""
            {"escaped": "a\"b\u00e9\n", "short": "ab", "long": "a string longer than fifteen bytes", "empty": "",
             "numbers": [0, -0, 1.50E+2, -12.5e-3, 123456789012345678901234567890], "t": true, "f": false, "z": null}
            """#)
        #expect(root["escaped"]?.string == "a\"b\u{e9}\n")
        #expect(root["short"]?.string == "ab")
        #expect(root["long"]?.string == "a string longer than fifteen bytes")
        #expect(root["empty"]?.string == "")
        #expect(root["numbers"]?.elements?.map { $0.numberText ?? "?" } == ["0", "-0", "1.50E+2", "-12.5e-3", "123456789012345678901234567890"])
        #expect(root["t"]?.bool == true)
        #expect(root["f"]?.bool == false)
        #expect(root["z"]?.isNull == true)
        #expect(root["long"]?.isString == true)
        #expect(root["long"]?.numberText == nil)
        #expect(root["numbers"]?.elements?.first?.string == nil)
        #expect(root.members?.map(\.value.kindName) == ["string", "string", "string", "string", "array", "boolean", "boolean", "null"])
    }

    /// YAML scalars the core schema reads as something else than their text keep that text:
    /// numbers in other notations, single-quoted and folded strings.
    @Test func yamlScalarsKeepTheTextTheSchemaGivesThem() throws {
        let root = try Self.load("t.yaml", "hex: 0x1F\nplus: +12\nquote: 'it''s'\nfolded: >\n  a\n  b\nplain: a plain string of some length\n")
        #expect(root["hex"]?.numberText == "31")
        #expect(root["plus"]?.numberText == "12")
        #expect(root["quote"]?.string == "it's")
        #expect(root["folded"]?.string == "a b\n")
        #expect(root["plain"]?.string == "a plain string of some length")
    }

    /// Every node, however deep, knows its pointer and range, and each member its key's range.
    @Test(arguments: ["t.json", "t.yaml"])
    func deepNodesKnowTheirPointersAndRanges(path: String) throws {
        let text = #"{"a": [{"b": {"c": [[1, {"d": "e"}]]}}], "f": {}}"#
        let root = try Self.load(path, text)
        let d = try #require(root["a"]?.elements?[0]["b"]?["c"]?.elements?[0].elements?[1].member("d"))
        #expect(d.value.pointer.description == "/a/0/b/c/0/1/d")
        #expect(d.value.range.start.offset == 30)
        #expect(d.keyRange.start.offset == 25)
        #expect(root.pointer.description == "")
        #expect(root["f"]?.members?.isEmpty == true)
        #expect(root["f"]?.pointer.description == "/f")
        #expect(root.nodeCount == 10)
    }

    /// Aliases copy their anchored node, children and all: the copies have pointers of their
    /// own and the anchored text's ranges, even for an alias inside an anchored node.
    @Test func aliasesCopyNestedNodes() throws {
        let root = try Self.load("t.yaml", "a: &x {k: &y [1, {m: 2}]}\nb: *x\nc: *y\nd: [*y, *x]\n")
        let original = try #require(root["a"]?["k"]?.elements?[1]["m"])
        for (copy, pointer) in [
            (root["b"]?["k"]?.elements?[1]["m"], "/b/k/1/m"), (root["c"]?.elements?[1]["m"], "/c/1/m"),
            (root["d"]?.elements?[0].elements?[1]["m"], "/d/0/1/m"), (root["d"]?.elements?[1]["k"]?.elements?[1]["m"], "/d/1/k/1/m"),
        ] {
            let copy = try #require(copy)
            #expect(copy.pointer.description == pointer)
            #expect(copy.range == original.range)
            #expect(copy.numberText == "2")
        }
        #expect(original.pointer.description == "/a/k/1/m")
        #expect(root["d"]?.hasSameValue(as: try Self.load("t.json", #"[[1, {"m": 2}], {"k": [1, {"m": 2}]}]"#)) == true)
    }

    /// A value changed outside a parse keeps its range and pointer, and the tree it came from
    /// is left as it was.
    @Test func settingAValueKeepsRangeAndPointer() throws {
        let root = try Self.load("t.json", #"{"a": ["x", "y"]}"#)
        var node = try #require(root["a"])
        node.value = .array(Elements([try #require(node.elements?[1])]))
        #expect(node.elements?.map(\.string) == ["y"])
        #expect(node.range == root["a"]?.range)
        #expect(node.pointer == root["a"]?.pointer)
        #expect(node.elements?[0].pointer.description == "/a/1")
        #expect(root["a"]?.elements?.count == 2)
    }

    @Test func aScalarDocumentIsItsOwnRoot() throws {
        let root = try Self.load("t.json", #""just a string""#)
        #expect(root.string == "just a string")
        #expect(root.pointer == .root)
        #expect(root.range.end.offset == 15)
    }
}
