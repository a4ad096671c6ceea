import ChoosyLintTestSupport
import Testing
@testable import ChoosyLint
@testable import ChoosySyntax

/// Every rule's documented examples are run: a triggering example must produce a finding of
/// that rule starting at its `↓` marker, a non-triggering one none.
struct RuleExampleTests {
    @Test func everyRuleHasBothKindsOfExample() {
        for rule in Linter.ruleDescriptions {
            #expect(!rule.triggeringExamples.isEmpty, "\(rule.id) has no triggering example")
            #expect(!rule.nonTriggeringExamples.isEmpty, "\(rule.id) has no non-triggering example")
        }
    }

    @Test func ruleIDsAreUniqueKebabCase() {
        let ids = Linter.ruleDescriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.wholeMatch(of: /[a-z]+(-[a-z]+)*/) != nil })
    }

    @Test(arguments: RuleExamples.cases)
    func example(_ testCase: RuleExamples.Case) throws {
        let marker = testCase.example.text.firstRange(of: "↓")
        #expect((marker != nil) == testCase.triggers, "a triggering example marks its finding with ↓, and only those do")
        let text = testCase.example.text.replacingOccurrences(of: "↓", with: "")
        let source = SourceFile(path: testCase.example.fileName, text: text)
        let findings = try RuleExamples.findings(of: testCase.example, source: source).filter { $0.ruleID == testCase.ruleID && $0.file == source.path }
        guard let marker else {
            #expect(findings.isEmpty, "unexpected findings: \(findings.map(\.message))")
            return
        }
        let expectedOffset = testCase.example.text[..<marker.lowerBound].utf8.count
        #expect(findings.map(\.range.start.offset) == [expectedOffset], "findings: \(findings.map { "\($0.range.start) \($0.message)" })")
    }

    /// A finding carries only the kinds of fix its rule's description says it has, so the
    /// rule reference never hides one; a rule that says it has unsafe fixes has one on each of
    /// its examples.
    @Test(arguments: RuleExamples.cases.filter(\.triggers))
    func fixesAreTheKindsTheRuleDescribes(_ testCase: RuleExamples.Case) throws {
        let rule = try #require(Linter.ruleDescriptions.first { $0.id == testCase.ruleID })
        let source = SourceFile(path: testCase.example.fileName, text: testCase.example.text.replacingOccurrences(of: "↓", with: ""))
        let fixes = try RuleExamples.findings(of: testCase.example, source: source).filter { $0.ruleID == testCase.ruleID }.flatMap(\.fixes)
        #expect(fixes.allSatisfy { $0.applicability == .safe ? rule.fix != nil : rule.unsafeFix != nil })
        #expect(rule.unsafeFix == nil || fixes.contains { $0.applicability == .unsafe })
    }
}
