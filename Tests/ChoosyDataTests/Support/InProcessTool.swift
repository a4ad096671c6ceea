import ChoosyTestSupport
@testable import choosy_data

/// `choosy-data ARGUMENTS` dispatched in this process, with the tests' trusted layer
/// directories (`TestPaths.trustedDirectories`): the exit code and the two texts the
/// executable would write, without starting it. For what the command computes (help pages,
/// usage errors, `url --format json` for every value a browser test typed); tests of the
/// process itself, or of what a command reads and writes, run the binary with `ToolRunner`.
/// Relative paths are read from this process's directory, so give them absolute.
enum InProcessTool {
    static func run(_ arguments: [String]) -> ToolRunner.Outcome {
        CatalogArguments.$trustedDirectoriesInProcess.withValue(TestPaths.trustedDirectories) {
            let (exitCode, output) = ChoosyDataTool.dispatch(arguments)
            return ToolRunner.Outcome(status: exitCode.rawValue, standardOutput: output.standardOutput, standardError: output.standardError)
        }
    }
}
