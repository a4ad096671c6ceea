import ChoosyData

/// `choosy-data rules`: list the lint rules, or write the rule reference.
enum RulesCommand: Command {
    static let spec = CommandSpec(
        name: "rules",
        abstract: "List the lint rules, or write the rule reference (docs/rules.md).",
        usage: "choosy-data rules [--format text|markdown]",
        options: [
            .format(["text", "markdown"], help: """
                text (default): one line per rule with its default
                severity and scope; markdown: the full reference with
                rationale and examples, as in docs/rules.md.
                """),
        ],
        exitCodes: ExitCodeHelp(success: "The rules were listed.", findings: nil),
        examples: [
            .init("Regenerate the rule reference", "choosy-data rules --format markdown > docs/rules.md"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = try arguments.choice("--format", allowed: ["text", "markdown"], fallback: "text")
        guard arguments.positional.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positional[0])'")
        }
        output.standardOutput += format == "markdown" ? RuleReference.markdown() : RuleReference.text()
        return .success
    }
}
