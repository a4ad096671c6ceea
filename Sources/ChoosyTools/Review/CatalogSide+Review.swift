import ChoosyCatalog
import Foundation

extension CatalogSide {
    /// A side of `review`: `git:REV[:PATH]` as `diff` reads it, else an existing file or
    /// directory, else a git revision (the catalog around the current directory, at it).
    public init(revisionOrPath argument: String, currentDirectory: String) {
        guard !argument.hasPrefix("git:") else {
            self.init(argument)
            return
        }
        let path = argument.hasPrefix("/") ? argument : currentDirectory + "/" + argument
        self = FileManager.default.fileExists(atPath: path) ? .path(argument) : .git(revision: argument, path: nil)
    }

    /// The catalog of the work tree around the current directory: `review`'s HEAD by default.
    public static func workTree(currentDirectory: String) throws(CatalogSideError) -> CatalogSide {
        do {
            return .path(try CatalogSelection.defaultCatalogDirectory(currentDirectory: currentDirectory))
        } catch {
            throw .git("\(error.finding); run review inside the catalog, or name HEAD as a directory")
        }
    }
}
