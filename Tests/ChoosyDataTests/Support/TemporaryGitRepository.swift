import Foundation

/// A git repository made for one test in a temporary directory, so that tests of git sides
/// never depend on this checkout's history.
struct TemporaryGitRepository {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("choosy-git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try git("init", "-q")
    }

    /// Copies `source`'s contents to `path` (replacing what was there) and commits everything.
    func commit(copying source: URL, to path: String, message: String) throws {
        let target = url.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
        try git("add", "-A")
        try git("-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", message)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    private func git(_ arguments: String...) throws {
        let outcome = try ToolRunner.run(["git"] + arguments, program: URL(fileURLWithPath: "/usr/bin/env"), in: url)
        guard outcome.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")): \(outcome.standardError)"])
        }
    }
}
