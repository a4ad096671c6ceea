import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint

/// `unused-parameter` looks at the url_formats only until every parameter is used; what it finds
/// must not depend on where in the type's apps each parameter is used.
struct UnusedParameterRuleTests {
    static func unusedParameters(_ parameters: [String], urlFormats: [[String]]) -> [String] {
        let apps = urlFormats.enumerated().map { index, formats in
            let actions = formats.map { #"{"key": "go", "url_format": "x://\#($0)"}"# }.joined(separator: ", ")
            return #"{"name": "A", "key": "a\#(index)", "app_url_scheme": "x:", "actions": [\#(actions)]}"#
        }
        let text = #"[{"name": "T", "key": "t", "parameters": [\#(parameters.map { #"{"key": "\#($0)"}"# }.joined(separator: ", "))], "actions": [{"key": "go"}], "apps": [\#(apps.joined(separator: ", "))]}]"#
        let report = Linter.lint(Catalog(text: text))
        return report.findings.filter { $0.ruleID == "unused-parameter" }.map(\.message)
    }

    @Test func everyParameterUsedSomewhereIsUsed() {
        #expect(Self.unusedParameters(["a", "b", "c"], urlFormats: [["{{a}}"], [], ["{{b}}{{a}}"], ["{{c}}"], ["{{d}}"]]) == [])
    }

    @Test func parametersNoFormatUsesAreFoundWhereverTheOthersAreUsed() {
        #expect(Self.unusedParameters(["a", "b", "c"], urlFormats: [["{{a}}{{c}}"], ["{{a}}"], ["{{c}}"]]) == [
            #"parameter "b" of app type "t" is used by no url_format"#,
        ])
        #expect(Self.unusedParameters(["a", "b"], urlFormats: []) == [
            #"parameter "a" of app type "t" is used by no url_format"#, #"parameter "b" of app type "t" is used by no url_format"#,
        ])
    }
}
