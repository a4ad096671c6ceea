import ChoosyTestSupport
import Testing
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// The text report, plain and coloured: colour adds escapes and changes nothing else.
struct TextReporterTests {
    @Test func plainSampleReportMatchesGolden() throws {
        try expectMatchesGolden(TextReporter(sources: SampleReport.sources).render(SampleReport.report), "reporters/text.txt")
    }

    @Test func coloredSampleReportMatchesGolden() throws {
        let output = TextReporter(sources: SampleReport.sources, colored: true).render(SampleReport.report)
        try expectMatchesGolden(output, "reporters/text-colored.txt")
    }

    @Test func coloredOutputWithoutEscapesIsThePlainOutput() {
        let plain = TextReporter(sources: SampleReport.sources).render(SampleReport.report)
        let colored = TextReporter(sources: SampleReport.sources, colored: true).render(SampleReport.report)
        #expect(colored != plain)
        #expect(colored.replacing(/\u{1B}\[[0-9;]*m/, with: "") == plain)
    }

    @Test func plainOutputHasNoEscapes() {
        #expect(!TextReporter(sources: SampleReport.sources).render(SampleReport.report).contains("\u{1B}"))
    }

    /// The two excerpt lines of one finding on `line` of `text`, from `column` to `endColumn`.
    static func excerpt(of text: String, line: Int = 1, column: Int, endColumn: Int) -> [Substring] {
        let file = SourceFile(path: "f.json", text: text)
        let finding = Finding(
            ruleID: "schema", severity: .error, message: "m", file: "f.json",
            range: SampleReport.range(line, column, line, endColumn), pointer: "")
        let output = TextReporter(sources: ["f.json": file], showsSummary: false).render(LintReport(findings: [finding], fileCount: 1))
        return output.split(separator: "\n").dropFirst().prefix(2).map { $0.dropFirst(4) }
    }

    /// A minified file is one long line: the excerpt shows 120 scalars around the range.
    @Test(arguments: [
        // At the start: the line's first 120 scalars, cut after.
        (1, 4, String(repeating: "a", count: 120) + "…", "^~~"),
        // In the middle: 40 scalars before the range, cut on both sides.
        (1001, 1003, "…" + String(repeating: "a", count: 40) + "bb" + String(repeating: "c", count: 78) + "…", String(repeating: " ", count: 41) + "^~"),
        // Past the last scalar (as "expected , or }, found the end of the line"): the last 120.
        (2003, 2003, "…" + String(repeating: "c", count: 120), String(repeating: " ", count: 121) + "^"),
        // A range longer than the window is underlined to the window's end.
        (1001, 1800, "…" + String(repeating: "a", count: 40) + "bb" + String(repeating: "c", count: 78) + "…", String(repeating: " ", count: 41) + "^" + String(repeating: "~", count: 79)),
    ], [("a", "c"), ("é", "ç"), ("🗺", "𝄞")])
    func longLinesAreCutAroundTheRange(_ window: (column: Int, endColumn: Int, line: String, marker: String), letters: (String, String)) {
        func spelled(_ text: String) -> String {
            text.replacingOccurrences(of: "a", with: letters.0).replacingOccurrences(of: "c", with: letters.1)
        }
        let text = spelled(String(repeating: "a", count: 1000) + "bb" + String(repeating: "c", count: 1000) + "\n")
        #expect(Self.excerpt(of: text, column: window.column, endColumn: window.endColumn) == [Substring(spelled(window.line)), Substring(window.marker)])
    }

    @Test func laterLinesAfterAByteOrderMarkAndCarriageReturns() {
        let text = "\u{FEFF}[\r\n\t{\"k\": 1}\r\n]\r\n"
        #expect(Self.excerpt(of: text, line: 2, column: 3, endColumn: 6) == ["\t{\"k\": 1}", "\t ^~~"])
    }

    @Test func linesUpToTheWidthAreShownWhole() {
        let text = String(repeating: "é", count: 120)
        #expect(Self.excerpt(of: text, column: 120, endColumn: 121) == [Substring(text), Substring(String(repeating: " ", count: 119) + "^")])
    }
}
