import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosySyntax

/// The JSON parser's errors: what they say and exactly where, checked against Python's `json`
/// module as an independent oracle for contributor-style mistakes.
struct JSONParserTests {
    static func parse(_ text: String) -> Result<Document, SyntaxError> {
        Result { () throws(SyntaxError) in try JSONParser.parse(SourceFile(path: "test.json", text: text)) }
    }

    static func error(_ text: String) -> SyntaxError? {
        if case .failure(let error) = parse(text) { return error }
        return nil
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let input: String
        let message: String
        let line: Int
        let column: Int
        var testDescription: String { message }
    }

    static let errorCases: [ErrorCase] = [
        .init(input: "{\"a\": 1,}", message: "trailing comma before '}'", line: 1, column: 8),
        .init(input: "[1,\n 2,\n]", message: "trailing comma before ']'", line: 2, column: 3),
        .init(input: "{\"a\": 1 // note\n}", message: "comments are not allowed in JSON", line: 1, column: 9),
        .init(input: "[/* x */ 1]", message: "comments are not allowed in JSON", line: 1, column: 2),
        .init(input: "[1 2]", message: "expected ',' or ']' after an array element, found '2'", line: 1, column: 4),
        .init(input: "{\"a\": 1 \"b\": 2}", message: "expected ',' or '}' after an object member, found a string", line: 1, column: 9),
        .init(input: "[\"abc", message: "unterminated string: the file ends inside it", line: 1, column: 2),
        .init(input: "[\"a\\xb\"]", message: "invalid escape \\x", line: 1, column: 4),
        .init(input: "[\"a\\\u{FEFF}b\"]", message: "invalid escape '\\' followed by U+FEFF (byte order mark)", line: 1, column: 4),
        .init(input: "[\"a\\\tb\"]", message: "invalid escape '\\' followed by U+0009 (tab)", line: 1, column: 4),
        .init(input: "[1, \u{200B}2]", message: "expected a JSON value, found U+200B (zero width space)", line: 1, column: 5),
        .init(input: "[\"\\uD800\"]", message: "lone surrogate \\uD800 in a string", line: 1, column: 3),
        .init(input: "[\"\\uDC00\\uD800\"]", message: "lone surrogate \\uDC00 in a string", line: 1, column: 3),
        .init(input: "", message: "the file is empty; expected a JSON value", line: 1, column: 1),
        .init(input: " \n ", message: "expected a JSON value, found end of file", line: 2, column: 2),
        .init(input: "[01]", message: "numbers cannot have leading zeros", line: 1, column: 3),
        .init(input: "[1.]", message: "expected a digit after the decimal point", line: 1, column: 4),
        .init(input: "[NaN]", message: "expected a JSON value, found 'N'", line: 1, column: 2),
        .init(input: "{'a': 1}", message: "expected a string key in double quotes, found '''", line: 1, column: 2),
        .init(input: "[tru]", message: "expected a JSON value, found 't'", line: 1, column: 2),
        .init(input: "[1] [2]", message: "unexpected '[' after the end of the JSON value", line: 1, column: 5),
        .init(input: "[\"tab\there\"]", message: "control character U+0009 (tab) must be escaped in a string", line: 1, column: 6),
        .init(input: "{\"a\" 1}", message: "expected ':' after the key \"a\", found '1'", line: 1, column: 6),
        .init(input: "[\"é\", ¿]", message: "expected a JSON value, found '¿'", line: 1, column: 7),
    ]

    @Test(arguments: errorCases)
    func reportsErrorWithPosition(_ testCase: ErrorCase) throws {
        let error = try #require(Self.error(testCase.input))
        #expect(error.message == testCase.message)
        #expect(error.range.start.line == testCase.line)
        #expect(error.range.start.column == testCase.column)
    }

