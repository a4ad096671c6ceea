import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosySyntax

/// The JSON parser after a syntax error: it reads on, finds every error (where a strict parse
/// finds the first), keeps what it could read, and leaves out of the readable part the values
/// an error cut into.
struct JSONRecoveryTests {
    struct RecoveryCase: CustomTestStringConvertible, Sendable {
        /// A file of Fixtures/recovery.
        let fixture: String
        /// `line:column: message` of every error, in order (columns count Unicode scalars).
        let errors: [String]
        /// String values of the recovered tree, by JSON Pointer.
        let values: [String: String]
        /// Pointers the readable part keeps.
        let readable: [String]
        /// Pointers in the recovered tree that the readable part leaves out.
        let cut: [String]
        let damagedAppTypeKeys: Set<String>?
        var testDescription: String { fixture }
    }

    static let cases: [RecoveryCase] = [
        .init(
            fixture: "three-errors.json",
            errors: [
                "7:7: expected ',' or ']' after an array element, found '{'",
                "7:79: trailing comma before ']'",
                "20:17: unterminated string: strings cannot span lines; write \\n for a line break",
            ],
            values: ["/0/parameters/1/key": "subject", "/0/apps/1/name": "Spark,", "/0/apps/1/key": "spark"],
            readable: ["/0/parameters/0/key", "/0/parameters/1/key", "/0/apps/0/actions/0/url_format"],
            cut: ["/0/apps/1", "/0/apps/1/key"],
            damagedAppTypeKeys: ["email"]),
        .init(
            fixture: "missing-brackets-at-end.json",
            errors: ["8:1: expected ',' or '}' after an object member, found end of file"],
            values: ["/0/apps/1/key": "apple", "/0/apps/1/actions/0/key": "show"],
            readable: [""],
            cut: ["/0", "/0/apps/0/key", "/0/apps/1/actions/0"],
            damagedAppTypeKeys: nil),
        .init(
            fixture: "stray-tokens.json",
            errors: [
                "4:13: strings must use double quotes, not single quotes",
                "5:38: expected a JSON value, found 'T'",
                "6:29: expected ',' or '}' after an object member, found a string",
            ],
            values: ["/0/key": "notes", "/0/actions/1/key": "search", "/0/apps/0/app_url_scheme": "bear:"],
            readable: [""],
            cut: ["/0", "/0/actions/0/key"],
            damagedAppTypeKeys: ["notes"]),
        .init(
            fixture: "comments-and-extra-commas.json",
            errors: [
                "2:3: comments are not allowed in JSON",
                "4:20: expected a string key in double quotes, found ','",
                // The comment on line 5 is not listed: an error on the line of another is taken for its knock-on.
                "5:37: expected a JSON value, found ','",
            ],
            values: ["/0/key": "notes", "/0/actions/1/key": "search"],
            readable: ["/0/key", "/0/actions/0/key", "/0/actions/1/key"],
            cut: [],
            damagedAppTypeKeys: []),
        .init(
            fixture: "error-between-app-types.json",
            errors: ["3:3: expected a JSON value, found 'o'"],
            values: ["/0/key": "maps", "/1/key": "notes"],
            readable: ["/0/key", "/1/actions/0/key"],
            cut: [],
            damagedAppTypeKeys: nil),
        .init(
            fixture: "missing-colon.json",
            errors: [
                "3:11: expected ':' after the key \"key\", found a string",
                "4:24: expected ':' after the key \"key\", found '{'",
            ],
            values: ["/0/key": "notes", "/0/actions/1/key": "search"],
            readable: ["/0/key", "/0/actions/0/key/nested", "/0/actions/1/key"],
            cut: [],
            damagedAppTypeKeys: []),
    ]

    static func recover(_ fixture: String) throws -> PartialDocument {
        let bytes = try [UInt8](Data(contentsOf: TestPaths.fixture("recovery/\(fixture)")))
        return PartialDocument(loading: SourceFile(path: fixture, bytes: bytes))
    }

