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
            choosy-data review BASE [HEAD] [--format markdown|json] [--fail-on breaking|feature|any]
                                    [--client shipped|rfc3986] [--platform ios17|ios16]
            """,
        arguments: [
            ArgumentSpec("BASE", help: """
                The catalog before the change: a git revision (the catalog
                around the current directory at it, read without touching
                the work tree), git:REV[:PATH] as for diff, or a catalog
                directory or file. An existing path wins over a revision of
                the same name; write git:REV to mean the revision.
                """, completion: .files),
            ArgumentSpec("HEAD", help: """
                The catalog after it, given the same way (default: the work
                tree's catalog around the current directory).
                """, completion: .files),
        ],
        options: [
            .format(OutputFormat.allCases.map(\.rawValue), help: "markdown (default: the comment) or json (the same content)."),
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
        let gate = arguments.value(of: "--fail-on", as: DiffGate.self)
        let client = arguments.clientProfile()
        guard (1...2).contains(arguments.positional.count) else {
            throw UsageError(arguments.positional.isEmpty ? "review needs BASE, the catalog before the change" : "unexpected argument '\(arguments.positional[2])'")
        }
        let currentDirectory = FileManager.default.currentDirectoryPath
        let headName = arguments.positional.count == 2 ? arguments.positional[1] : "work tree"
        var catalogs: [Catalog] = []
        for (label, argument) in zip(["BASE", "HEAD"], [arguments.positional[0], arguments.positional.count == 2 ? arguments.positional[1] : nil]) {
            do {
                let side = try argument.map { CatalogSide(revisionOrPath: $0, currentDirectory: currentDirectory) }
                    ?? CatalogSide.workTree(currentDirectory: currentDirectory)
                catalogs.append(try side.load(currentDirectory: currentDirectory, trustedDirectories: CatalogArguments.trustedDirectories))
            } catch {
                output.addError(error, prefix: "\(label) (\(argument ?? "work tree")): ")
                return .failure
            }
        }
        let review = CatalogReview(base: catalogs[0], head: catalogs[1], profile: client, platform: arguments.platform())
        output.standardOutput += format == .json
            ? ReviewJSONRenderer.render(review, base: arguments.positional[0], head: headName)
            : ReviewMarkdownRenderer.render(review, base: arguments.positional[0], head: headName)
        return gate.map(review.diff.fails(at:)) == true ? .findings : .success
    }
}
