import ChoosyCatalog
import Foundation

/// How the docs site names a catalog file: relative to the top of the git work tree holding the
/// catalog, else to the catalog root's parent, so a page says `data/builtin/twitter.yaml`
/// whichever directory `docs` ran from, and `--source-url` links match the repository.
public struct SiteSourcePaths: Sendable {
    /// The absolute directory the files' paths are relative to as given.
    let currentDirectory: String
    /// The absolute directory the site's paths are relative to.
    let base: String

    /// `catalogRoot` as the catalog gives it (relative to `currentDirectory`, or absolute); nil
    /// for a catalog without a config, whose paths are then relative to `currentDirectory`'s
    /// work tree or to it. Looks for a `.git` entry (a directory, or a worktree's file) up from
    /// the root.
    public init(catalogRoot: String?, currentDirectory: String) {
        self.currentDirectory = CatalogLoader.absolutePath(".", from: currentDirectory)
        let root = CatalogLoader.absolutePath(catalogRoot ?? ".", from: currentDirectory)
        base = Self.workTreeTop(around: root) ?? (catalogRoot == nil ? root : Self.parent(of: root))
    }

    /// The nearest directory from `directory` up that holds a `.git` entry.
    private static func workTreeTop(around directory: String) -> String? {
        var directory = directory
        while !FileManager.default.fileExists(atPath: joined(directory, ".git")) {
            guard directory != "/" else { return nil }
            directory = parent(of: directory)
        }
        return directory
    }

    /// `file` (as the catalog names it) relative to the base; a file outside it keeps its
    /// absolute path.
    public func path(of file: String) -> String {
        let absolute = CatalogLoader.absolutePath(file, from: currentDirectory)
        if base == "/" { return String(absolute.dropFirst()) }
        return absolute.hasPrefix(base + "/") ? String(absolute.dropFirst(base.count + 1)) : absolute
    }

    private static func joined(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }

    private static func parent(of directory: String) -> String {
        guard let slash = directory.lastIndex(of: "/"), slash != directory.startIndex else { return "/" }
        return String(directory[..<slash])
    }
}
