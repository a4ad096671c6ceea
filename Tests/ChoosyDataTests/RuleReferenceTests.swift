import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyLint

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

    /// A rationale reads whole where the tool's docs/ is not at hand (the catalog's docs site):
    /// a pointer into docs/ is the rule's `furtherReading`, whose section must exist.
    @Test func furtherReadingNamesASectionOfItsPageAndRationalesNameNoFile() throws {
        for rule in Linter.ruleDescriptions {
            #expect(!rule.rationale.contains("docs/"), "\(rule.id): name the page in furtherReading")
            guard let section = rule.furtherReading else { continue }
            let page = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/\(section.page)"), encoding: .utf8)
            let headings = page.split(separator: "\n").filter { $0.hasPrefix("#") }.map { $0.drop { $0 == "#" }.dropFirst() }
            #expect(headings.contains(Substring(section.heading)), "\(rule.id): docs/\(section.page) has no heading \(section.heading)")
            #expect(RuleReference.markdown().contains("(\(section.page)#\(section.anchor))"))
            #expect(RuleReference.text(of: rule).contains(section.plainText))
        }
    }

    @Test(arguments: [
        ("Validity: what the system makes of the URL", "validity-what-the-system-makes-of-the-url"),
        ("Examples in the data, and `example-mismatch`", "examples-in-the-data-and-example-mismatch"),
        ("The `rfc3986` client", "the-rfc3986-client"),
    ])
    func sectionAnchorsAreGitHubs(heading: String, anchor: String) {
        #expect(RuleDescription.DocumentationSection(page: "url.md", heading: heading).anchor == anchor)
    }

    @Test func textListsOneAlignedLinePerRule() {
        let lines = RuleReference.text().split(separator: "\n")
        #expect(lines.count == Linter.ruleDescriptions.count)
        let summaryColumns = Set(lines.map { line in line.range(of: "  error  ") ?? line.range(of: "  warning  ") }.compactMap { $0.map { line in line.lowerBound } })
        #expect(!summaryColumns.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix(Linter.ruleDescriptions[lines.firstIndex(of: $0)!].id) })
    }

    /// The rule registry is generated from the rule files (tools/rule_registry.py, run by
    /// `make docs`): a rule written in its own file but missing from it would never run.
    @Test func ruleRegistryIsUpToDate() throws {
        let generated = TestPaths.packageRoot.appendingPathComponent("Sources/ChoosyLint/Rules/RuleRegistry.generated.swift")
        let committed = try String(contentsOf: generated, encoding: .utf8)
        let outcome = try ToolRunner.run(
            ["python3", TestPaths.packageRoot.appendingPathComponent("tools/rule_registry.py").path, TestPaths.packageRoot.path],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(committed == outcome.standardOutput, "RuleRegistry.generated.swift is stale: run `make docs` and commit it")
    }

    /// Every file of Sources/ChoosyLint/Rules named after a rule is in the registry once, in
    /// the order the descriptions declare, so the generator's reading of the files misses none.
    @Test func everyRuleFileIsRegisteredInOrder() throws {
        let directory = TestPaths.packageRoot.appendingPathComponent("Sources/ChoosyLint/Rules")
        let declared = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix("Rule.swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
        let registered = (Linter.rules.map { String(describing: type(of: $0)) } + ["SyntaxRule", "ConfigRule", "StaleIgnoreRule", "IgnoreByIndexRule"]).sorted()
        #expect(declared.count >= 30)
        #expect(declared == registered)
        #expect(Set(Linter.ruleDescriptions.map(\.id)).count == declared.count)
        let orders = Linter.ruleDescriptions.map(\.order)
        #expect(orders == orders.sorted() && Set(orders).count == orders.count)
        #expect(Linter.ruleDescriptions.prefix(3).map(\.id) == ["syntax", "config", "duplicate-key"])
        #expect(Linter.ruleDescriptions.suffix(2).map(\.id) == ["stale-ignore", "ignore-by-index"])
    }

    @Test func exactlyTheFixingRulesSayWhatTheyFix() {
        for rule in Linter.rules {
            #expect(type(of: rule).description.isFixable == (rule is any FixingRule), "\(type(of: rule).description.id)")
        }
        #expect(Linter.ruleDescriptions.filter(\.isFixable).map(\.id) == ["bom", "placeholder-syntax", "scheme-format", "name-whitespace"])
    }

    @Test func textMarksTheFixableRules() {
        for line in RuleReference.text().split(separator: "\n") {
            let id = String(line.prefix { $0 != " " })
            let rule = Linter.ruleDescriptions.first { $0.id == id }
            #expect(line.contains("  fix  ") == rule?.isFixable, "\(line)")
        }
        #expect(RuleReference.markdown().contains("| [`scheme-format`](#scheme-format) | error | file | fix |"))
        #expect(RuleReference.markdown().contains("\n**Fix** (`lint --fix`, `fmt --write`): Drops the '//'"))
    }

    @Test func rulesRulePrintsOneRuleWhole() throws {
        let outcome = try ToolRunner.run(["rules", "name-whitespace"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        let text = outcome.standardOutput
        #expect(text.hasPrefix("name-whitespace (default warning, scope: file, fixable)\n\nNames of app types, parameters, actions and apps have no white space at either end.\n\nNames are shown"))
        #expect(text.contains("\nTriggers:\n    [{\"name\": ↓\" Email\", \"key\": \"email\"}]\n"))
        #expect(text.contains("\nDoes not trigger:\n    [{\"name\": \"Email\""))
        #expect(text.contains("  example.yaml") == false)
        #expect(text.hasSuffix("\nFix ('choosy-data lint --fix', 'choosy-data fmt --write'): Trims the white space at both ends of a name; a name that is only white space is left for a person to write.\n"))
        #expect(try ToolRunner.run(["rules", "duplicate-key"]).standardOutput.hasSuffix("\nFix: none; every finding is left for a person.\n"))
    }

    @Test func rulesWithAnUnknownIdSuggestsTheClosest() throws {
        let outcome = try ToolRunner.run(["rules", "dupliate-key"])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        let valid = Linter.ruleDescriptions.map(\.id).joined(separator: ", ")
        #expect(outcome.standardError == "Error: unknown rule 'dupliate-key' (did you mean 'duplicate-key'?); valid values are: \(valid)\n")
    }
}
