import ChoosyTestSupport
import Foundation
import Testing

/// Running out of memory or file descriptors ends a run with one line of its own and exit
/// code 2, never a crash report; run under `ulimit` as a user would.
@Suite(.serialized, .tags(.slow, .resourceLimits))
struct ResourceLimitTests {
    /// `choosy-data ARGUMENTS` run by `sh` after `ulimit LIMIT`, in `directory`.
    ///
    /// The only time limit is `ToolRunner.timeLimit` (600 s), there to stop a hang: a run that
    /// reaches it is killed and its test fails at once, naming the command. On a 2-core
    /// machine with a `swift build` running beside (load average 5 to 11) one run took under
    /// 20 s (lint of 200 000 apps, 85 s for the sweep of six; a `docs` run under 2 s); beside
    /// the Chromium suites (load average 9) the slowest test, writing its 25 MB catalog and
    /// one run, took 87 s. A passing run stays 7 times below the limit at the very worst
    /// measured, 30 times below it as a rule.
    ///
    /// The runs used to be killed at 60 s: with a malloc arena per thread, glibc near the
    /// limit tries (and fails) to reserve a new 64 MB heap for every allocation, three million
    /// times in one `docs` run, which took 23–90 s under load. `oneMallocArena` (the default)
    /// avoids that; worker threads are still refused their stacks at the low limits (8 MB
    /// each, seen with strace), which is what the thread test is about.
    static func run(_ arguments: [String], limit: String, oneMallocArena: Bool = true, in directory: URL) throws -> ToolRunner.Outcome {
        let environment = oneMallocArena ? "MALLOC_ARENA_MAX=1 " : ""
        return try ToolRunner.run(
            ["-c", "ulimit \(limit) && \(environment)exec \"$0\" \"$@\"", ToolRunner.executable.path] + arguments,
            program: URL(fileURLWithPath: "/bin/sh"), in: directory)
    }

    static let outOfMemoryLine = """
        Error: choosy-data ran out of memory; raise its limit (ulimit -v, or the container's) or give it a smaller catalog. \
        No file was left half-written.
        """

    /// Whether `outcome` is what running out of memory must look like: exit code 2, our line
    /// once, and nothing else but the runtime's lines about the allocations that failed
    /// (several threads can fail at once, before or after ours).
    static func isOutOfMemoryError(_ outcome: ToolRunner.Outcome) -> Bool {
        let lines = outcome.standardError.split(separator: "\n")
        return outcome.status == 2 && lines.filter { $0 == outOfMemoryLine }.count == 1
            && lines.allSatisfy { $0 == outOfMemoryLine || $0.hasPrefix("Fatal error: failed to allocate ") }
    }

    /// A valid catalog of one app type with `count` apps that implement its one action, as one
    /// JSON file.
    static func writeCatalog(apps count: Int, to file: URL) throws {
        let apps = (0..<count).map {
            "{\"name\": \"A\($0)\", \"key\": \"a\($0)\", \"app_url_scheme\": \"a\($0):\", \"actions\": [{\"key\": \"open\", \"url_format\": \"a\($0)://\"}]}"
        }
        let catalog = "[{\"name\": \"T\", \"key\": \"t\", \"parameters\": [], \"actions\": [{\"name\": \"Open\", \"key\": \"open\"}], \"apps\": [\(apps.joined(separator: ", "))]}]"
        try Data(catalog.utf8).write(to: file)
    }

    /// A catalog of 200 000 apps (25 MB) linted in 200 MB of address space: the Swift runtime
    /// fails an allocation, says so on one line, and choosy-data adds what to do.
    @Test func runningOutOfMemoryIsAnErrorNotACrashReport() throws {
        let scratch = try ScratchDirectory("limits")
        let directory = scratch.url
        try Self.writeCatalog(apps: 200_000, to: directory.appendingPathComponent("big.json"))
        let outcome = try Self.run(["lint", "big.json"], limit: "-v 200000", in: directory)
        #expect(Self.isOutOfMemoryError(outcome), "\(outcome.status): \(outcome.standardError.prefix(2000))")
    }

