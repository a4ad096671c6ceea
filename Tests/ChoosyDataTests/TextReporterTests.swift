import Testing
@testable import ChoosyData

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
}
