import ChoosyTestSupport
import Foundation

/// A docs site built by the `choosy-data docs` binary into a scratch directory, and what the
/// tests read from it; the site goes with the last copy of the value.
struct BuiltSite {
    private let scratch: ScratchDirectory
    let directory: URL
    let outcome: ToolRunner.Outcome

    /// Runs `choosy-data docs ARGUMENTS -o <new directory>` in `workingDirectory`.
    init(_ arguments: [String], in workingDirectory: URL = TestPaths.packageRoot) throws {
        scratch = try ScratchDirectory("site")
        directory = scratch.file("site")
        outcome = try ToolRunner.run(["docs"] + arguments + ["-o", directory.path], in: workingDirectory)
    }

    var pages: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".html") }.sorted()
    }

    func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    func url(_ name: String) -> String {
        directory.appendingPathComponent(name).absoluteString
    }
}
