import ChoosyData
import Foundation

/// `choosy-data diff`: compare two catalogs as their consumers see them.
enum DiffCommand: Command {
    static let name = "diff"
    static let abstract = "Report what changed between two catalogs, classified for releases."
    static let usage = """
        choosy-data diff OLD NEW [--format text|json|markdown] [--fail-on breaking|feature|any]
                              [--color auto|always|never] [--client shipped|rfc3986]
        """
    static let details = """
        ARGUMENTS:
          OLD, NEW                A catalog directory, a catalog file, or git:REV[:PATH], a
                                  revision of the repository around the current directory
                                  read with git without touching the work tree (PATH from the
                                  repository's top level; default: the catalog around the
                                  current directory).

        OPTIONS:
          --format <format>       text (default), json, or markdown (release notes).
          --fail-on <class>       Exit 1 when a change is at least this serious: breaking,
                                  feature (breaking or feature) or any (every change,
                                  fixes and docs too). Order: breaking > feature > fix, docs.
          --color <when>          Colour the text output: auto (default: only on a
                                  terminal and when NO_COLOR is unset or empty), always or
                                  never.
        \(Arguments.clientOptionHelp)
                                  Both sides are merged as this one client merges them
                                  (the config is NEW's); under shipped, a change to a value
                                  the client ignores is docs, 'ignored by the shipped
                                  client'.
        """
    static let valueOptions: Set<String> = ["--format", "--fail-on", "--color", "--client"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = try arguments.choice("--format", allowed: ["text", "json", "markdown"], fallback: "text")
        let failOn = try arguments.choice("--fail-on", allowed: DiffGate.allCases.map(\.rawValue), fallback: "")
        let gate = DiffGate(rawValue: failOn)
        let colorMode = ColorMode(rawValue: try arguments.choice("--color", allowed: ColorMode.allCases.map(\.rawValue), fallback: "auto"))!
        let client = try arguments.clientProfile()
        guard arguments.positional.count == 2 else {
            throw UsageError(arguments.positional.count < 2 ? "diff needs two catalogs, OLD and NEW" : "unexpected argument '\(arguments.positional[2])'")
        }
        var catalogs: [Catalog] = []
        for (label, argument) in zip(["OLD", "NEW"], arguments.positional) {
            do {
                catalogs.append(try CatalogSide(argument).load(
                    currentDirectory: FileManager.default.currentDirectoryPath, trustedDirectories: CatalogArguments.trustedDirectories))
            } catch {
                output.addError("\(label) (\(argument)): \(error)")
                return .failure
            }
        }
        // One client for both sides: merged by two clients, every ignored override would differ.
        let profile = client ?? catalogs[1].clientProfile
        let diff = CatalogDiff(old: MergedCatalog(catalogs[0], profile: profile), new: MergedCatalog(catalogs[1], profile: profile))
        switch format {
        case "json":
            output.standardOutput += DiffJSONReporter.render(diff)
        case "markdown":
            output.standardOutput += DiffMarkdownReporter.render(diff)
        default:
            let colored = colorMode.usesColor(outputIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            output.standardOutput += DiffTextReporter(colored: colored).render(diff)
        }
        return gate.map(diff.fails(at:)) == true ? .findings : .success
    }
}
