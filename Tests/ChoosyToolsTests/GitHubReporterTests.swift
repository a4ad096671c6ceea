import ChoosyTestSupport
import Testing
@testable import ChoosyLint
@testable import ChoosyTools

/// GitHub Actions workflow commands: one per finding, escaped so the runner reads back exactly
/// the file, title and message we meant.
struct GitHubReporterTests {
    @Test func sampleReportMatchesGolden() throws {
        try expectMatchesGolden(GitHubReporter.render(SampleReport.report), "reporters/github.txt")
    }

    @Test func hostileMessageAndPathAreEscaped() {
        let finding = Finding(
            ruleID: "syntax", severity: .error, message: "100% sure: a, b", file: "odd:dir,x/50%.json",
            range: SampleReport.range(2, 3, 2, 4), pointer: "", hint: "a, b: c")
        let output = GitHubReporter.render(LintReport(findings: [finding], fileCount: 1))
        #expect(output == """
            ::error file=odd%3Adir%2Cx/50%25.json,line=2,col=3,endLine=2,endColumn=4,title=choosy-data (syntax)::\
            100%25 sure: a, b%0Ahint: a, b: c
            1 file checked: 1 error, 0 warnings.

            """)
    }

    @Test func propertyEscapingCoversColonAndCommaButDataDoesNot() {
        #expect(GitHubReporter.escapeProperty("a:b,c%d\re\nf") == "a%3Ab%2Cc%25d%0De%0Af")
        #expect(GitHubReporter.escapeData("a:b,c%d\re\nf") == "a:b,c%25d%0De%0Af")
    }

    @Test func everyFindingIsOneLineAndWarningsUseTheWarningCommand() {
        let lines = GitHubReporter.render(SampleReport.report).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == SampleReport.report.findings.count + 2)  // the summary and the final newline
        #expect(lines[0].hasPrefix("::error "))
        #expect(lines[2].hasPrefix("::warning "))
    }
}