    @Test(arguments: cases)
    func findsEveryErrorAndKeepsWhatItRead(_ testCase: RecoveryCase) throws {
        let partial = try Self.recover(testCase.fixture)
        #expect(partial.errors.map { "\($0.range.start): \($0.message)" } == testCase.errors)
        let root = try #require(partial.document?.root)
        let values = Self.stringValues(in: root)
        for (pointer, value) in testCase.values {
            #expect(values[pointer] == value, "\(pointer)")
        }
        let readable = Self.pointers(in: try #require(partial.readableRoot))
        let recovered = Self.pointers(in: root)
        for pointer in testCase.readable {
            #expect(readable.contains(pointer), "the readable part lacks \(pointer)")
        }
        for pointer in testCase.cut {
            #expect(recovered.contains(pointer), "the recovered tree lacks \(pointer)")
            #expect(!readable.contains(pointer), "the readable part keeps \(pointer)")
        }
        #expect(partial.damagedAppTypeKeys == testCase.damagedAppTypeKeys)
    }

    /// The strict parse refuses the file with the first error of the recovering one.
    @Test(arguments: cases.map { "recovery/\($0.fixture)" } + JSONParserTests.brokenFixtureNames.map { "broken-json/\($0)" })
    func strictParseStopsAtTheFirstError(_ fixture: String) throws {
        // Fixtures/recovery is this target's; broken-json is shared with the end-to-end tests.
        let url = fixture.hasPrefix("broken-json/") ? TestPaths.sharedFixture(fixture) : TestPaths.fixture(fixture)
        let bytes = try [UInt8](Data(contentsOf: url))
        let file = SourceFile(path: fixture, bytes: bytes)
        let strict = Result { () throws(SyntaxError) in try JSONParser.parse(file) }
        let partial = PartialDocument(loading: file)
        guard case .failure(let error) = strict else { Issue.record("accepted a broken file"); return }
        #expect(partial.errors.first == error)
        #expect(partial.errors.allSatisfy { $0.range.end.offset <= bytes.count })
    }

    @Test func validFileHasNoErrorsAndIsReadWhole() throws {
        let text = try String(contentsOf: TestPaths.fixture("positions/sample.json"), encoding: .utf8)
        let partial = PartialDocument(loading: SourceFile(path: "sample.json", text: text))
        #expect(partial.errors.isEmpty)
        let root = try #require(partial.readableRoot)
        #expect(describePositions(root) == describePositions(try JSONParser.parse(SourceFile(path: "sample.json", text: text)).root))
        #expect(partial.damagedAppTypeKeys == [])
    }

    /// A hundred errors are listed, then one says how many more there are.
    @Test func errorsAreCappedWithACount() throws {
        let text = "[\n" + String(repeating: "1 2,\n", count: 150) + "3]\n"
        let partial = PartialDocument(loading: SourceFile(path: "many.json", text: text))
        #expect(partial.errors.count == JSONParser.maximumListedErrorCount + 1)
        let last = try #require(partial.errors.last)
        #expect(last.message == "50 more syntax errors from here on are not listed")
        #expect(last.range.start.line == 102)
        #expect(partial.document?.root.elements?.count == 301)
    }

    /// Every item after a string cut short asks whether it follows that string; that answer once
    /// rescanned everything since the cut, so this 60 KB file took minutes (200 s at 20 000
    /// items). Linear, it takes a blink; quadratic, the test cannot finish.
    @Test func itemsAfterACutStringAreReadInLinearTime() throws {
        let count = 20_000
        let text = "[\"a\n" + String(repeating: " ", count: count) + String(repeating: "1 ", count: count) + "]"
        let partial = PartialDocument(loading: SourceFile(path: "cut.json", text: text))
        #expect(partial.errors.map { "\($0.range.start): \($0.message)" } == [
            "1:2: unterminated string: strings cannot span lines; write \\n for a line break",
            "2:\(count + 3): expected ',' or ']' after an array element, found '1'",
        ])
        #expect(partial.document?.root.elements?.count == count + 1)
    }

    @Test func tooDeepNestingGivesUpWithOneError() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "1 2\n", count: 10)
        let partial = PartialDocument(loading: SourceFile(path: "deep.json", text: text))
        #expect(partial.errors.map(\.message) == ["objects and arrays nest deeper than \(maximumNestingDepth) levels"])
        #expect(partial.damagedAppTypeKeys == nil)
    }

    @Test func stringErrorsLeaveTheBadPartOut() throws {
        let text = "[\"a\\xb\",\n \"c\\uD800d\",\n \"e\u{01}f\"]"
        let partial = PartialDocument(loading: SourceFile(path: "strings.json", text: text))
        #expect(partial.errors.map { "\($0.range.start): \($0.message)" } == [
            "1:4: invalid escape \\x",
            "2:4: lone surrogate \\uD800 in a string",
            "3:4: control character U+0001 must be escaped in a string",
        ])
        #expect(partial.document?.root.elements?.compactMap(\.string) == ["ab", "cd", "ef"])
    }

    /// The recovered value at every pointer that holds a string.
    static func stringValues(in node: Node) -> [String: String] {
        var values: [String: String] = [:]
        visit(node) { if let text = $0.string { values[$0.pointer.description] = text } }
        return values
    }

    static func pointers(in node: Node) -> Set<String> {
        var pointers = Set<String>()
        visit(node) { pointers.insert($0.pointer.description) }
        return pointers
    }

    private static func visit(_ node: Node, _ body: (Node) -> Void) {
        body(node)
        for member in node.members ?? [] { visit(member.value, body) }
        for element in node.elements ?? [] { visit(element, body) }
    }
}
