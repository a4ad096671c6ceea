import Foundation

/// Runs a program (git, Python, a shell, `diff`) for a test and collects what it printed and
/// its exit status; `ToolRunner` runs `choosy-data` through it.
package enum ProgramRunner {
    package struct Outcome {
        package let status: Int32
        package let standardOutput: String
        package let standardError: String
        /// The most memory the program had resident at once, in KiB.
        package var peakResidentKilobytes: Int?

        package init(status: Int32, standardOutput: String, standardError: String, peakResidentKilobytes: Int? = nil) {
            self.status = status
            self.standardOutput = standardOutput
            self.standardError = standardError
            self.peakResidentKilobytes = peakResidentKilobytes
        }
    }

    /// How long a run may take before it is killed and its test fails: far longer than any
    /// run needs, far shorter than CI waits for the whole suite.
    package static let timeLimit: TimeInterval = 600

    /// Runs `program` with `arguments` in `directory`, with `environment` added to (or
    /// replacing entries of) ours, and waits for it. Standard input and output come from and go
    /// to `standardInputPath` and `standardOutputPath` when given (a directory, `/dev/full`);
    /// the outcome's standard output is then empty. A run that takes longer than `timeLimit` is
    /// killed and throws `ChildProcess.Timeout`.
    package static func run(
        _ arguments: [String], program: URL, in directory: URL = TestPaths.packageRoot,
        standardInput: Data? = nil, environment: [String: String] = [:],
        standardInputPath: String? = nil, standardOutputPath: String? = nil
    ) throws -> Outcome {
        let environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
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
            standardError: String(decoding: error, as: UTF8.self),
            peakResidentKilobytes: child.peakResidentKilobytes)
    }
}
