import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosyTools
import Foundation

/// `choosy-data diff`: compare two catalogs as their consumers see them.
enum DiffCommand: Command {
    /// What `--format` prints the diff as.
    enum OutputFormat: String, CaseIterable {
        case text
        case json
        case markdown
    }

    static let spec = CommandSpec(
        name: "diff",
        abstract: "Report what changed between two catalogs, classified for releases.",
        usage: """
            choosy-data diff OLD NEW [-C PATH | --config FILE] [--format text|json|markdown]
                                  [--fail-on breaking|feature|any] [--color auto|always|never]
                                  [--client shipped|rfc3986] [--platform ios17|ios16]
            """,
        arguments: [
            ArgumentSpec("OLD, NEW", help: """
                A catalog directory or file, or a revision of the repository
                around the current directory (HEAD~1, origin/main, v1.2.0),
                read with git without touching the work tree: the catalog
                around the current directory at it. git:REV[:PATH] names a
                revision (and PATH from the top level) for certain; a word
                that is both a path here and a revision is refused (write
                git:REV or ./PATH).
                """, completion: .files),
        ],
        options: [
            .catalog(sideLayoutHelp, default: "each revision's own .choosy-data.yml."),
            .config,
            .format(OutputFormat.allCases.map(\.rawValue), help: "text (default), json, or markdown (release notes)."),
            OptionSpec(long: "--fail-on", valueName: "class", allowedValues: DiffGate.allCases.map(\.rawValue), valueKind: "change class", help: """
                Exit 1 when a change is at least this serious: breaking,
                feature (breaking or feature) or any (every change,
                fixes and docs too). Order: breaking > feature > fix, docs.
                """),
            .color(),
            .client("""
                Both sides are merged as this one client merges them
                (the config is NEW's); under shipped, a change to a value
                the client ignores is docs, 'ignored by the shipped
                client'.
                """),
            .platform(),
        ],
        exitCodes: ExitCodeHelp(
            success: "No change at or above --fail-on (without it: the report was made).",
            findings: "A change at or above --fail-on."),
        examples: [
            .init("What changed since the last release", "choosy-data diff git:v1.2.0 data"),
            .init("Fail CI on a breaking change", "choosy-data diff git:origin/main data --fail-on breaking"),
        ])

    /// What `-C` means for the sides of `diff` and `review` (hand-wrapped lines).
    static let sideLayoutHelp = """
        A revision is read with this config's layers (relative to
        its directory at the revision), as when it has none.
        """

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = arguments.value(of: "--format", default: OutputFormat.text)
        let gate = arguments.value(of: "--fail-on", as: DiffGate.self)
        let colorMode = arguments.value(of: "--color", default: ColorMode.auto)
        let client = arguments.clientProfile()
        guard arguments.positional.count == 2 else {
            throw UsageError(arguments.positional.count < 2 ? "diff needs two catalogs, OLD and NEW" : "unexpected argument '\(arguments.positional[2])'")
        }
        guard let catalogs = try CatalogSideArguments.load(
            [("OLD", arguments.positional[0]), ("NEW", arguments.positional[1])], arguments: arguments, output: &output)
        else { return .failure }
        // One client for both sides: merged by two clients, every ignored override would differ.
        let profile = client ?? catalogs[1].clientProfile
        let platform = arguments.platform() ?? catalogs[1].platform
        let diff = CatalogDiff(
            old: MergedCatalog(catalogs[0], profile: profile, platform: platform), new: MergedCatalog(catalogs[1], profile: profile, platform: platform))
        switch format {
        case .json:
            output.standardOutput += DiffJSONReporter.render(diff)
        case .markdown:
            output.standardOutput += DiffMarkdownReporter.render(diff)
        case .text:
            output.standardOutput += DiffTextReporter(colored: colorMode.usesColor(on: STDOUT_FILENO)).render(diff)
        }
        return gate.map(diff.fails(at:)) == true ? .findings : .success
    }
}
