import Foundation

/// The directories a catalog's files may come from, with symbolic links resolved: the
/// catalog's own directory, and the directories the person running the tool trusts besides
/// (`CHOOSY_DATA_LAYER_DIRS`). A catalog cannot widen it itself, so a layer or a link in a
/// checked-out catalog never reads (and no message ever quotes) a file elsewhere, such as
/// `/proc/self/environ`.
public struct CatalogBoundary: Sendable {
    /// Resolved absolute paths.
    let directories: [String]

    /// `root` and `trustedDirectories` as they are now on disk; those that do not exist are
    /// left out.
    package init(root: String, trustedDirectories: [String]) {
        directories = ([root] + trustedDirectories).compactMap(Self.resolvedPath)
    }

    /// The catalog's own directory, resolved, for messages.
    var root: String { directories.first ?? "?" }

    /// Whether `resolvedPath` (already resolved) is one of the directories or below one.
    func contains(_ resolvedPath: String) -> Bool {
        directories.contains { resolvedPath == $0 || resolvedPath.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    /// `path` with every symbolic link, `.` and `..` resolved through the file system, as the
    /// kernel would follow it; nil when it does not exist or cannot be resolved (`errno` says why).
    package static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path.isEmpty ? "." : path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The directories named in `value` (`CHOOSY_DATA_LAYER_DIRS`: colon-separated, as `PATH`).
    public static func trustedDirectories(fromEnvironmentValue value: String?) -> [String] {
        (value ?? "").split(separator: ":").map(String.init)
    }

    /// The environment variable that names the trusted directories, for messages and the CLI.
    public static let environmentVariable = "CHOOSY_DATA_LAYER_DIRS"
}
