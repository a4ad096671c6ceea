import Testing
@testable import ChoosyCatalog
@testable import ChoosySyntax

/// Positions inside string values: a finding about `{{x}}` points at `{{x}}` in the file,
/// across escapes, quotes and non-ASCII text.
struct StringSourceMapTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let fileName: String
        let text: String
        let pointer: [String]
        var testDescription: String { text }
    }

    /// Each text holds the value `é\"{{x}}`-like content with one `{{x}}`; the mapped range of
    /// the placeholder must cover exactly the source text `{{x}}`.
    @Test(arguments: [
        Case(fileName: "a.json", text: #"{"u": "a/{{x}}?b"}"#, pointer: ["u"]),
        Case(fileName: "a.json", text: #"{"u": "é\"\/\u00e9{{x}}"}"#, pointer: ["u"]),
        Case(fileName: "a.json", text: #"{"u": "\uD83D\uDE00☕{{x}}"}"#, pointer: ["u"]),
        Case(fileName: "a.yaml", text: "u: \"a\\tb{{x}}\"\n", pointer: ["u"]),
        Case(fileName: "a.yaml", text: "u: 'it''s {{x}}'\n", pointer: ["u"]),
        Case(fileName: "a.yaml", text: "u: plain-é-{{x}}\n", pointer: ["u"]),
        // Verbatim values longer than the line table's 1024-byte blocks, before and after.
        Case(fileName: "a.json", text: "{\"u\": \"" + String(repeating: "é", count: 800) + "{{x}}" + String(repeating: "ü", count: 600) + "\"}", pointer: ["u"]),
        Case(fileName: "a.yaml", text: "u: " + String(repeating: "🗺", count: 400) + "{{x}}\n", pointer: ["u"]),
        Case(fileName: "a.json", text: "{\"u\": \"" + String(repeating: "a", count: 3000) + "{{x}}\"}", pointer: ["u"]),
    ])
    func placeholderMapsToItsSourceText(_ testCase: Case) throws {
        let document = try Document.load(SourceFile(path: testCase.fileName, text: testCase.text))
        let node = try #require(document.root[testCase.pointer[0]])
        let value = try #require(node.string)
        let placeholder = try #require(Array(URLTemplate(value).placeholders).first)
        let range = document.sourceRange(ofScalars: placeholder.range, in: node)
        let bytes = Array(testCase.text.utf8)
        #expect(String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self) == "{{x}}")
        let prefix = String(decoding: bytes[..<range.start.offset], as: UTF8.self)
        #expect(range.start.column == prefix.unicodeScalars.count + 1)
    }

    /// Rules that run at once ask about their values in turns; each value is walked once.
    @Test func valuesAskedAboutInTurnsAreWalkedOnce() {
        let memo = ScalarStartsMemo()
        let ranges = (1...3).map { SourceRange(start: SourceLocation(line: $0, column: 1, offset: $0 * 10), end: SourceLocation(line: $0, column: 5, offset: $0 * 10 + 4)) }
        var walks = 0
        for _ in 0..<4 {
            for range in ranges {
                let starts = memo.starts(of: range) {
                    walks += 1
                    return [range.start]
                }
                #expect(starts == [range.start])
            }
        }
        #expect(walks == ranges.count)
    }

    @Test func multiLineScalarsFallBackToTheWholeNode() throws {
        let document = try Document.load(SourceFile(path: "a.yaml", text: "u: >\n  a\n  {{x}}\n"))
        let node = try #require(document.root["u"])
        #expect(document.sourceRange(ofScalars: 2..<7, in: node) == node.range)
    }
}

/// The hint of `key-format`.
struct KeyFormatSuggestionTests {
    @Test(arguments: [("Post", "post"), ("show-profile", "show_profile"), ("Apple Mail", "apple_mail"), ("2maps", "k2maps"), ("--", "key"),
                            ("email\u{200B}", "email"), ("\u{FEFF}mail", "mail"), ("maps\u{A0}", "maps"), ("maps!", "maps"), ("Apple\u{A0}Mail", "apple_mail")])
    func suggestsAValidKey(key: String, suggestion: String) {
        #expect(KeyGrammar.suggestedKey(for: key) == suggestion)
        #expect(KeyGrammar.matches(suggestion))
    }
}
