import Foundation

/// A git repository made for one test in a scratch directory, so that tests of git sides
/// never depend on this checkout's history; it goes with the last copy of the value.
package struct TemporaryGitRepository {
    private let scratch: ScratchDirectory
    package var url: URL { scratch.url }

    package init() throws {
        scratch = try ScratchDirectory("git")
        try git("init", "-q")
    }

    /// Copies `source`'s contents to `path` (replacing what was there) and commits everything.
    package func commit(copying source: URL, to path: String, message: String) throws {
        let target = url.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
        try git("add", "-A")
        try git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", message)
    }

    /// Writes `text` to `path` in the work tree, creating its directories.
    package func write(_ text: String, to path: String) throws {
        let target = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: target, atomically: true, encoding: .utf8)
    }

    /// Commits everything with fixed dates (`date` at noon UTC), so commit hashes and dates repeat.
    package func commitAll(message: String, date: String = "2026-11-02") throws {
        try git("add", "-A")
        try git(
            "-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", message,
            environment: ["GIT_AUTHOR_DATE": "\(date)T12:00:00Z", "GIT_COMMITTER_DATE": "\(date)T12:00:00Z"])
    }

    package func tag(_ name: String) throws {
        try git("tag", name)
    }

    /// The full hash of HEAD.
    package func head() throws -> String {
        try git("rev-parse", "HEAD").trimmingCharacters(in: .newlines)
    }

    /// Runs git in the repository; its standard output.
    @discardableResult
    package func git(_ arguments: String..., environment: [String: String] = [:]) throws -> String {
        let outcome = try ProgramRunner.run(["git"] + arguments, program: URL(fileURLWithPath: "/usr/bin/env"), in: url, environment: environment)
        guard outcome.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")): \(outcome.standardError)"])
        }
        return outcome.standardOutput
    }
}
