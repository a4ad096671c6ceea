import Testing
@testable import ChoosyData

/// The url rules on the catalog as upstream last published it: exactly the findings a reviewer
/// has checked by hand, no more (a false positive) and no fewer (a missed bug such as Echofon's
/// query without '=').
struct UpstreamCorpusTests {
    static let urlRuleIDs: Set = ["placeholder-syntax", "query-shape", "url-valid", "scheme-format", "url-scheme-mismatch"]

    @Test func urlRulesFindExactlyTheKnownProblems() throws {
        let root = TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data").path
        let report = Linter.lint(try CatalogLoader.load(path: root))
        let lines = report.findings.filter { Self.urlRuleIDs.contains($0.ruleID) }.map { finding in
            let file = finding.file.replacingOccurrences(of: root + "/", with: "")
            return "\(file):\(finding.range.start) \(finding.severity.rawValue) [\(finding.ruleID)] \(finding.pointer): \(finding.message)"
        }
        try expectMatchesGolden(lines.joined(separator: "\n") + "\n", "upstream/url-rules.txt")
    }
}
