import Testing
@testable import ChoosySyntax

/// A tree keeps byte offsets only and places them through its document's line table: the
/// ranges it gives back are the ones the parsers read, wherever a node has been moved.
struct SourceLinesTests {
    /// A one-line JSON array of strings longer than a block of the line table, with `prefix`
    /// before each string, and the column every element starts at (counted in scalars here).
    static func longLine(prefix: String, scalar: String, count: Int) -> (text: String, columns: [Int]) {
        var text = "["
        var columns: [Int] = []
        for index in 0..<count {
            if index > 0 { text += "," }
            text += prefix
            columns.append(text.unicodeScalars.count + 1)
            text += "\"\(scalar)\(index)\""
        }
        return (text + "]", columns)
    }

    /// Scalars of two, three and four UTF-8 bytes, so that the count goes across words and
    /// blocks at every alignment.
    @Test(arguments: ["", " ", "\t "], ["é", "€", "😀", "aé€😀"])
    func columnsCountScalarsAcrossBlocksOfALongLine(prefix: String, scalar: String) throws {
        let (text, columns) = Self.longLine(prefix: prefix, scalar: scalar, count: 700)
        let elements = try #require(try Document.load(SourceFile(path: "t.json", text: text)).root.elements)
        #expect(elements.map(\.range.start.line).allSatisfy { $0 == 1 })
        #expect(elements.map(\.range.start.column) == columns)
    }

    @Test func aByteOrderMarkIsBeforeColumnOne() throws {
        let document = try Document.load(SourceFile(path: "t.yaml", text: "\u{FEFF}a: é\nb: [1]\n"))
        let members = try #require(document.root.members)
        #expect(members.map(\.keyRange.start) == [
            SourceLocation(line: 1, column: 1, offset: 3), SourceLocation(line: 2, column: 1, offset: 9),
        ])
        #expect(members[1].value.range == SourceRange(
            start: SourceLocation(line: 2, column: 4, offset: 12), end: SourceLocation(line: 2, column: 7, offset: 15)))
    }

    @Test func anAliasKeepsTheRangesOfItsAnchor() throws {
        let root = try Document.load(SourceFile(path: "t.yaml", text: "a: &x\n  b: 1\nc: *x\n")).root
        let anchored = try #require(root["a"])
        let copy = try #require(root["c"])
        #expect(copy.pointer.description == "/c")
        #expect(copy.file == "t.yaml")
        #expect(copy.range == anchored.range)
        #expect(copy["b"]?.pointer.description == "/c/b")
        #expect(copy["b"]?.range == anchored["b"]?.range)
        #expect(copy.members?.first?.keyRange == anchored.members?.first?.keyRange)
    }

    @Test func aNodeMovedToAnotherTreeKeepsItsFileAndRanges() throws {
        let original = try Document.load(SourceFile(path: "t.json", text: "{\n  \"k\": [\"v\"]\n}")).root
        let moved = original.moved(to: JSONPointer.root.appending(index: 3))
        #expect(moved.pointer.description == "/3")
        #expect(moved.file == "t.json")
        #expect(moved["k"]?.elements?.first?.file == "t.json")
        #expect(moved.range == original.range)
        #expect(moved["k"]?.pointer.description == "/3/k")
        #expect(moved["k"]?.elements?.first?.range == original["k"]?.elements?.first?.range)
        #expect(moved.members?.first?.keyRange == original.members?.first?.keyRange)
    }

    @Test func aRangeFromAnotherFileIsKept() throws {
        let range = SourceRange(start: SourceLocation(line: 7, column: 3, offset: 90), end: SourceLocation(line: 7, column: 9, offset: 96))
        let node = Node(.string("x"), range: range, pointer: JSONPointer.root.appending(key: "a"))
        #expect(node.range == range)
        #expect(node.pointer.description == "/a")
        #expect(node.file.isEmpty, "a node made outside a parse has no file")
        #expect(node.moved(to: .root).range == range)
    }

    /// A string value longer than a small string and written as it reads is kept as its range
    /// and read from the file; every other one is kept decoded. Either way the value reads back
    /// as the parser read it, also from a moved node.
    @Test(arguments: [
        ("t.json", #"{"s": "a plain string of more than fifteen bytes"}"#, "a plain string of more than fifteen bytes"),
        ("t.json", #"{"s": "an escaped\ttab, \"quotes\" and more"}"#, "an escaped\ttab, \"quotes\" and more"),
        ("t.json", #"{"s": "short"}"#, "short"),
        ("t.json", "{\"s\": \"é€😀, text past fifteen bytes\"}", "é€😀, text past fifteen bytes"),
        ("t.yaml", "s: a plain scalar of more than fifteen bytes\n", "a plain scalar of more than fifteen bytes"),
        ("t.yaml", "s: 'single quoted, more than fifteen'\n", "single quoted, more than fifteen"),
        ("t.yaml", "s: 'it''s single quoted and long enough'\n", "it's single quoted and long enough"),
        ("t.yaml", "s: \"a tab\\there, double quoted\"\n", "a tab\there, double quoted"),
        ("t.yaml", "s: |\n  a literal block of text\n", "a literal block of text\n"),
        // Folding makes the value two bytes shorter than its source, as quotes would.
        ("t.yaml", "s: aaaaaaaaaaaaaaaa\n  bbbbbbbbbbbbbbbb\n", "aaaaaaaaaaaaaaaa bbbbbbbbbbbbbbbb"),
    ])
    func aStringValueReadsBackAsWritten(path: String, text: String, expected: String) throws {
        let node = try #require(try Document.load(SourceFile(path: path, text: text)).root["s"])
        #expect(node.string == expected)
        guard case .string(let value) = node.value else {
            Issue.record("\(node.kindName) instead of a string")
            return
        }
        #expect(value == expected)
        #expect(node.isString && node.kindName == "string")
        #expect(node.moved(to: JSONPointer.root.appending(index: 2)).string == expected)
    }
}
