import Testing
@testable import ChoosySyntax
@testable import ChoosyTools

/// What `fmt -` prints, from the core: the text, the diff in check mode, or the refusal.
struct StandardInputFormattingTests {
    static let messy = SourceFile(path: "buffer.json", bytes: Array("[{\"key\":\"a\",\"name\":\"A\"}]".utf8))

    @Test func printsTheFormattedTextOrTheDiffToIt() {
        let text = StandardInputFormatting(Self.messy, as: .json, to: nil, check: false, dropComments: false, settings: nil, colored: false)
        #expect(text.exitCode == .success)
        #expect(text.standardOutput.hasPrefix("[\n  {\n    \"name\": \"A\",\n    \"key\": \"a\""))
        let diff = StandardInputFormatting(Self.messy, as: .json, to: nil, check: true, dropComments: false, settings: nil, colored: false)
        #expect(diff.exitCode == .findings)
        #expect(diff.standardOutput.hasPrefix("--- a/buffer.json\n+++ b/buffer.json\n@@ "))
        let canonical = SourceFile(path: "buffer.json", bytes: Array(text.standardOutput.utf8))
        let none = StandardInputFormatting(canonical, as: .json, to: nil, check: true, dropComments: false, settings: nil, colored: false)
        #expect(none.exitCode == .success && none.standardOutput.isEmpty)
    }

    @Test func refusesWhatDoesNotParseWithItsPosition() {
        let broken = SourceFile(path: "buffer.json", bytes: Array("[{]".utf8))
        let outcome = StandardInputFormatting(broken, as: .json, to: nil, check: false, dropComments: false, settings: nil, colored: false)
        #expect(outcome.exitCode == .failure)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("buffer.json:1:"))
    }
}
