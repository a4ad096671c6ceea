import Foundation
import Testing
@testable import ChoosyData

/// docs/rules.md is generated from the rule descriptions and must not go stale.
struct RuleReferenceTests {
    @Test func docsRulesIsUpToDate() throws {
        let committed = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/rules.md"), encoding: .utf8)
        #expect(committed == RuleReference.markdown(), "docs/rules.md is stale: run `make docs` and commit it")
    }

    @Test func everyRuleHasASectionAndATableRow() {
        let markdown = RuleReference.markdown()
        for rule in Linter.ruleDescriptions {
            #expect(markdown.contains("\n## \(rule.id)\n"))
            #expect(markdown.contains("| [`\(rule.id)`](#\(rule.id)) | \(rule.severity.rawValue) |"))
        }
    }

    @Test func textListsOneAlignedLinePerRule() {
        let lines = RuleReference.text().split(separator: "\n")
        #expect(lines.count == Linter.ruleDescriptions.count)
        let summaryColumns = Set(lines.map { line in line.range(of: "  error  ") ?? line.range(of: "  warning  ") }.compactMap { $0.map { line in line.lowerBound } })
        #expect(!summaryColumns.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix(Linter.ruleDescriptions[lines.firstIndex(of: $0)!].id) })
    }
}
