import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint

/// `query-shape` finds a repeated query name alike in short queries (each name compared with
/// the earlier ones) and long ones (names indexed), and compares names as strings.
struct QueryShapeRuleTests {
    static func findings(urlFormat: String) -> [Finding] {
        let text = #"[{"name": "T", "key": "t", "parameters": [{"key": "v"}], "actions": [{"key": "go"}], "apps": [{"name": "X", "key": "x", "app_url_scheme": "x:", "actions": [{"key": "go", "url_format": "\#(urlFormat)"}]}]}]"#
        let report = Linter.lint(Catalog(text: text))
        return report.findings.filter { $0.ruleID == "query-shape" }
    }

    @Test(arguments: [3, 17, 40])
    func repeatedNamesPointAtTheFirstInQueriesOfAnyLength(count: Int) throws {
        let names = (0..<count).map { "n\($0)" } + ["n1", "{{v}}", "", "n\(count - 1)", "n1"]
        let findings = Self.findings(urlFormat: "x://h?" + names.map { "\($0)={{v}}" }.joined(separator: "&"))
        #expect(findings.map(\.message) == [
            "the query name 'n1' is given twice in one url_format, so each app decides which value wins",
            "the query component '{{v}}={{v}}' has a placeholder for a name: the app recognises its parameters by literal names",
            "the query component '={{v}}' has no name: the app recognises its parameters by literal names",
            "the query name 'n\(count - 1)' is given twice in one url_format, so each app decides which value wins",
            "the query name 'n1' is given twice in one url_format, so each app decides which value wins",
        ])
        let firstN1 = try #require(findings.first?.notes.first?.range)
        #expect(findings.last?.notes.first?.range == firstN1)
        let fromN1 = (1..<(count - 1)).map { "n\($0)={{v}}&".count }.reduce(0, +)
        #expect(findings[3].notes.first?.range.start.column == firstN1.start.column + fromN1)
    }

    @Test(arguments: [("e\u{301}", "\u{E9}", 1), ("\u{E9}", "\u{E9}", 1), ("e", "\u{E9}", 0), ("a", "b", 0)])
    func namesAreComparedAsStrings(first: String, second: String, findingCount: Int) {
        #expect(Self.findings(urlFormat: "x://h?\(first)={{v}}&\(second)=1").count == findingCount)
    }
}
