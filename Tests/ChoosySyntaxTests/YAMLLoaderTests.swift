import Testing
@testable import ChoosySyntax

/// The YAML loader's subset and positions: core-schema scalars, tags, aliases, keys, documents.
struct YAMLLoaderTests {
    private typealias Support = YAMLTestSupport

    /// The value of `v` in `v: <scalar>`, described exactly.
    private func valueOf(_ scalar: String) throws -> String {
        let root = try Support.load("v: \(scalar)\n").root
        return Support.describe(try #require(root["v"]))
    }

    // MARK: Scalars

    @Test("plain scalars resolve by the YAML 1.2 core schema", arguments: [
        ("null", "null"), ("Null", "null"), ("NULL", "null"), ("~", "null"), ("", "null"),
        ("true", "bool true"), ("True", "bool true"), ("TRUE", "bool true"),
        ("false", "bool false"), ("False", "bool false"), ("FALSE", "bool false"),
        ("0", "number 0"), ("42", "number 42"), ("+12", "number 12"), ("-12", "number -12"),
        ("007", "number 7"), ("-007", "number -7"), ("0o17", "number 15"), ("0x1F", "number 31"),
        ("0xffffffffffffffff", "number 18446744073709551615"),
        ("123456789012345678901234567890", "number 123456789012345678901234567890"),
        ("1.", "number 1.0"), (".5", "number 0.5"), ("-.5", "number -0.5"), ("+1.5e3", "number 1.5e3"),
        ("1e5", "number 1e5"), ("01.50", "number 1.50"), ("1.E-2", "number 1.0E-2"), ("-0", "number -0"),
    ])
    func coreSchemaScalar(scalar: String, expected: String) throws {
        #expect(try valueOf(scalar) == expected)
    }

    @Test("YAML 1.1 booleans and other near-misses stay strings", arguments: [
        "yes", "no", "on", "off", "Yes", "NO", "y", "n", "TrUe", "nul", "0b101", "1_000", "0x", "0o8",
        "-0x1F", "0xG", "12:30", "1.2.3", ".", "e5", "1e", "inf", "nan", "- x",
        // A digit with a combining mark is one Character that sorts between "0" and "9" (found by make fuzz).
        "0\u{358}", "1\u{301}.5", "2e1\u{301}",
    ])
    func nearMissIsString(scalar: String) throws {
        let quotedIfNeeded = scalar.hasPrefix("-") ? "'\(scalar)'" : scalar
        #expect(try valueOf(quotedIfNeeded) == "string \(scalar)")
    }

    @Test("quoted and block scalars are strings", arguments: [
        ("'1'", "string 1"), ("\"true\"", "string true"), ("'null'", "string null"), ("''", "string "),
        ("\".inf\"", "string .inf"), ("|\n  123\n", "string 123\n"), (">\n  1\n  2\n", "string 1 2\n"),
    ])
    func quotedScalarIsString(scalar: String, expected: String) throws {
        #expect(try valueOf(scalar) == expected)
    }

    @Test("infinity and NaN are refused at the scalar", arguments: [".inf", "-.inf", "+.inf", ".Inf", ".INF", ".nan", ".NaN", ".NAN"])
    func nonFiniteIsRefused(scalar: String) throws {
        let error = try #require(Support.error(loading: "v: \(scalar)\n"))
        #expect(error.message.hasSuffix("which JSON cannot represent"))
        #expect(error.hint == "quote it if you meant a string")
        #expect(error.range.start == SourceLocation(line: 1, column: 4, offset: 3))
    }

    @Test func hexadecimalBeyond64BitsIsRefused() throws {
        let error = try #require(Support.error(loading: "v: 0x10000000000000000\n"))
        #expect(error.message == "the integer 0x10000000000000000 does not fit in 64 bits")
    }

    // MARK: Tags

    @Test("core tags are accepted where the value fits", arguments: [
        ("!!str 1", "string 1"), ("! 1", "string 1"), ("! true", "string true"), ("!!str", "string "),
        ("!!int 42", "number 42"), ("!!int 0x10", "number 16"), ("!!int \"42\"", "number 42"),
        ("!!float 1", "number 1"), ("!!float .5", "number 0.5"),
        ("!!bool true", "bool true"), ("!!null ~", "null"), ("!!null", "null"),
        ("!!map {a: 1}", "{a: number 1}"), ("!!seq [1]", "[number 1]"), ("! [1]", "[number 1]"),
        ("!<tag:yaml.org,2002:str> 5", "string 5"),
    ])
    func coreTag(scalar: String, expected: String) throws {
        #expect(try valueOf(scalar) == expected)
    }

    @Test("tags that do not fit, and every other tag, are refused", arguments: [
        ("!!int abc", "'abc' is not a valid !!int value"),
        ("!!int 1.5", "'1.5' is not a valid !!int value"),
        ("!!bool yes", "'yes' is not a valid !!bool value"),
        ("!!null 0", "'0' is not a valid !!null value"),
        ("!!float .inf", ".inf is infinity, which JSON cannot represent"),
        ("!!map x", "tag !!map cannot be used on a scalar"),
        ("!!str [1]", "tag !!str cannot be used on a sequence"),
        ("!!seq {a: 1}", "tag !!seq cannot be used on a mapping"),
        ("!foo x", "custom tag !foo is not supported"),
        ("!!binary aGk=", "custom tag !!binary is not supported"),
        ("!!set {a}", "custom tag !!set is not supported"),
        ("!<tag:example.com,2000:app> x", "custom tag tag:example.com,2000:app is not supported"),
    ])
    func refusedTag(scalar: String, message: String) throws {
        let error = try #require(Support.error(loading: "v: \(scalar)\n"))
        #expect(error.message == message)
        #expect(error.range.start == SourceLocation(line: 1, column: 4, offset: 3))
    }

    @Test func customTagErrorIsAtItsNodeWithHint() throws {
        let error = try #require(Support.error(loading: "a:\n  - !foo x\n"))
        #expect(error.range == SourceRange(
            start: SourceLocation(line: 2, column: 5, offset: 7), end: SourceLocation(line: 2, column: 11, offset: 13)))
        #expect(error.hint?.contains("remove the tag") == true)
    }

    // MARK: Aliases

    @Test func aliasCopiesTheAnchoredNodeWithItsOwnPointers() throws {
        let root = try Support.load("a: &x {k: [1, 2]}\nb: *x\n").root
        let original = try #require(root["a"])
        let copy = try #require(root["b"])
        #expect(copy.hasSameValue(as: original))
        #expect(copy.pointer.description == "/b")
        #expect(copy["k"]?.pointer.description == "/b/k")
        #expect(copy["k"]?.elements?[1].pointer.description == "/b/k/1")
        #expect(copy.range == original.range, "a copy points at the anchored text")
        #expect(original.range.start == SourceLocation(line: 1, column: 4, offset: 3))
    }

    @Test func aliasToAScalarCanBeAKey() throws {
        let root = try Support.load("- &k name\n- {*k : 1}\n").root
        let member = try #require(root.elements?[1].members?.first)
        #expect(member.key == "name")
        #expect(member.keyRange.start == SourceLocation(line: 2, column: 4, offset: 13), "the key is where the alias is")
    }

    @Test func aliasRefersToTheLatestAnchorOfItsName() throws {
        let root = try Support.load("- &a 1\n- &a 2\n- *a\n").root
        #expect(Support.describe(root) == "[number 1, number 2, number 2]")
    }

    @Test func undefinedAliasIsRefusedWhereItIs() throws {
        let error = try #require(Support.error(loading: "a: 1\nb: *nope\n"))
        #expect(error.message == "alias *nope refers to no anchor")
        #expect(error.range.start == SourceLocation(line: 2, column: 4, offset: 8))
    }

    @Test("an alias inside its own anchored node is refused", arguments: ["&a [*a]", "&a {k: [1, *a]}"])
    func recursiveAliasIsRefused(text: String) throws {
        let error = try #require(Support.error(loading: text))
        #expect(error.message == "alias *a refers to a node that contains it (a recursive alias)")
    }

    // MARK: Keys

    @Test func mergeKeyIsRefusedWithHint() throws {
        let error = try #require(Support.error(loading: "base: &b {x: 1}\nderived:\n  <<: *b\n  y: 2\n"))
        #expect(error.message == "merge keys (<<) are not supported")
        #expect(error.range.start == SourceLocation(line: 3, column: 3, offset: 27))
        #expect(error.hint?.contains("write the keys out") == true)
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        #expect(Support.describe(try Support.load("'<<': 1\n").root) == "{<<: number 1}")
    }

    @Test("keys must be strings", arguments: [
        ("1: x", "a mapping key must be a string, but 1 is read as a number", "quote it: '1':"),
        ("true: x", "a mapping key must be a string, but true is read as a boolean", "quote it: 'true':"),
        ("null: x", "a mapping key must be a string, but null is read as null", "quote it: 'null':"),
        ("1.5: x", "a mapping key must be a string, but 1.5 is read as a number", "quote it: '1.5':"),
        ("!!int 7: x", "a mapping key must be a string, but 7 is read as a number", "quote it: '7':"),
        ("?\n: x", "a mapping key must be a string, but this key is empty (null)", "write a key before the ':'"),
        ("? [a]\n: x", "a mapping key must be a string, not a sequence", nil),
        ("? {a: 1}\n: x", "a mapping key must be a string, not a mapping", nil),
        ("- &s [1]\n- {*s : x}", "a mapping key must be a string, but alias *s refers to a sequence", nil),
    ] as [(String, String, String?)])
    func nonStringKeyIsRefused(text: String, message: String, hint: String?) throws {
        let error = try #require(Support.error(loading: text))
        #expect(error.message == message)
        if let hint { #expect(error.hint == hint) }
    }

    @Test("quoted and !!str keys are strings", arguments: ["'1': x", "\"1\": x", "!!str 1: x"])
    func stringKey(text: String) throws {
        #expect(try Support.load(text).root.members?.map(\.key) == ["1"])
    }

    @Test func duplicateKeysAreKeptWithTheirOwnPositions() throws {
        let members = try #require(try Support.load("a: 1\nb: 2\na: 3\n").root.members)
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(members.map { Support.describe($0.value) } == ["number 1", "number 2", "number 3"])
        #expect(members[0].keyRange == SourceRange(
            start: SourceLocation(line: 1, column: 1, offset: 0), end: SourceLocation(line: 1, column: 2, offset: 1)))
        #expect(members[2].keyRange == SourceRange(
            start: SourceLocation(line: 3, column: 1, offset: 10), end: SourceLocation(line: 3, column: 2, offset: 11)))
    }

    // MARK: Documents

    @Test("a second document is refused at its start", arguments: [
        ("a: 1\n---\nb: 2\n", SourceLocation(line: 2, column: 1, offset: 5)),
        ("--- a\n--- b\n", SourceLocation(line: 2, column: 1, offset: 6)),
        ("a\n...\n---\nb\n", SourceLocation(line: 3, column: 1, offset: 6)),
    ])
    func secondDocumentIsRefused(text: String, location: SourceLocation) throws {
        let error = try #require(Support.error(loading: text))
        #expect(error.message == "a file holds one YAML document; a second one starts here")
        #expect(error.range.start == location)
    }

    @Test func oneDocumentWithMarkersLoads() throws {
        #expect(Support.describe(try Support.load("%YAML 1.2\n---\na: 1\n...\n").root) == "{a: number 1}")
    }

    @Test("a file without a document is empty", arguments: ["", "\n\n", "# only a comment\n", "   ", "\u{FEFF}"])
    func emptyFileIsRefused(text: String) throws {
        let error = try #require(Support.error(loading: text))
        #expect(error.message.hasPrefix("the file is empty"))
        #expect(error.range.start == .start)
    }

    @Test func byteOrderMarkIsNotedAndColumnsStartAfterIt() throws {
        let document = try Support.load("\u{FEFF}name: x\n")
        #expect(document.hasByteOrderMark)
        let member = try #require(document.root.members?.first)
        #expect(member.keyRange.start == SourceLocation(line: 1, column: 1, offset: 3))
        #expect(member.value.range.start == SourceLocation(line: 1, column: 7, offset: 9))
        #expect(try Support.load("name: x\n").hasByteOrderMark == false)
    }

    // MARK: Positions

    /// Line 1 holds multi-byte characters before and inside nodes, so columns (Unicode scalars)
    /// and byte offsets differ on every position checked.
    private let nonASCII = "t: \"żółw\" # ü\nключ: значение\nlist: [é, 😀x]\n"

    @Test func nodePositionsCountColumnsInScalarsAndOffsetsInBytes() throws {
        let root = try Support.load(nonASCII).root
        let members = try #require(root.members)
        #expect(members[0].value.range == SourceRange(
            start: SourceLocation(line: 1, column: 4, offset: 3), end: SourceLocation(line: 1, column: 10, offset: 12)))
        // Line 2 starts at byte 18: line 1 is 14 characters but 18 bytes long.
        #expect(members[1].keyRange == SourceRange(
            start: SourceLocation(line: 2, column: 1, offset: 18), end: SourceLocation(line: 2, column: 5, offset: 26)))
        #expect(members[1].value.range == SourceRange(
            start: SourceLocation(line: 2, column: 7, offset: 28), end: SourceLocation(line: 2, column: 15, offset: 44)))
        let list = try #require(members[2].value.elements)
        #expect(members[2].value.range.start == SourceLocation(line: 3, column: 7, offset: 51))
        #expect(list[1].range == SourceRange(
            start: SourceLocation(line: 3, column: 11, offset: 56), end: SourceLocation(line: 3, column: 13, offset: 61)))
        #expect(members[2].value.range.end == SourceLocation(line: 3, column: 14, offset: 62))
        #expect(list[1].pointer.description == "/list/1")
    }

    @Test("libyaml errors keep libyaml's words and land where the problem is", arguments: [
        ("a: b: c\n", "mapping values are not allowed in this context", SourceLocation(line: 1, column: 5, offset: 4)),
        ("a: [1, 2\n", "did not find expected ',' or ']' (while parsing a flow sequence that starts at 1:4)",
         SourceLocation(line: 2, column: 1, offset: 9)),
        ("ключ: [é, ü: x: y]\n", "did not find expected ',' or ']' (while parsing a flow sequence that starts at 1:7)",
         SourceLocation(line: 1, column: 15, offset: 20)),
        ("é: x\nbad\n", "could not find expected ':' (while scanning a simple key that starts at 2:1)",
         SourceLocation(line: 3, column: 1, offset: 10)),
    ])
    func libYAMLErrorPosition(text: String, message: String, location: SourceLocation) throws {
        let error = try #require(Support.error(loading: text))
        #expect(error.message == message)
        #expect(error.range.start == location)
    }

    @Test("common mistakes get a hint", arguments: [
        ("a:\n\t- b\n", "YAML indents with spaces only; replace the tabs with spaces"),
        ("key: @x\n", "@ and ` cannot start a plain value; quote the value"),
        ("a: b: c\n", "a ': ' inside a value starts a mapping; quote the value, or check the indentation"),
        ("a:\n  b: 1\n c: 2\n", "check that this line is indented like the entries above it"),
    ])
    func hintForCommonMistake(text: String, hint: String) throws {
        #expect(Support.error(loading: text)?.hint == hint)
    }
}