    @Test func invalidUTF8NamesTheByte() throws {
        let bytes: [UInt8] = Array("[\"ab".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        let result = Result { () throws(SyntaxError) in try JSONParser.parse(SourceFile(path: "x.json", bytes: bytes)) }
        guard case .failure(let error) = result else { Issue.record("accepted invalid UTF-8"); return }
        #expect(error.message == "invalid UTF-8 at byte 5")
        #expect(error.range.start.offset == 5)
    }

    @Test func binaryInputIsRejectedCleanly() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = [0x00, 0xFF] + (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let result = Result { () throws(SyntaxError) in try JSONParser.parse(SourceFile(path: "x.json", bytes: bytes)) }
        guard case .failure(let error) = result else { Issue.record("accepted binary input"); return }
        #expect(error.message == "expected a JSON value, found U+0000 (NUL)")
    }

    @Test(arguments: ["[", "{\"a\":"])
    func deepNestingIsAnErrorNotACrash(opening: String) throws {
        let text = String(repeating: opening, count: 100_000)
        let error = try #require(Self.error(text))
        #expect(error.message == "objects and arrays nest deeper than \(maximumNestingDepth) levels")
        #expect(error.range.start.offset == maximumNestingDepth * opening.utf8.count)
    }

    @Test func nestingUpToTheLimitIsAccepted() {
        let depth = maximumNestingDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(Self.error(text) == nil)
    }

    @Test func byteOrderMarkIsAcceptedAndRemembered() throws {
        let document = try Self.parse("\u{FEFF}[\n 1]").get()
        #expect(document.hasByteOrderMark)
        #expect(document.root.range.start == ChoosySyntax.SourceLocation(line: 1, column: 1, offset: 3))
        let element = try #require(document.root.elements?.first)
        #expect(element.range.start == ChoosySyntax.SourceLocation(line: 2, column: 2, offset: 6))
    }

    @Test func duplicateKeysAreKeptWithBothPositions() throws {
        let document = try Self.parse("{\"key\": 1,\n \"key\": 2}").get()
        let members = try #require(document.root.members)
        #expect(members.map(\.key) == ["key", "key"])
        #expect(members[0].keyRange.start == ChoosySyntax.SourceLocation(line: 1, column: 2, offset: 1))
        #expect(members[1].keyRange.start == ChoosySyntax.SourceLocation(line: 2, column: 2, offset: 12))
        #expect(members.map { $0.value.pointer.description } == ["/key", "/key"])
    }

    @Test func numbersKeepTheirLiteralText() throws {
        let document = try Self.parse("[1.50, -0, 1E+2]").get()
        let literals = document.root.elements?.compactMap { node -> String? in
            if case .number(let literal) = node.value { return literal }
            return nil
        }
        #expect(literals == ["1.50", "-0", "1E+2"])
    }

    @Test func stringsDecodeEscapesAndSurrogatePairs() throws {
        let document = try Self.parse(#"["a\"b\\c\/d\n\u00e9\uD83D\uDE00"]"#).get()
        #expect(document.root.elements?.first?.string == "a\"b\\c/d\né😀")
    }

    /// A file that is all UTF-8 is checked once and its strings skipped eight bytes at a time;
    /// one with a bad byte anywhere has every string checked character by character. Both
    /// read the same strings at the same places.
    @Test func stringsReadTheSameWhetherTheFileIsCheckedWholeOrStringByString() throws {
        let texts = ["", "a", "short é", "exactly 15 byte", "sixteen bytes!!!", "longer than a word with é€😀 and more",
                     #"esc\"aped \u00e9 text"#, #"tab\tnewline\n long enough to be stored"#]
        let valid = Array(("[" + texts.map { "\"\($0)\"" }.joined(separator: ",\n  ") + "]").utf8)
        let invalid = valid.dropLast() + Array(", \"".utf8) + [0xFF] + Array("\"]".utf8)
        let fast = try #require(PartialDocument(loading: SourceFile(path: "t.json", bytes: valid)).document?.root.elements)
        let slow = try #require(PartialDocument(loading: SourceFile(path: "t.json", bytes: Array(invalid))).document?.root.elements)
        #expect(fast.count == texts.count)
        #expect(fast.map(\.string) == slow.prefix(texts.count).map(\.string))
        #expect(fast.map(\.range) == slow.prefix(texts.count).map(\.range))
        #expect(fast[5].string == "longer than a word with é€😀 and more")
        #expect(fast[6].string == "esc\"aped é text")
        #expect(fast[7].string == "tab\tnewline\n long enough to be stored")
    }

    @Test func aKeyWrittenWithEscapesIsTheSameNameAsOneWrittenPlain() throws {
        let document = try Self.parse(#"{"a\u0062": 1, "ab": {"\u00e9": 2, "é": 3}}"#).get()
        let members = try #require(document.root.members)
        #expect(members.map(\.key) == ["ab", "ab"])
        #expect(members[1].value.members?.map(\.key) == ["é", "é"])
        #expect(members[1].value.members?.map(\.value.pointer.description) == ["/ab/é", "/ab/é"])
    }

    /// Every node's pointer and range, one per line: positions are pinned by a golden file.
    @Test func nodePositionsMatchGolden() throws {
        let text = try String(contentsOf: TestPaths.fixture("positions/sample.json"), encoding: .utf8)
        let document = try Self.parse(text).get()
        try expectMatchesGolden(describePositions(document.root), "positions/sample.json.txt")
    }

    /// Contributor-style broken files: the error is on the line Python's `json` reports, in
    /// the same column, except that a trailing comma is reported at the comma itself.
    @Test(arguments: brokenFixtureNames)
    func brokenFilesAgreeWithPython(name: String) throws {
        let url = TestPaths.sharedFixture("broken-json/\(name)")
        let text = try String(contentsOf: url, encoding: .utf8)
        let error = try #require(Self.error(text))
        let (pythonLine, pythonColumn) = try pythonErrorPosition(of: url)
        if error.message.hasPrefix("trailing comma") {
            #expect(Array(text.utf8)[error.range.start.offset] == UInt8(ascii: ","))
        } else if error.message.hasPrefix("unterminated string") {
            #expect(error.range.start.line == pythonLine)
        } else {
            #expect(error.range.start.line == pythonLine)
            #expect(error.range.start.column == pythonColumn)
        }
    }

    static let brokenFixtureNames: [String] = {
        let directory = TestPaths.sharedFixture("broken-json").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }()

    private func pythonErrorPosition(of url: URL) throws -> (Int, Int) {
        let run = try ProgramRunner.run(["python3", "-c", """
            import json, sys
            try:
                json.load(open(sys.argv[1], encoding="utf-8"))
                print("0 0")
            except json.JSONDecodeError as e:
                print(e.lineno, e.colno)
            """, url.path], program: URL(fileURLWithPath: "/usr/bin/env"))
        let output = run.standardOutput
        let numbers = output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(numbers.count == 2 && numbers[0] > 0, "python accepted or failed on \(url.lastPathComponent)")
        return (numbers[0], numbers[1])
    }
}

/// `pointer  kind  start-end` for every node, keys included, in document order.
func describePositions(_ node: Node) -> String {
    var lines: [String] = []
    func visit(_ node: Node) {
        let pointer = node.pointer.description.isEmpty ? "(root)" : node.pointer.description
        lines.append("\(pointer)  \(node.kindName)  \(node.range)")
        for member in node.members ?? [] {
            lines.append("\(member.value.pointer)  key  \(member.keyRange)")
            visit(member.value)
        }
        for element in node.elements ?? [] { visit(element) }
    }
    visit(node)
    return lines.joined(separator: "\n") + "\n"
}
