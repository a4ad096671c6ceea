import ChoosyCatalog
import Foundation

/// The catalog the site's "What changed" page (`changes.html`) compares with: the one at
/// `docs --since REV`, or else at the last release tag (`vX.Y.Z`, as `release` names them)
/// before the commit the catalog's repository is at. Reading it is the only git the site does.
public struct SiteChanges: Sendable {
    /// The revision as the page names it: REV as given, or the tag.
    public let since: String
    /// The full hash of the commit `since` names.
    public let commit: String
    public let catalog: Catalog

    /// The catalog at `since` when given (a bad REV, or one without the catalog, is an error);
    /// else at the last release tag: the highest `vX.Y.Z` that HEAD contains, or the one
    /// before it when HEAD is that tag's own commit (the site of a release shows what the
    /// release changed). Nil when there is no repository, no commit, no earlier release, or
    /// its catalog cannot be read: the site is then made without the page. `directory` is the
    /// catalog's root directory; git finds the repository from it.
    public static func find(directory: String, since: String?) throws(SiteChangesError) -> SiteChanges? {
        let repository = GitRepository(directory: directory)
        if let since {
            do {
                let commit = try repository.commit(since)
                return SiteChanges(since: since, commit: commit, catalog: try CatalogSide.git(revision: commit, path: nil).load(currentDirectory: directory))
            } catch {
                throw SiteChangesError("--since \(since): \(error.description)")
            }
        }
        guard mayHoldReleaseTags(around: directory), let head = try? repository.commit("HEAD"),
            let tags = try? repository.tags(reachableFrom: head)
        else { return nil }
        let releases = tags.compactMap { tag in SemanticVersion(tag: tag).map { (tag: tag, version: $0) } }.sorted { $0.version > $1.version }
        var candidates = releases[...]
        if let latest = candidates.first, (try? repository.commit(latest.tag)) == head { candidates = candidates.dropFirst() }
        guard let release = candidates.first, let commit = try? repository.commit(release.tag),
            let catalog = try? CatalogSide.git(revision: commit, path: nil).load(currentDirectory: directory)
        else { return nil }
        return SiteChanges(since: release.tag, commit: commit, catalog: catalog)
    }
}

extension SiteChanges {
    /// Whether the repository around `directory` may hold a release tag, as its files say: a
    /// site without one never starts git, whose process Foundation starts with a thread of its
    /// own and, when the system refuses that thread (a tight `ulimit -v`), waits for forever.
    /// A work tree's `.git` file names its git directory, whose `commondir` holds the tags.
    static func mayHoldReleaseTags(around directory: String) -> Bool {
        let files = FileManager.default
        var current = directory
        while true {
            let git = current + "/.git"
            var isDirectory: ObjCBool = false
            if files.fileExists(atPath: git, isDirectory: &isDirectory) {
                var gitDirectory = git
                if !isDirectory.boolValue {
                    guard let link = try? String(contentsOfFile: git, encoding: .utf8), link.hasPrefix("gitdir: ") else { return true }
                    let named = link.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
                    gitDirectory = named.hasPrefix("/") ? named : current + "/" + named
                    if let common = try? String(contentsOfFile: gitDirectory + "/commondir", encoding: .utf8) {
                        let path = common.trimmingCharacters(in: .whitespacesAndNewlines)
                        gitDirectory = path.hasPrefix("/") ? path : gitDirectory + "/" + path
                    }
                }
                let tags = (try? files.contentsOfDirectory(atPath: gitDirectory + "/refs/tags")) ?? []
                let packed = (try? String(contentsOfFile: gitDirectory + "/packed-refs", encoding: .utf8)) ?? ""
                return tags.contains { $0.hasPrefix("v") } || packed.contains("refs/tags/v")
            }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return false }
            current = parent
        }
    }
}

/// Why `--since` names no catalog to compare with; the CLI exits 2.
public struct SiteChangesError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
