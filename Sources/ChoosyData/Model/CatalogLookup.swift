import Foundation

/// Finds and loads the one catalog a command such as `show` works on, as `lint` finds its
/// catalogs: `--config`, else the catalog around PATH, else the one around the current directory.
public enum CatalogLookup {
    /// Loads the catalog named by `configPath`, or the one whose `.choosy-data.yml` is at or
    /// above `path` (a directory or a file outside any catalog is read as one layer), or the one
    /// at or above `currentDirectory`. Paths print relative to `currentDirectory`.
    /// `trustedDirectories` are those of `CatalogLoader`.
    public static func load(
        path: String?, configPath: String?, currentDirectory: String, trustedDirectories: [String] = []
    ) throws(CatalogLookupError) -> Catalog {
        let loader = CatalogLoader(trustedDirectories: trustedDirectories)
        do throws(CatalogLoadError) {
            if let configPath { return try loader.load(configPath: configPath) }
        } catch {
            throw .load(error)
        }
        let catalogPath = try catalogPath(around: path, currentDirectory: currentDirectory)
        do throws(CatalogLoadError) {
            return try loader.load(path: catalogPath)
        } catch {
            throw .load(error)
        }
    }

    /// The catalog root at or above `path` (or the current directory), else `path` itself.
    private static func catalogPath(around path: String?, currentDirectory: String) throws(CatalogLookupError) -> String {
        guard let path else {
            guard let root = CatalogLoader.findRoot(from: currentDirectory) else { throw .noCatalog }
            return CatalogLoader.relativePath(root, from: currentDirectory)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .load(.input(InputError(path: path, reason: "no such file or directory")))
        }
        let directory = isDirectory.boolValue ? path : path.pathDeletingLastComponent
        let root = CatalogLoader.findRoot(from: directory.isEmpty ? currentDirectory : directory)
        return root.map { CatalogLoader.relativePath($0, from: currentDirectory) } ?? path
    }
}

/// Why no catalog could be loaded; the CLI exits 2.
public enum CatalogLookupError: Error, Sendable, CustomStringConvertible {
    case noCatalog
    case load(CatalogLoadError)

    public var description: String {
        switch self {
        case .noCatalog:
            "no catalog here: no \(CatalogConfig.fileName) in this directory or above (pass a catalog directory such as 'data/', or --config FILE)"
        case .load(let error):
            error.description
        }
    }
}
