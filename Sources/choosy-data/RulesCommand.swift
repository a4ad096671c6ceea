import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosyTools

/// `choosy-data rules`: list the lint rules, or write the rule reference.
enum RulesCommand: Command {
    /// What `--format` prints: one line per rule, or the full reference.
    enum OutputFormat: String, CaseIterable {
        case text
        case markdown
    }

    static let spec = CommandSpec(
        name: "rules",
        abstract: "List the lint rules, or write the rule reference (docs/rules.md).",
        usage: "choosy-data rules [RULE] [--format text|markdown]",
        arguments: [
            ArgumentSpec("RULE", help: """
                A rule id: print its summary, rationale, examples that
                trigger it and that do not, and its fix.
                """, completion: .values(Linter.ruleDescriptions.map(\.id))),
        ],
        options: [
            .format(OutputFormat.allCases.map(\.rawValue), help: """
                text (default): one line per rule with its default
                severity, scope, 'fix' when 'lint --fix' fixes some of its
                findings, and summary; markdown: the full reference with
                rationale and examples, as in docs/rules.md.
                """),
        ],
        exitCodes: ExitCodeHelp(success: "The rules were listed.", findings: nil),
        examples: [
            .init("Why a rule exists, with examples and its fix", "choosy-data rules duplicate-key"),
            .init("Regenerate the rule reference", "choosy-data rules --format markdown > docs/rules.md"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = arguments.value(of: "--format", default: OutputFormat.text)
        guard arguments.positional.count <= 1 else {
            throw UsageError("unexpected argument '\(arguments.positional[1])'")
        }
        guard let id = arguments.positional.first else {
            output.standardOutput += format == .markdown ? RuleReference.markdown() : RuleReference.text()
            return .success
        }
        guard format == .text else { throw UsageError("'rules RULE' prints one rule as text; --format markdown writes the whole reference") }
        do {
            output.standardOutput += RuleReference.text(of: try RuleReference.rule(id))
            return .success
        } catch {
            output.addError(error)
            return .failure
        }
    }
}
