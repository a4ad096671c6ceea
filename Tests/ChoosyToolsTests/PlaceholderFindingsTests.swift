import ChoosyCatalogTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosyTools

/// What lint and `diff` say of placeholders that the scanners may read differently: the
/// findings of the placeholder rules on a url_format of a type declaring `x` and `b`, and the
/// placeholder names `diff` lists for it.
struct PlaceholderFindingsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let placeholder: String
        /// `rule-id text`: each finding's rule and the source text it points at.
        let findings: [String]
        let diffNames: [String]
        var testDescription: String { placeholder }
    }

    @Test(arguments: [
        Case(placeholder: "{{x}}{{b}}", findings: [], diffNames: ["b", "x"]),
        Case(placeholder: "{{ x }}{{b}}", findings: ["unused-parameter \"x\"", "placeholder-syntax {{ x }}"], diffNames: [" x ", "b"]),
        Case(placeholder: "{{Text}}{{x}}{{b}}", findings: ["placeholder-syntax {{Text}}", "undeclared-parameter {{Text}}"], diffNames: ["Text", "b", "x"]),
        Case(placeholder: "{{}}{{x}}{{b}}", findings: ["placeholder-syntax {{}}"], diffNames: ["", "b", "x"]),
        Case(placeholder: "{{{x}}}{{b}}", findings: ["unused-parameter \"x\"", "placeholder-syntax {{{x}}}"], diffNames: ["b"]),
        Case(placeholder: "{{x}}}{{b}}", findings: ["unused-parameter \"x\"", "placeholder-syntax {{x}}}"], diffNames: ["b"]),
        Case(placeholder: "{{b}}{{x", findings: ["unused-parameter \"x\"", "placeholder-syntax {{x"], diffNames: ["b"]),
        Case(placeholder: "{{a{{b}}{{x}}", findings: ["placeholder-syntax {{a"], diffNames: ["b", "x"]),
        Case(placeholder: "{{a{{c}}{{x}}{{b}}", findings: ["placeholder-syntax {{a", "undeclared-parameter {{c}}"], diffNames: ["b", "c", "x"]),
        Case(placeholder: "{{a}b}}{{x}}", findings: ["unused-parameter \"b\"", "placeholder-syntax {{a}", "placeholder-syntax b}}"], diffNames: ["x"]),
    ])
    func placeholderRulesAndDiffReadTheFormat(_ testCase: Case) {
        let format = "a://p?q=" + testCase.placeholder
        let text = #"[{"key": "t", "parameters": [{"key": "x"}, {"key": "b"}], "apps": [{"key": "a", "app_url_scheme": "a:", "actions": [{"key": "go", "url_format": "\#(format)"}]}], "actions": [{"key": "go"}]}]"#
        let bytes = Array(text.utf8)
        let findings = Linter.lint(Catalog(text: text, layer: "l")).findings
            .filter { ["placeholder-syntax", "undeclared-parameter", "unused-parameter"].contains($0.ruleID) }
        let found = findings.map { "\($0.ruleID) \(String(decoding: bytes[$0.range.start.offset..<$0.range.end.offset], as: UTF8.self))" }
        #expect(found == testCase.findings)
        #expect(Values.placeholderNames(in: format) == testCase.diffNames)
    }
}
