import Testing
@testable import ChoosyLint
@testable import ChoosySyntax

/// Messages show the invisible characters of the text they quote as escapes, so a key holding a
/// zero width space is not reported as a key that looks right.
struct VisibleTextTests {
    @Test(arguments: [
        ("name", "name"),
        ("größe 🙂 日本", "größe 🙂 日本"),
        ("\u{FEFF}name", #"\uFEFFname"#),
        ("na\u{200B}me", #"na\u200Bme"#),
        ("tweetbot\u{A0}", #"tweetbot\u00A0"#),
        ("a\tb\nc\rd", #"a\tb\nc\rd"#),
        ("\u{1}\u{7F}", #"\u0001\u007F"#),
        ("cafe\u{301}", "cafe\u{301}"),
        ("line\u{2028}", #"line\u2028"#),
        ("tag\u{E0001}", #"tag\U000E0001"#),
        (#"already \uFEFF"#, #"already \uFEFF"#),
    ])
    func invisibleCharactersAreEscaped(text: String, shown: String) {
        #expect(text.withInvisibleCharactersEscaped == shown)
        #expect(shown.withInvisibleCharactersEscaped == shown)
    }

    @Test func findingsEscapeMessageHintAndNotesButNotWhatToolsMatch() {
        let finding = Finding(
            ruleID: "schema", severity: .error, message: "unknown property \"name\u{200B}\"", file: "a\u{200B}.json",
            range: SourceRange(start: .start, end: .start), pointer: "/0/name\u{200B}", hint: "did you mean \"name\u{200B}\"?",
            notes: [.init("\u{FEFF} here", file: "a.json", range: SourceRange(start: .start, end: .start))])
        #expect(finding.message == #"unknown property "name\u200B""#)
        #expect(finding.hint == #"did you mean "name\u200B"?"#)
        #expect(finding.notes.map(\.message) == [#"\uFEFF here"#])
        #expect(finding.pointer == "/0/name\u{200B}")
        #expect(finding.file == "a\u{200B}.json")
    }
}