    /// Limits from too small to plenty for linting 200 000 apps (25 MB): the allocation that
    /// fails is a large one at some limits and a small one at others (a few hundred bytes,
    /// where the handler's own first use of a constant needed memory and the process crashed
    /// with SIGILL). Every run either succeeds or ends with the line.
    ///
    /// The runs use one malloc arena (`run`): glibc, refused the 64 MB reservation of a new heap
    /// for a thread's arena near the limit, tries again for every allocation (four system calls
    /// each), which took one run of the debug build 26 s. Allocations fail at the same places
    /// either way.
    @Test func everyAllocationThatFailsEndsTheSameWay() throws {
        let scratch = try ScratchDirectory("limits")
        let directory = scratch.url
        // Named after its app type's key, so a run that completes has nothing to report.
        try Self.writeCatalog(apps: 200_000, to: directory.appendingPathComponent("t.json"))
        var outOfMemory = 0
        for limit in [150_000, 170_000, 190_000, 210_000, 230_000, 250_000] {
            let outcome = try Self.run(["lint", "--quiet", "t.json"], limit: "-v \(limit)", in: directory)
            if Self.isOutOfMemoryError(outcome) { outOfMemory += 1 }
            #expect(outcome.status == 0 || Self.isOutOfMemoryError(outcome), "ulimit -v \(limit): \(outcome.status): \(outcome.standardError.prefix(2000))")
        }
        #expect(outOfMemory > 0, "no limit in the sweep was too small")
    }

    /// Address space for the program but hardly for threads: libdispatch, refused a worker
    /// thread, slept and retried forever (80 000 KB hung `docs`). Every run now writes the
    /// whole site, on fewer threads, or ends with the two lines; below the limit the dynamic
    /// loader needs (the debug binary maps Foundation's ICU data), the loader itself refuses.
    @Test func tooLittleAddressSpaceForThreadsNeverHangs() throws {
        let scratch = try ScratchDirectory("limits")
        let directory = scratch.url
        let data = TestPaths.packageRoot.appendingPathComponent("data").path
        var completeSites = 0
        for limit in stride(from: 70_000, through: 130_000, by: 4_000) {
            let output = "site-\(limit)"
            let outcome = try Self.run(["docs", data, "-o", output], limit: "-v \(limit)", in: directory)
            let loaderRefused = outcome.status == 127 && outcome.standardError.contains("error while loading shared libraries")
            #expect(outcome.status == 0 || loaderRefused || Self.isOutOfMemoryError(outcome), "ulimit -v \(limit): \(outcome.status): \(outcome.standardError.prefix(2000))")
            if outcome.status == 0 {
                completeSites += 1
                #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(output)/index.html").path))
            }
        }
        #expect(completeSites > 0, "no limit in the sweep was enough to write the site")
    }

    /// Eight descriptors: too few for the concurrent reads and libdispatch's own descriptors,
    /// which stopped the process with SIGILL. The check at start-up says so on one line before
    /// anything is read or written (with the limit raised to 14, this catalog writes whole).
    @Test(arguments: ["bundle", "docs"])
    func runningOutOfFileDescriptorsIsOneLineAndWritesNothing(command: String) throws {
        let scratch = try ScratchDirectory("limits")
        let directory = scratch.url
        let outcome = try Self.run([command, TestPaths.packageRoot.appendingPathComponent("data").path, "-o", "out"], limit: "-n 8", in: directory)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: too few file descriptors: choosy-data needs "))
        #expect(outcome.standardError.hasSuffix("raise it with 'ulimit -n' and run again\n"))
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// A file nested as deep as the parsers allow (512 levels) is read on a thread of the run's own with a
    /// worker's stack, so a shell's 1 MiB stack limit is no crash (SIGSEGV) for lint, nor for
    /// the language server, which parses it on its reading thread to answer a hover.
    @Test func deepNestingUnderASmallStackIsNoCrash() throws {
        let scratch = try ScratchDirectory("limits")
        let directory = scratch.url
        let deep = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let file = directory.appendingPathComponent("deep.json")
        try Data(deep.utf8).write(to: file)
        let lint = try Self.run(["lint", file.path], limit: "-s 1024", in: directory)
        // A file in no catalog, checked on its own: findings (no app types), not a crash.
        #expect(lint.status == 1, "\(lint.standardError.prefix(2000))")
        #expect(lint.standardError.isEmpty)

        let uri = file.absoluteString
        let messages: [[String: Any]] = [
            ["id": 1, "method": "initialize", "params": ["processId": NSNull(), "rootUri": directory.absoluteString, "capabilities": [:]]],
            ["method": "initialized", "params": [:]],
            ["method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "languageId": "json", "version": 1, "text": deep]]],
            ["id": 2, "method": "textDocument/hover", "params": ["textDocument": ["uri": uri], "position": ["line": 0, "character": 300]]],
            ["id": 3, "method": "shutdown"],
            ["method": "exit"],
        ]
        let input = try messages.reduce(into: Data()) { input, message in
            let body = try JSONSerialization.data(withJSONObject: message.merging(["jsonrpc": "2.0"]) { current, _ in current })
            input += Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let lsp = try ToolRunner.run(
            ["-c", "ulimit -s 1024 && exec \"$0\" lsp", ToolRunner.executable.path],
            program: URL(fileURLWithPath: "/bin/sh"), in: directory, standardInput: input)
        #expect(lsp.status == 0, "\(lsp.standardError.prefix(2000))")
        #expect(lsp.standardOutput.contains("\"id\":3"))
    }
}
