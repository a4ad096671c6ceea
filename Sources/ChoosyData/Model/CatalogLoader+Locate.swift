import Foundation

extension CatalogLoader {
    /// The one whole catalog a command such as `matrix` reads: the catalog `configPath`
    /// describes; else the one around `path` (found by walking up to its `.choosy-data.yml`,
    /// as `lint` finds it), or `path` alone when it is in no catalog; with neither, the
    /// catalog around `currentDirectory`. Paths print relative to `currentDirectory`.
    public func loadCatalog(path: String?, configPath: String?, currentDirectory: String) throws(CatalogLoadError) -> Catalog {
        if let configPath { return try load(configPath: configPath) }
        let start = path ?? currentDirectory
        var isDirectory: ObjCBool = false
        let absolute = Self.absolutePath(path.map { $0.hasPrefix("/") ? $0 : Self.join(currentDirectory, $0) } ?? start)
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory) else {
            throw .input(InputError(path: start, reason: "no such file or directory"))
        }
        let directory = isDirectory.boolValue ? absolute : (absolute as NSString).deletingLastPathComponent
        guard let root = Self.findRoot(from: directory) else {
            guard let path else {
                throw .input(InputError(
                    path: currentDirectory,
                    reason: "no catalog here: no \(CatalogConfig.fileName) in this directory or above (pass a catalog directory such as 'data/', or --config FILE)"))
            }
            return try load(path: path)
        }
        return try load(configPath: Self.join(Self.relativePath(root, from: currentDirectory), CatalogConfig.fileName))
    }
}
