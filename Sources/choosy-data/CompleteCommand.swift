import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import Foundation

/// `choosy-data __complete`: the keys a shell completion offers, from the catalog around the
/// current directory (or the only one just below it). Hidden from `--help`; documented in docs/cli.md.
enum CompleteCommand: Command {
    static let spec = CommandSpec(
        name: "__complete",
        abstract: "Print catalog keys for shell completion: types, actions TYPE or apps TYPE.",
        usage: "choosy-data __complete types | actions TYPE | apps TYPE",
        arguments: [ArgumentSpec("types | actions TYPE | apps TYPE", help: "What to list, one key per line.")],
        options: [],
        exitCodes: ExitCodeHelp(success: "Always: without a catalog, nothing is printed.", findings: nil),
        isHidden: true)

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        // A shell completing a word shows no error: without a catalog there is nothing to offer.
        guard let catalog = try? CatalogSelection().load(
            currentDirectory: FileManager.default.currentDirectoryPath, trustedDirectories: CatalogArguments.trustedDirectories)
        else { return .success }
        output.standardOutput += CompletionCandidates.keys(arguments.positional, in: MergedCatalog(catalog)).map { $0 + "\n" }.joined()
        return .success
    }
}
