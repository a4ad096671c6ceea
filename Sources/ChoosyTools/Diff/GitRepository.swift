import ChoosyCore
import Foundation

/// Reads a git repository through the `git` command itself (rev-parse, ls-tree, show), never
/// touching the work tree or the index.
struct GitRepository {
    /// A directory inside the work tree; git finds the repository from it.
    let directory: String

    /// The work tree's top-level directory.
    func topLevel() throws(CatalogSideError) -> String {
        try text(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .newlines)
    }

    /// The commit `revision` names, as a full hash.
    func commit(_ revision: String) throws(CatalogSideError) -> String {
        do {
            return try text(["rev-parse", "--verify", "--quiet", "--end-of-options", "\(revision)^{commit}"])
                .trimmingCharacters(in: .newlines)
        } catch {
            throw .git("unknown revision '\(revision)': no commit has that name (try 'git log --oneline')")
        }
    }

    /// Every file path in `commit`'s tree, relative to the top level.
    func files(in commit: String) throws(CatalogSideError) -> [String] {
        try run(["ls-tree", "-r", "-z", "--name-only", "--full-tree", commit])
            .split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The paths at `commit` that are symbolic links (mode 120000): their contents are the
    /// path they name, not a file's text.
    func symbolicLinks(in commit: String) throws(CatalogSideError) -> Set<String> {
        let linkMode = Array("120000 ".utf8)
        return Set(try run(["ls-tree", "-r", "-z", "--full-tree", commit]).split(separator: 0).compactMap { entry in
            guard entry.starts(with: linkMode), let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
            return String(decoding: entry[entry.index(after: tab)...], as: UTF8.self)
        })
    }

    /// The tags, as git names them: those whose commits `commit` contains, or every one.
    func tags(reachableFrom commit: String? = nil) throws(CatalogSideError) -> [String] {
        try text(["tag", "--list"] + (commit.map { ["--merged", $0] } ?? [])).split(separator: "\n").map(String.init)
    }

    /// `commit`'s committer date, `YYYY-MM-DD`, in the committer's time zone.
    func date(of commit: String) throws(CatalogSideError) -> String {
        try text(["show", "-s", "--format=%cs", commit]).trimmingCharacters(in: .newlines)
    }

    /// Whether the work tree at or below `path` (relative to `directory`) differs from HEAD,
    /// untracked files included.
    func hasChanges(at path: String) throws(CatalogSideError) -> Bool {
        try !run(["status", "--porcelain", "--untracked-files=all", "--", path]).isEmpty
    }

    /// The bytes of `path` (relative to the top level) at `commit`.
    func contents(of path: String, at commit: String) throws(CatalogSideError) -> [UInt8] {
        try run(["show", "\(commit):\(path)"])
    }

    private func text(_ arguments: [String]) throws(CatalogSideError) -> String {
        String(decoding: try run(arguments), as: UTF8.self)
    }

    private func run(_ arguments: [String]) throws(CatalogSideError) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw .git("cannot run git: \(error.systemMessage)") }
        // Both pipes drained at once, and before waiting: git blocked writing to a full pipe
        // (64 KiB of warnings on stderr while we read stdout) would never exit.
        guard let message = BackgroundRead(errors.fileHandleForReading) else {
            process.terminate()
            process.waitUntilExit()
            throw .git("cannot start a thread to read git's messages: the system refused one (raise 'ulimit -v' or 'ulimit -u')")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let messageBytes = message.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .git("git \(arguments.first ?? "") failed" + Self.reason(messageBytes))
        }
        return Array(data)
    }

    /// The most characters of git's standard error a failure message quotes.
    static let reasonLimit = 2000

    /// `: ` and git's standard error, trimmed, on one line with invisible characters escaped,
    /// cut to `reasonLimit` characters; empty when git said nothing.
    private static func reason(_ bytes: Data) -> String {
        let reason = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty else { return "" }
        let shown = reason.count > reasonLimit ? String(reason.prefix(reasonLimit)) + "…" : reason
        return ": " + shown.withInvisibleCharactersEscaped
    }
}

/// A file handle read to its end on a thread of its own, while the caller reads another.
private final class BackgroundRead: @unchecked Sendable {
    // Written once by the reading thread before it returns, read only after joining it.
    private var data = Data()
    private var reader: WorkerThreads?

    /// Nil when the system refuses the thread.
    init?(_ handle: FileHandle) {
        guard let reader = WorkerThreads(dedicatedTo: { [self] in data = handle.readDataToEndOfFile() }) else { return nil }
        self.reader = reader
    }

    /// Everything read, once the end is reached.
    func wait() -> Data {
        reader?.join()
        return data
    }
}
