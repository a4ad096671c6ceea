import ChoosyCatalog
import ChoosyCore

/// Where every command that reads one catalog gets it: a PATH of `git:REV[:PATH]` is the
/// catalog at that revision, read from git as `lint`, `diff` and `review` read one; anything
/// else is read by `CatalogSelection`. So `bundle X` reads what `lint X` checks, for every X.
public enum CatalogReading {
    public static func load(
        _ selection: CatalogSelection, currentDirectory: String, trustedDirectories: [String]
    ) throws(CatalogReadingError) -> Catalog {
        if let path = selection.path, isRevision(path) {
            do {
                return try CatalogSide(path).loadUnchecked(currentDirectory: currentDirectory, trustedDirectories: trustedDirectories)
            } catch {
                throw .revision(argument: path, error)
            }
        }
        do {
            return try selection.load(currentDirectory: currentDirectory, trustedDirectories: trustedDirectories)
        } catch {
            throw .selection(error)
        }
    }

    /// Whether a command-line argument names a git revision's catalog: keys never do.
    public static func isRevision(_ argument: String) -> Bool {
        argument.hasPrefix(CatalogSide.gitPrefix)
    }
}

/// Why a catalog could not be read; the CLI exits 2.
public enum CatalogReadingError: LinedError, Sendable {
    case selection(CatalogSelectionError)
    case revision(argument: String, CatalogSideError)

    public var description: String {
        switch self {
        case .selection(let error): error.description
        case .revision(let argument, let error): "\(argument): \(error.description)"
        }
    }

    /// The lines of a load error's config mistakes, one a line; any other error is one line.
    public var lines: [String] {
        switch self {
        case .selection(let error): error.lines
        case .revision(let argument, let error): error.lines.map { "\(argument): \($0)" }
        }
    }
}
