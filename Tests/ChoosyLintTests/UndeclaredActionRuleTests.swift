import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint

/// The hint of `undeclared-action` names the declared actions, but not thousands of them.
struct UndeclaredActionRuleTests {
    @Test(arguments: [(3, "declare \"zzz\" in the app type's actions, or use one of: a0, a1, a2"),
                      (12, "declare \"zzz\" in the app type's actions, or use one of: a0, a1, a10, a11, a2, a3, a4, a5, a6, a7, … (12 in all)")])
    func hintListsAtMostTenDeclaredActions(declared: Int, hint: String) throws {
        let actions = (0..<declared).map { #"{"name": "A", "key": "a\#($0)"}"# }.sorted().joined(separator: ", ")
        let text = #"[{"name": "T", "key": "t", "parameters": [], "actions": [\#(actions)], "apps": [{"name": "X", "key": "x", "app_url_scheme": "x:", "actions": [{"key": "zzz", "url_format": "x:"}]}]}]"#
        let report = Linter.lint(Catalog(text: text))
        let finding = try #require(report.findings.first { $0.ruleID == "undeclared-action" })
        #expect(finding.hint == hint)
    }
}
