import ChoosyCatalog
import ChoosySyntax
import Foundation

/// One side of `diff`: a catalog directory or file on disk, or a catalog at a git revision of
/// the repository around the current directory (`git:REV` or `git:REV:PATH`).
public enum CatalogSide: Sendable, Equatable {
    case path(String)
    /// `path` is relative to the repository's top level; nil means the catalog around the
    /// current directory.
    case git(revision: String, path: String?)

    private static let gitPrefix = "git:"

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

    /// Loads the catalog, refusing one with a file that does not parse: a diff of a catalog
    /// with files missing would report their contents as removed. `trustedDirectories` are
    /// those of `CatalogLoader`.
    public func load(currentDirectory: String, trustedDirectories: [String] = []) throws(CatalogSideError) -> Catalog {
        let catalog: Catalog
        switch self {
        case .path(let path):
            do { catalog = try CatalogLoader(trustedDirectories: trustedDirectories).load(path: path) } catch { throw .load(error) }
        case .git(let revision, let path):
            catalog = try GitCatalogReader(revision: revision, currentDirectory: currentDirectory).load(path: path)
        }
        if let (file, error) = catalog.layers.lazy.flatMap(\.unloadableFiles).first {
            throw .syntax(file: file.path, error)
        }
        return catalog
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
