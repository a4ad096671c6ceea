import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint

/// `unimplemented-action` looks at the apps only until every action is implemented; what it
/// finds must not depend on where in the type's apps each action is implemented.
struct UnimplementedActionRuleTests {
    static func unimplementedActions(_ actions: [String], apps: [[String]]) -> [String] {
        let apps = apps.enumerated().map { index, keys in
            let actions = keys.map { #"{"key": "\#($0)", "url_format": "x://"}"# }.joined(separator: ", ")
            return #"{"name": "A", "key": "a\#(index)", "app_url_scheme": "x:", "actions": [\#(actions)]}"#
        }
        let text = #"[{"name": "T", "key": "t", "parameters": [], "actions": [\#(actions.map { #"{"key": "\#($0)"}"# }.joined(separator: ", "))], "apps": [\#(apps.joined(separator: ", "))]}]"#
        let report = Linter.lint(Catalog(text: text))
        return report.findings.filter { $0.ruleID == "unimplemented-action" }.map(\.message)
    }

    @Test func everyActionSomeAppImplementsIsImplemented() {
        #expect(Self.unimplementedActions(["a", "b", "c"], apps: [["a"], [], ["b", "a"], ["c"], ["d"]]) == [])
    }

    @Test func actionsNoAppImplementsAreFoundWhereverTheOthersAre() {
        #expect(Self.unimplementedActions(["a", "b", "c"], apps: [["a", "c"], ["a"], ["c"]]) == [
            #"action "b" of app type "t" is implemented by no app"#,
        ])
        #expect(Self.unimplementedActions(["a", "b"], apps: []) == [
            #"action "a" of app type "t" is implemented by no app"#, #"action "b" of app type "t" is implemented by no app"#,
        ])
    }
}
