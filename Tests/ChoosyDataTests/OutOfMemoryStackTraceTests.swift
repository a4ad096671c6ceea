import ChoosyTestSupport
import Foundation
import Testing

/// Running out of memory with the runtime's backtracer off (`SWIFT_BACKTRACE=enable=no`, or an
/// installed binary with no `swift-backtrace` where the runtime looks): the runtime then prints
/// "Current stack trace:" and 27 frames after its one line, and that must not reach the user.
@Suite(.serialized, .tags(.slow, .resourceLimits))
struct OutOfMemoryStackTraceTests {
    @Test(arguments: ["enable=no", "enable=yes"])
    func runningOutOfMemoryPrintsNoStackTrace(backtrace: String) throws {
        let scratch = try ScratchDirectory("limits")
        try ResourceLimitTests.writeCatalog(apps: 200_000, to: scratch.url.appendingPathComponent("big.json"))
        let outcome = try ToolRunner.run(
            ["-c", "ulimit -v 200000 && MALLOC_ARENA_MAX=1 exec \"$0\" \"$@\"", ToolRunner.executable.path, "lint", "big.json"],
            program: URL(fileURLWithPath: "/bin/sh"), in: scratch.url, environment: ["SWIFT_BACKTRACE": backtrace])
        #expect(!outcome.standardError.contains("stack trace"), "\(outcome.standardError.prefix(2000))")
        #expect(ResourceLimitTests.isOutOfMemoryError(outcome), "\(outcome.status): \(outcome.standardError.prefix(2000))")
    }
}
