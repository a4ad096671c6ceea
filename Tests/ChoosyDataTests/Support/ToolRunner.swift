import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyEditor
import ChoosyLint
import ChoosySyntax
import ChoosyTools
import Foundation

/// Runs the built `choosy-data` executable (or another program, such as the tests' Python), for
/// end-to-end tests of what users see: stdout, stderr and the exit code.
struct ToolRunner {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The executable SwiftPM built next to the test bundle.
    static let executable: URL = {
        let products = Bundle.allBundles.lazy
            .map { $0.bundleURL.deletingLastPathComponent() }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("choosy-data").path) }
        return (products ?? TestPaths.packageRoot.appendingPathComponent(".build/debug")).appendingPathComponent("choosy-data")
    }()

    /// How long a run may take before it is killed and its test fails: far longer than any
    /// run needs, far shorter than CI waits for the whole suite.
    static let timeLimit: TimeInterval = 600

    /// Runs `program` (by default `choosy-data`) with `arguments` in `directory`, with
    /// `environment` added to (or replacing entries of) ours and the tests' trusted layer
    /// directories (`TestPaths.trustedDirectories`), and waits for it. Standard input
    /// and output come from and go to `standardInputPath` and `standardOutputPath` when given
    /// (a directory, `/dev/full`); the outcome's standard output is then empty. A run that
    /// takes longer than `timeLimit` is killed and throws `ChildProcess.Timeout`.
    static func run(
        _ arguments: [String], program: URL = executable, in directory: URL = TestPaths.packageRoot,
        standardInput: Data? = nil, environment: [String: String] = [:],
        standardInputPath: String? = nil, standardOutputPath: String? = nil
    ) throws -> Outcome {
        let environment = ProcessInfo.processInfo.environment
            .merging([CatalogBoundary.environmentVariable: TestPaths.trustedDirectories.joined(separator: ":")]) { _, added in added }
            .merging(environment) { _, added in added }
        // Files, not pipes: the child can never block on a full pipe while we wait, and a child
        // that exits without reading its input cannot kill us with SIGPIPE as we write it.
        let scratch = try ScratchDirectory("run")
        let outputURL = scratch.file("stdout")
        let errorURL = scratch.file("stderr")
        let inputURL = scratch.file("stdin")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        try (standardInput ?? Data()).write(to: inputURL)
        let outputFile = try FileHandle(forWritingTo: standardOutputPath.map(URL.init(fileURLWithPath:)) ?? outputURL)
        let errorFile = try FileHandle(forWritingTo: errorURL)
        let inputFile = try FileHandle(forReadingFrom: standardInputPath.map(URL.init(fileURLWithPath:)) ?? inputURL)
        let child = try ChildProcess(
            program.path, arguments, environment: environment, directory: directory.path,
            standardInput: inputFile.fileDescriptor, standardOutput: outputFile.fileDescriptor,
            standardError: errorFile.fileDescriptor)
        let status = try child.exitStatus(within: Self.timeLimit)
        let output = try Data(contentsOf: outputURL)
        let error = try Data(contentsOf: errorURL)
        return Outcome(
            status: status,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: error, as: UTF8.self))
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
}
