import Foundation

/// A new directory of one test's own under the system's temporary directory, removed with
/// everything in it when the test lets go of it, whether the test passed, failed or threw.
///
/// Hold it in a `let` in the test's scope: Swift keeps a local's object alive to the end of
/// its scope across the file-system calls that follow (lexical lifetimes), so the directory
/// outlives every use of `url` or `path` taken from it, and goes when the test returns.
package final class ScratchDirectory: Sendable {
    package let url: URL
    package var path: String { url.path }

    /// An empty directory, its name starting `choosy-LABEL-`, holding `files` (relative path to
    /// text, directories made as needed).
    package init(_ label: String = "scratch", files: [String: String] = [:]) throws {
        url = Self.uniqueURL(label)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (relativePath, text) in files { try write(relativePath, text) }
    }

    /// A copy of `source` (a directory), such as data/ to be edited by a test.
    package init(copying source: URL, _ label: String = "copy") throws {
        url = Self.uniqueURL(label)
        try FileManager.default.copyItem(at: source, to: url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The URL of `relativePath` inside the directory; nothing is created.
    package func file(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// Writes `text` at `relativePath`, making its directories; returns its URL.
    @discardableResult
    package func write(_ relativePath: String, _ text: String) throws -> URL {
        let target = file(relativePath)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
        return target
    }

    /// Makes a symbolic link at `relativePath` to `destination` (as given: relative or absolute).
    package func link(_ relativePath: String, to destination: String) throws {
        let link = file(relativePath)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: destination)
    }

    private static func uniqueURL(_ label: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("choosy-\(label)-\(UUID().uuidString)")
    }
}
