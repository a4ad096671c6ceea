import ChoosyCatalog
import ChoosyTestSupport
import Foundation

/// Runs the built `choosy-data` executable (or another program, such as the tests' Python), for
/// end-to-end tests of what users see: stdout, stderr and the exit code.
struct ToolRunner {
    typealias Outcome = ProgramRunner.Outcome

    /// The executable SwiftPM built next to the test bundle.
    static let executable: URL = {
        let products = Bundle.allBundles.lazy
            .map { $0.bundleURL.deletingLastPathComponent() }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("choosy-data").path) }
        return (products ?? TestPaths.packageRoot.appendingPathComponent(".build/debug")).appendingPathComponent("choosy-data")
    }()

    /// How long a run may take before it is killed and its test fails.
    static let timeLimit = ProgramRunner.timeLimit

    /// Runs `program` (by default `choosy-data`) as `ProgramRunner.run` does, with the tests'
    /// trusted layer directories (`TestPaths.trustedDirectories`) in its environment, before
    /// `environment`.
    static func run(
        _ arguments: [String], program: URL = executable, in directory: URL = TestPaths.packageRoot,
        standardInput: Data? = nil, environment: [String: String] = [:],
        standardInputPath: String? = nil, standardOutputPath: String? = nil
    ) throws -> Outcome {
        try ProgramRunner.run(
            arguments, program: program, in: directory, standardInput: standardInput,
            environment: [CatalogBoundary.environmentVariable: TestPaths.trustedDirectories.joined(separator: ":")]
                .merging(environment) { _, added in added },
            standardInputPath: standardInputPath, standardOutputPath: standardOutputPath)
    }

    /// Runs `choosy-data ARGUMENTS` with SIGTERM already pending and blocked: Python blocks it,
    /// sends it to itself and execs the tool, which inherits it; it arrives when the run makes
    /// its first scratch path (`ScratchPaths`), as if it had come then, with no timing involved.
    static func runInterrupted(_ arguments: [String], in directory: URL) throws -> Outcome {
        try run(
            ["python3", "-c", """
                import os, signal, sys
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
                os.kill(os.getpid(), signal.SIGTERM)
                os.execv(sys.argv[1], sys.argv[1:])
                """, executable.path] + arguments,
            program: URL(fileURLWithPath: "/usr/bin/env"), in: directory)
    }

    /// Runs `choosy-data ARGUMENTS` from Python, and the most memory it had resident at once,
    /// in KiB (nil if it did not run). Python, not the tests, starts it: Linux charges a program the memory of the
    /// process it was spawned from (the test runner's hundreds of MB), and Python's is small.
    static func runMeasuringMemory(_ arguments: [String], in directory: URL) throws -> (outcome: Outcome, peakKilobytes: Int?) {
        let scratch = try ScratchDirectory("memory")
        let peakFile = scratch.file("peak")
        let outcome = try run(
            ["python3", "-c", """
                import resource, subprocess, sys
                status = subprocess.call(sys.argv[2:])
                open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
                sys.exit(status)
                """, peakFile.path, executable.path] + arguments,
            program: URL(fileURLWithPath: "/usr/bin/env"), in: directory)
        return (outcome, (try? String(contentsOf: peakFile, encoding: .utf8)).flatMap { Int($0) })
    }
}
