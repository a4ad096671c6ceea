import Foundation
import Testing

/// Running out of memory or file descriptors ends a run with one line of its own and exit
/// code 2, never a crash report; run under `ulimit` as a user would.
@Suite(.serialized)
struct ResourceLimitTests {
    /// `choosy-data ARGUMENTS` run by `sh` after `ulimit LIMIT`, in `directory`.
    static func run(_ arguments: [String], limit: String, in directory: URL) throws -> ToolRunner.Outcome {
        try ToolRunner.run(
            ["-c", "ulimit \(limit) && exec \"$0\" \"$@\"", ToolRunner.executable.path] + arguments,
            program: URL(fileURLWithPath: "/bin/sh"), in: directory)
    }

    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("choosy-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A catalog of 200 000 apps (16 MB) linted in 200 MB of address space: the Swift runtime
    /// fails an allocation, says so on one line, and choosy-data adds what to do.
    @Test func runningOutOfMemoryIsAnErrorNotACrashReport() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let apps = (0..<200_000).map { "{\"name\": \"A\($0)\", \"key\": \"a\($0)\", \"app_url_scheme\": \"a\($0):\", \"actions\": []}" }
        let catalog = "[{\"name\": \"T\", \"key\": \"t\", \"parameters\": [], \"actions\": [], \"apps\": [\(apps.joined(separator: ", "))]}]"
        try Data(catalog.utf8).write(to: directory.appendingPathComponent("big.json"))
        let outcome = try Self.run(["lint", "big.json"], limit: "-v 200000", in: directory)
        #expect(outcome.status == 2)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.count == 2, "\(outcome.standardError.prefix(2000))")
        #expect(lines.first?.hasPrefix("Fatal error: failed to allocate ") == true)
        #expect(lines.last == """
            Error: choosy-data ran out of memory; raise its limit (ulimit -v, or the container's) or give it a smaller catalog. \
            No file was left half-written.
            """)
    }

    /// Eight descriptors: too few for the concurrent reads and libdispatch's own descriptors,
    /// which stopped the process with SIGILL. The check at start-up says so on one line before
    /// anything is read or written (with the limit raised to 14, this catalog writes whole).
    @Test(arguments: ["bundle", "docs"])
    func runningOutOfFileDescriptorsIsOneLineAndWritesNothing(command: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try Self.run([command, TestPaths.packageRoot.appendingPathComponent("data").path, "-o", "out"], limit: "-n 8", in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: too few file descriptors: choosy-data needs "))
        #expect(outcome.standardError.hasSuffix("raise it with 'ulimit -n' and run again\n"))
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
