import ChoosyLintTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// Every triggering example of every rule has a snapshot, Fixtures/rules/RULE/N.txt (N counts
/// the rule's triggering examples from 1): the example's files, what `lint` prints for the
/// rule's findings (message, location, caret line, hint, fixes, notes) and, for each fix, the
/// diff of applying it alone. One file per example, so a changed message or fix shows in
/// review as the one example it changes. Re-recorded with `RECORD_GOLDEN=1`, as golden files are.
struct RuleSnapshotTests {
    static let cases = RuleExamples.cases.filter(\.triggers)

    /// The snapshot's name under Fixtures/rules: the rule's folder and the example's number.
    static func snapshotName(of testCase: RuleExamples.Case) -> String {
        let examples = cases.filter { $0.ruleID == testCase.ruleID }
        let number = examples.firstIndex { $0.example.text == testCase.example.text && $0.example.fileName == testCase.example.fileName }! + 1
        return "\(testCase.ruleID)/\(number).txt"
    }

    @Test(arguments: cases)
    func snapshot(_ testCase: RuleExamples.Case) throws {
        try expectMatchesGolden(try Self.snapshot(of: testCase), Self.snapshotName(of: testCase), under: "rules")
    }

    /// A snapshot left behind by an example that was removed or a rule that was renamed fails,
    /// rather than lying in the folder unread.
    @Test func everySnapshotBelongsToAnExample() throws {
        let folder = TestPaths.fixtures().appendingPathComponent("rules")
        let recorded = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".txt") }.sorted()
        #expect(recorded == Self.cases.map(Self.snapshotName).sorted())
    }

    static func snapshot(of testCase: RuleExamples.Case) throws -> String {
        let example = testCase.example
        let source = SourceFile(path: example.fileName, text: example.text.replacingOccurrences(of: "↓", with: ""))
        var sources = (try? RuleExamples.catalog(for: example, source: source))??.sourceFiles ?? [:]
        sources[source.path] = source
        let findings = try RuleExamples.findings(of: example, source: source).filter { $0.ruleID == testCase.ruleID }
        var output = ""
        for path in sources.keys.sorted() {
            let text = String(decoding: sources[path]!.bytes, as: UTF8.self)
            output += "== \(path)\n\(text)\(text.hasSuffix("\n") ? "" : "\n")\n"
        }
        output += "== lint\n"
        output += TextReporter(sources: sources, showsSummary: false).render(LintReport(findings: findings, fileCount: sources.count))
        for fix in findings.flatMap(\.fixes) {
            output += "\n== fix (\(fix.applicability.rawValue)): \(fix.title)\n"
            let fixed = FixApplier.applyOnce([fix], to: { sources[$0]?.bytes }).files
            for path in fixed.keys.sorted() {
                output += UnifiedDiff.render(
                    from: String(decoding: sources[path]!.bytes, as: UTF8.self), to: String(decoding: fixed[path]!, as: UTF8.self), path: path)
            }
        }
        return output
    }
}
