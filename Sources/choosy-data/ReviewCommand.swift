import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyTools
import Foundation

/// `choosy-data review`: one Markdown comment for a pull request that changes the catalog.
enum ReviewCommand: Command {
    /// What `--format` prints: the comment, or the same content as JSON.
    enum OutputFormat: String, CaseIterable {
        case markdown
        case json
    }

    static let spec = CommandSpec(
        name: "review",
        abstract: "Report what a catalog change means, as a pull-request comment.",
        usage: """
            choosy-data review BASE [HEAD] [-C PATH | --config FILE] [--format markdown|json]
                                    [--max-characters N] [--fail-on breaking|feature|any]
                                    [--client shipped|rfc3986] [--platform ios17|ios16]
            """,
        arguments: [
            ArgumentSpec("BASE", help: """
                The catalog before the change, named as diff names a side:
                a git revision (the catalog around the current directory at
                it, read without touching the work tree), git:REV[:PATH], or
                a catalog directory or file. A word that is both a path here
                and a revision is refused: write git:REV or ./PATH.
                """, completion: .files),
            ArgumentSpec("HEAD", help: """
                The catalog after it, given the same way (default: the work
                tree's catalog: -C's, else the one around the current
                directory).
                """, completion: .files),
        ],
        options: [
            .catalog(DiffCommand.sideLayoutHelp, default: "each revision's own .choosy-data.yml."),
            .config,
            .format(OutputFormat.allCases.map(\.rawValue), help: "markdown (default: the comment) or json (the same content)."),
            OptionSpec(long: "--max-characters", valueName: "n", help: """
                Markdown only: cut the report at a line so that it has at
                most N characters (UTF-16 code units, as GitHub counts; at
                least \(ReviewMarkdownRenderer.shortestCut)), ending with a line that says how much
                was left out. GitHub refuses comments over 65536.
                """),
            OptionSpec(long: "--fail-on", valueName: "class", allowedValues: DiffGate.allCases.map(\.rawValue), valueKind: "change class", help: """
                Exit 1 when a change is at least this serious, as for diff:
                breaking, feature or any. Default: exit 0 whenever the
                report was made.
                """),
            .client("""
                URLs are rendered, and both sides merged, as this client
                does (the config is HEAD's).
                """),
            .platform(),
        ],
        notes: "See docs/review.md for each part of the report.",
        exitCodes: ExitCodeHelp(
            success: "The report was made, with no change at or above --fail-on.",
            findings: "A change at or above --fail-on."),
        examples: [
            .init("The comment for a pull request against main", "choosy-data review origin/main"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = arguments.value(of: "--format", default: OutputFormat.markdown)
        let maxCharacters = try arguments.options["--max-characters"].map { text throws(UsageError) -> Int in
            guard let number = Int(text), number >= ReviewMarkdownRenderer.shortestCut else {
                throw UsageError("--max-characters takes a number of at least \(ReviewMarkdownRenderer.shortestCut); got '\(text)'")
            }
            guard format == .markdown else { throw UsageError("--max-characters cuts the markdown report; json is never cut") }
            return number
        }
        let gate = arguments.value(of: "--fail-on", as: DiffGate.self)
        let client = arguments.clientProfile()
        guard (1...2).contains(arguments.positional.count) else {
            throw UsageError(arguments.positional.isEmpty ? "review needs BASE, the catalog before the change" : "unexpected argument '\(arguments.positional[2])'")
        }
        let headName = arguments.positional.count == 2 ? arguments.positional[1] : "work tree"
        guard let catalogs = try CatalogSideArguments.load(
            [("BASE", arguments.positional[0]), ("HEAD", arguments.positional.count == 2 ? arguments.positional[1] : nil)],
            arguments: arguments, output: &output)
        else { return .failure }
        let review = CatalogReview(base: catalogs[0], head: catalogs[1], profile: client, platform: arguments.platform())
        output.standardOutput += format == .json
            ? ReviewJSONRenderer.render(review, base: arguments.positional[0], head: headName)
            : ReviewMarkdownRenderer.render(review, base: arguments.positional[0], head: headName, maxCharacters: maxCharacters)
        return gate.map(review.diff.fails(at:)) == true ? .findings : .success
    }
}
