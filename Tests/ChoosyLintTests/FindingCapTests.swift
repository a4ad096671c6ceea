import Testing
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax

/// `FindingCap`: the first N of a rule in a file, one summary for the rest, counted right when
/// capped twice; and the excerpt every message quotes the catalog's text with.
struct FindingCapTests {
    static func finding(_ rule: String, _ file: String, line: Int) -> Finding {
        let location = SourceLocation(line: line, column: 1, offset: line)
        return Finding(ruleID: rule, severity: .warning, message: "m\(line)", file: file, range: SourceRange(start: location, end: location), pointer: "/\(line)")
    }

    @Test func keepsTheFirstOfEachRuleInEachFileAndSummarisesTheRest() {
        let findings = (1...5).map { Self.finding("a", "f", line: $0) } + (1...2).map { Self.finding("b", "f", line: $0) }
            + (1...4).map { Self.finding("a", "g", line: $0) }
        let capped = FindingCap(limit: 2).capped(findings)
        #expect(capped.filter { $0.omittedCount == 0 }.map { "\($0.ruleID)\($0.file)\($0.range.start.line)" } == ["af1", "af2", "bf1", "bf2", "ag1", "ag2"])
        let summaries = capped.filter { $0.omittedCount > 0 }
        #expect(summaries.map { "\($0.ruleID)\($0.file)\($0.range.start.line)×\($0.omittedCount)" } == ["af3×3", "ag3×2"])
        #expect(summaries.allSatisfy { $0.severity == .warning })
        #expect(summaries.first?.message == "3 more findings of this rule in this file, left out of the report")
        #expect(LintReport(findings: capped, fileCount: 2).count(of: .warning) == findings.count)
        #expect(LintReport(findings: capped, fileCount: 2).omittedCount == 5)
    }

    @Test func cappingTwiceAddsUpTheSummaries() {
        let findings = (1...10).map { Self.finding("a", "f", line: $0) }
        let once = FindingCap(limit: 4).capped(findings)
        #expect(FindingCap(limit: 4).capped(once) == once)
        let tighter = FindingCap(limit: 2).capped(once)
        #expect(tighter.count == 3)
        #expect(tighter.last?.omittedCount == 8)
        #expect(tighter.last?.range.start.line == 3)
    }

    @Test func zeroAndNoneListEverything() {
        let findings = (1...300).map { Self.finding("a", "f", line: $0) }
        #expect(FindingCap(limit: 0).capped(findings) == findings)
        #expect(FindingCap.none.capped(findings) == findings)
        #expect(FindingCap.standard.capped(findings).count == FindingCap.defaultLimit + 1)
    }

    @Test(arguments: [("0", Int?.none), ("3", 3), ("100", 100)])
    func readsTheOption(text: String, limit: Int?) {
        #expect(FindingCap(option: text)?.limit == limit)
    }

    @Test(arguments: ["", "-1", "abc", "1.5", "+3", " 3", "99999999999999999999999"])
    func refusesWhatIsNotACount(text: String) {
        #expect(FindingCap(option: text) == nil)
    }

    @Test func theDuplicateKeyRuleMakesOnlyWhatTheCapLists() throws {
        let text = "{" + Array(repeating: "\"a\": 1", count: 1_001).joined(separator: ", ") + "}"
        let document = try JSONParser.parse(SourceFile(path: "f.json", bytes: Array(text.utf8)))
        var capped = CappedFindings(FindingCap(limit: 10))
        DuplicateKeyRule().check(document, into: &capped)
        #expect(capped.findings.count == 11)
        #expect(capped.findings.last?.omittedCount == 990)
        var all = CappedFindings(.none)
        DuplicateKeyRule().check(document, into: &all)
        #expect(all.findings.count == 1_000)
    }

    /// A file of values of the wrong type is as many schema violations; the rule lists the
    /// cap's worth and counts the rest.
    @Test func theSchemaRuleListsWhatTheCapListsAndCountsTheRest() throws {
        let text = "[" + Array(repeating: "\"x\"", count: 500).joined(separator: ",") + "]"
        let document = try JSONParser.parse(SourceFile(path: "f.json", bytes: Array(text.utf8)))
        var capped = CappedFindings(FindingCap(limit: 10))
        SchemaRule().check(document, into: &capped)
        #expect(capped.findings.map(\.range.start.column) == Array(stride(from: 2, through: 42, by: 4)))
        #expect(capped.findings.last?.omittedCount == 490)
    }

    @Test func anExcerptCutsLongTextOnly() {
        #expect("short".excerpt == "short")
        let exact = String(repeating: "é", count: String.excerptLength)
        #expect(exact.excerpt == exact)
        #expect((exact + "x").excerpt == exact + "…")
        #expect(String(repeating: "k", count: 10_000_000).excerpt.count == String.excerptLength + 1)
    }
}
