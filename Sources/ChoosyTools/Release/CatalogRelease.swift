import ChoosyCatalog
import Foundation

/// A catalog release as `release` makes it (docs/release.md): the last release found from the
/// git tags `vX.Y.Z` (or named), the catalog at that tag diffed against the work tree, the next
/// version from the most serious change, and the bundle stamped with it and its release notes.
/// It reads git and the catalog, and writes nothing until `bundle.write(to:)`.
public struct CatalogRelease: Sendable {
    /// The release this one follows; nil for the first.
    public let previous: SemanticVersion?
    public let version: SemanticVersion
    /// What changed since `previous` (for a first release, since an empty catalog).
    public let diff: CatalogDiff
    /// The commit the work tree is at, and whether the catalog there has uncommitted changes.
    public let commit: String
    public let isDirty: Bool
    public let bundle: CatalogBundle

    /// The first release's version when no tag `vX.Y.Z` precedes it: the catalog is already
    /// read by clients in production, which semver numbers 1.0.0 and up.
    public static let firstVersion = SemanticVersion(major: 1, minor: 0, patch: 0)

    /// `bump` nil computes it from the diff; `since` names the last release's tag; `date`
    /// (`YYYY-MM-DD`) nil takes the commit's. `currentDirectory` resolves the catalog's root.
    public init(
        catalog: Catalog, currentDirectory: String, bump: VersionBump?, since: String?, date: String?
    ) throws(ReleaseError) {
        guard let root = catalog.root else {
            throw ReleaseError("release needs a catalog with a \(CatalogConfig.fileName); pass its directory (e.g. data/)")
        }
        let directory = CatalogLoader.absolutePath(root, from: currentDirectory)
        let repository = GitRepository(directory: directory)
        do {
            commit = try repository.commit("HEAD")
            isDirty = try repository.hasChanges(at: ".")
        } catch {
            throw ReleaseError("release reads the last release from git, but \(root) is not in a git repository with a commit: \(error)")
        }
        let previousTag = try Self.previousTag(since: since, repository: repository, commit: commit)
        let profile = catalog.clientProfile
        let old: Catalog
        if let previousTag {
            do {
                old = try CatalogSide.git(revision: previousTag, path: nil).load(currentDirectory: directory)
            } catch {
                throw ReleaseError("cannot read the catalog of the last release, \(previousTag): \(error)")
            }
        } else {
            old = Catalog(layers: [])
        }
        diff = CatalogDiff(old: MergedCatalog(old, profile: profile), new: MergedCatalog(catalog, profile: profile))
        previous = previousTag.flatMap(SemanticVersion.init(tag:))
        guard let needed = VersionBump(needed: diff) else {
            throw ReleaseError("nothing to release: the catalog is the same as at \(previousTag ?? "the last release") for the client (diff shows no change)")
        }
        if let bump, bump < needed {
            throw ReleaseError(
                "--bump \(bump.rawValue) is too small: the changes since \(previousTag ?? "the start") need a \(needed.rawValue) release "
                    + "(\(diff.count(of: .breaking)) breaking, \(diff.count(of: .feature)) feature); use --bump \(needed.rawValue) or --bump auto")
        }
        version = previous.map { $0.bumped(bump ?? needed) } ?? Self.firstVersion
        try Self.refuseExisting(version.tag, repository: repository)
        let releaseDate: String
        if let date {
            guard Self.isDate(date) else { throw ReleaseError("--date '\(date)' is not a date; write it YYYY-MM-DD, e.g. 2026-12-01") }
            releaseDate = date
        } else {
            do { releaseDate = try repository.date(of: commit) } catch { throw ReleaseError("cannot read the date of HEAD: \(error)") }
        }
        let stamp = ReleaseStamp(
            version: version.description, date: releaseDate, minimumClient: catalog.config?.minimumClient?.description,
            sourceRevision: commit + (isDirty ? "+dirty" : ""))
        do {
            bundle = try CatalogBundle(catalog, release: stamp, notes: DiffMarkdownReporter.render(diff))
        } catch {
            throw ReleaseError(error.message)
        }
    }

    /// "3 changes: 1 breaking, …", as diff ends its report.
    public var summary: String { DiffGrouping.summary(diff) }

    /// The command that tags this release's commit, for the user to run.
    public var tagCommand: String {
        "git tag -a \(version.tag) -m 'Catalog \(version)' \(commit.prefix(12))"
    }

    /// `since` checked, or the highest `vX.Y.Z` tag `commit` contains; nil when there is none.
    private static func previousTag(since: String?, repository: GitRepository, commit: String) throws(ReleaseError) -> String? {
        if let since {
            guard SemanticVersion(tag: since) != nil else {
                throw ReleaseError("--since '\(since)' is not a release tag; name one as vX.Y.Z, e.g. v1.2.0")
            }
            do { _ = try repository.commit(since) } catch { throw ReleaseError("--since \(since): \(error)") }
            return since
        }
        let tags: [String]
        do { tags = try repository.tags(reachableFrom: commit) } catch { throw ReleaseError("cannot list the git tags: \(error)") }
        return tags.compactMap { tag in SemanticVersion(tag: tag).map { (tag, $0) } }.max { $0.1 < $1.1 }?.0
    }

    /// Refuses a version whose tag exists already, on a commit HEAD does not contain (a release
    /// made on another branch): proposing it again would tag two catalogs with one version.
    private static func refuseExisting(_ tag: String, repository: GitRepository) throws(ReleaseError) {
        let tags: [String]
        do { tags = try repository.tags() } catch { throw ReleaseError("cannot list the git tags: \(error)") }
        guard tags.contains(tag) else { return }
        let commit = (try? repository.commit(tag)).map { " (\($0.prefix(12)))" } ?? ""
        throw ReleaseError(
            "the next version's tag, \(tag), exists already on a commit HEAD does not contain\(commit): "
                + "merge that release into this branch, or pass a larger --bump")
    }

    /// Whether `text` is a day of the Gregorian calendar written `YYYY-MM-DD`.
    private static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }) else { return false }
        let numbers = parts.compactMap { Int($0) }
        return DateComponents(calendar: Calendar(identifier: .gregorian), year: numbers[0], month: numbers[1], day: numbers[2]).isValidDate
    }
}

/// Why a release could not be made; the CLI exits 2.
public struct ReleaseError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
