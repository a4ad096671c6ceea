import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosySyntax

/// The examples every rule's description gives, as test cases: RuleExampleTests runs them, and
/// RuleSnapshotTests keeps what `lint` prints for each triggering one.
package enum RuleExamples {
    /// One example of one rule, and whether it is a triggering one.
    package struct Case: CustomTestStringConvertible, Sendable {
        package let ruleID: String
        package let example: RuleDescription.Example
        package let triggers: Bool
        package var testDescription: String { "\(ruleID) \(triggers ? "triggers" : "passes"): \(example.text.debugDescription)" }
    }

    /// Every example of every rule, in the rules' order.
    package static let cases: [Case] = Linter.ruleDescriptions.flatMap { rule in
        rule.triggeringExamples.map { Case(ruleID: rule.id, example: $0, triggers: true) }
            + rule.nonTriggeringExamples.map { Case(ruleID: rule.id, example: $0, triggers: false) }
    }

    /// The findings of an example, and of a config example with mistakes those mistakes, as
    /// `lint` reports them.
    package static func findings(of example: RuleDescription.Example, source: SourceFile) throws -> [Finding] {
        do {
            return try catalog(for: example, source: source).map(Linter.lint)?.findings ?? []
        } catch let error as CatalogConfig.Problems {
            return ConfigRule.findings(for: error.problems, namedRules: error.namedRules, in: source.path)
        }
    }

    /// The catalog an example describes: its file merged over its `builtin` file, or, for a
    /// config example, the `builtin` file as the whole catalog under that config.
    package static func catalog(for example: RuleDescription.Example, source: SourceFile) throws -> Catalog? {
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
