import ChoosyCatalog
import ChoosySyntax
import Foundation

/// One side of `diff` and `review`: a catalog directory or file on disk, or a catalog at a git
/// revision of the repository around the current directory (`git:REV` or `git:REV:PATH`).
public enum CatalogSide: Sendable, Equatable {
    case path(String)
    /// `path` is relative to the repository's top level; nil means the catalog around the
    /// current directory.
    case git(revision: String, path: String?)

    /// What starts a side read from git.
    static let gitPrefix = "git:"

    /// Reads `argument` literally: `git:REV[:PATH]` is a revision, anything else a path.
    public init(_ argument: String) {
        guard argument.hasPrefix(Self.gitPrefix) else {
            self = .path(argument)
            return
        }
        let rest = argument.dropFirst(Self.gitPrefix.count)
        if let colon = rest.firstIndex(of: ":") {
            self = .git(revision: String(rest[..<colon]), path: String(rest[rest.index(after: colon)...]))
        } else {
            self = .git(revision: String(rest), path: nil)
        }
    }

    /// The side a user names (docs/diff.md, "Naming a side"): `git:REV[:PATH]`; a path written
    /// as one (`./x`, `../x`, `/x`); else the file or directory, or the revision of the
    /// repository around `currentDirectory`, that the word names. A word naming both is
    /// refused: a directory named like the base revision (`origin/main/` holding an old copy)
    /// would otherwise stand in for it unseen.
    public static func named(_ argument: String, currentDirectory: String) throws(CatalogSideError) -> CatalogSide {
        let written = CatalogSide(argument)
        guard case .path = written, !argument.isEmpty,
            !["/", "./", "../"].contains(where: argument.hasPrefix), argument != ".", argument != ".."
        else { return written }
        let isPath = FileManager.default.fileExists(atPath: CatalogLoader.absolutePath(argument, from: currentDirectory))
        let isRevision = (try? GitRepository(directory: currentDirectory).commit(argument)) != nil
        switch (isPath, isRevision) {
        case (true, true):
            throw .git("'\(argument)' names both a file or directory here and a git revision; "
                + "write git:\(argument) for the revision, or ./\(argument) for the path")
        case (true, false):
            return written
        case (false, true):
            return .git(revision: argument, path: nil)
        case (false, false):
            throw .git("'\(argument)' is neither a file or directory nor a git revision here; "
                + "name a catalog directory or file, or a revision such as HEAD~1 or git:origin/main")
        }
    }

    /// The catalog of the work tree around the current directory: `review`'s HEAD by default.
    public static func workTree(currentDirectory: String) throws(CatalogSideError) -> CatalogSide {
        do {
            return .path(try CatalogSelection.defaultCatalogDirectory(currentDirectory: currentDirectory))
        } catch {
            throw .git("\(error.finding); run review inside the catalog, or name HEAD as a directory")
        }
    }

    /// Loads the catalog, refusing one with a file that does not parse: a diff of a catalog
    /// with files missing would report their contents as removed. `trustedDirectories` are
    /// those of `CatalogLoader`; `layout`, when given, is the config a revision is read with
    /// instead of its own (one from before the catalog had a config, or another layout).
    public func load(currentDirectory: String, trustedDirectories: [String] = [], layout: CatalogLayout? = nil) throws(CatalogSideError) -> Catalog {
        let catalog = try loadUnchecked(currentDirectory: currentDirectory, trustedDirectories: trustedDirectories, layout: layout)
        if let (file, error) = catalog.layers.lazy.flatMap(\.unloadableFiles).first {
            throw .syntax(file: file.path, error)
        }
        return catalog
    }
}

extension CatalogSide {
    /// The catalog as it is, files that do not parse included (as unloadable files): what
    /// `lint git:REV` checks.
    public func loadUnchecked(currentDirectory: String, trustedDirectories: [String] = [], layout: CatalogLayout? = nil) throws(CatalogSideError) -> Catalog {
        switch self {
        case .path(let path):
            do { return try CatalogLoader(trustedDirectories: trustedDirectories).load(path: path) } catch { throw .load(error) }
        case .git(let revision, let path):
            return try GitCatalogReader(revision: revision, currentDirectory: currentDirectory).load(path: path, layout: layout)
        }
    }
}

/// A config from the work tree that git revisions are read with: the layers it lists, relative
/// to its directory at the revision.
public struct CatalogLayout: Sendable {
    let config: CatalogConfig
    let configFile: SourceFile
    /// The config's directory, absolute.
    public let directory: String

    /// Reads the `.choosy-data.yml` at `configPath`, or `implied` in its place.
    public init(configPath: String, implied: SourceFile? = nil) throws(CatalogSideError) {
        do { (config, configFile) = try CatalogLoader.loadConfig(at: configPath, implied: implied) } catch { throw .load(error) }
        directory = CatalogLoader.absolutePath(configPath).pathDeletingLastComponent
    }
}

/// Why a side of `diff` could not be read; the CLI names the side and exits 2.
public enum CatalogSideError: LinedError, Sendable {
    case load(CatalogLoadError)
    /// git failed, or the revision holds no catalog where asked.
    case git(String)
    /// A catalog file does not parse.
    case syntax(file: String, SyntaxError)

    public var description: String {
        switch self {
        case .load(let error): error.description
        case .git(let message): message
        case .syntax(let file, let error): CatalogLoadError.config(file: file, [error]).description
        }
    }

    /// The lines of a load error's config mistakes, one a line; any other error is one line.
    public var lines: [String] {
        if case .load(let error) = self { error.lines } else { [description] }
    }
}
