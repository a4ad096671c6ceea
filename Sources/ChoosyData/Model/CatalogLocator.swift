import Foundation

/// Finds the one catalog a command works on, as `lint` does: a PATH (catalog directory, plain
/// directory or file), a `--config` file, or the catalog around the current directory.
public enum CatalogLocator {
    /// `trustedDirectories` are those of `CatalogLoader`.
    public static func load(
        path: String?, configPath: String?, currentDirectory: String, trustedDirectories: [String] = []
    ) throws(CatalogLoadError) -> Catalog {
        let loader = CatalogLoader(trustedDirectories: trustedDirectories)
        if let configPath { return try loader.load(configPath: configPath) }
        if let path { return try loader.load(path: path) }
        guard let root = CatalogLoader.findRoot(from: currentDirectory) else {
            throw .input(InputError(
                path: ".", reason: "no \(CatalogConfig.fileName) in this directory or above (pass a catalog directory, e.g. data/)"))
        }
        return try loader.load(path: CatalogLoader.relativePath(root, from: currentDirectory))
    }
}
