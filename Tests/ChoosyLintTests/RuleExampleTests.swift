import Testing
@testable import ChoosyCatalog
@testable import ChoosyCommandLine
@testable import ChoosyCore
@testable import ChoosyEditor
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// Every rule's documented examples are run: a triggering example must produce a finding of
/// that rule starting at its `↓` marker, a non-triggering one none.
struct RuleExampleTests {
    struct ExampleCase: CustomTestStringConvertible, Sendable {
        let ruleID: String
        let example: RuleDescription.Example
        let triggers: Bool
        var testDescription: String { "\(ruleID) \(triggers ? "triggers" : "passes"): \(example.text.debugDescription)" }
    }

    static let cases: [ExampleCase] = Linter.ruleDescriptions.flatMap { rule in
        rule.triggeringExamples.map { ExampleCase(ruleID: rule.id, example: $0, triggers: true) }
            + rule.nonTriggeringExamples.map { ExampleCase(ruleID: rule.id, example: $0, triggers: false) }
    }

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

    @Test(arguments: cases)
    func example(_ testCase: ExampleCase) throws {
        let marker = testCase.example.text.firstRange(of: "↓")
        #expect((marker != nil) == testCase.triggers, "a triggering example marks its finding with ↓, and only those do")
        let text = testCase.example.text.replacingOccurrences(of: "↓", with: "")
        let source = SourceFile(path: testCase.example.fileName, text: text)
        let findings = try Self.findings(of: testCase.example, source: source).filter { $0.ruleID == testCase.ruleID && $0.file == source.path }
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
    @Test(arguments: cases.filter(\.triggers))
    func fixesAreTheKindsTheRuleDescribes(_ testCase: ExampleCase) throws {
        let rule = try #require(Linter.ruleDescriptions.first { $0.id == testCase.ruleID })
        let source = SourceFile(path: testCase.example.fileName, text: testCase.example.text.replacingOccurrences(of: "↓", with: ""))
        let fixes = try Self.findings(of: testCase.example, source: source).filter { $0.ruleID == testCase.ruleID }.flatMap(\.fixes)
        #expect(fixes.allSatisfy { $0.applicability == .safe ? rule.fix != nil : rule.unsafeFix != nil })
        #expect(rule.unsafeFix == nil || fixes.contains { $0.applicability == .unsafe })
    }

    /// The findings of an example, and of a config example with mistakes those mistakes, as
    /// `lint` reports them.
    static func findings(of example: RuleDescription.Example, source: SourceFile) throws -> [Finding] {
        do {
            return try catalog(for: example, source: source).map(Linter.lint)?.findings ?? []
        } catch let error as CatalogConfig.Problems {
            return ConfigRule.findings(for: error.problems, namedRules: error.namedRules, in: source.path)
        }
    }

    /// The catalog an example describes: its file merged over its `builtin` file, or, for a
    /// config example, the `builtin` file as the whole catalog under that config.
    static func catalog(for example: RuleDescription.Example, source: SourceFile) throws -> Catalog? {
        guard example.fileName == CatalogConfig.fileName else {
            let builtinLayers = example.builtin.map {
                [Layer(name: "builtin", sources: [SourceFile(path: "builtin/" + example.fileName, text: $0)])]
            } ?? []
            return Catalog(layers: builtinLayers + [Layer(name: "example", sources: [source])])
        }
        let config = try CatalogConfig.decode(try YAMLLoader.load(source))
        let files = example.builtin.map { [SourceFile(path: "example.json", text: $0)] } ?? []
        return Catalog(layers: [Layer(name: "example", sources: files)], config: config, configFile: source)
    }
}
