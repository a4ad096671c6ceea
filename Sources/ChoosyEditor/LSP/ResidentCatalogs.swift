import ChoosyCatalog
import Foundation
import Synchronization

/// The catalogs the server has read, kept between requests: a request reads the catalog of its
/// workspace snapshot (its `generation`) from here, and loads it only when no request has yet
/// — after an edit, or when a file the catalog read changed on disk (its size, time or inode,
/// or a layer folder's, which a file added or removed changes). Only the newest generation's
/// catalogs are kept. The loads share the session's `ParsedFileCache`, so a reload parses the
/// changed files alone.
final class ResidentCatalogs: Sendable {
    private struct Entry {
        let generation: Int
        let stamp: [Int]
        let catalog: Catalog
    }

    private let entries = Mutex<[String: Entry]>([:])
    let parsedFiles = ParsedFileCache()

    /// The catalog `key` names for workspace generation `generation`, loaded by `load` unless a
    /// request of the same generation loaded it and no file it read changed since.
    func catalog(_ key: String, generation: Int, load: () throws(CatalogLoadError) -> Catalog) throws(CatalogLoadError) -> Catalog {
        if let entry = entries.withLock({ $0[key] }), entry.generation == generation, entry.stamp == Self.stamp(of: entry.catalog) {
            return entry.catalog
        }
        let catalog = try load()
        let entry = Entry(generation: generation, stamp: Self.stamp(of: catalog), catalog: catalog)
        entries.withLock { entries in
            entries = entries.filter { $0.value.generation >= generation }
            if (entries[key]?.generation ?? generation) <= generation { entries[key] = entry }
        }
        return catalog
    }

    /// Size, modification time and inode of every file the catalog read, its config and its
    /// layers' folders; -1 for one that is gone.
    private static func stamp(of catalog: Catalog) -> [Int] {
        let paths = catalog.sourceFiles.keys.sorted() + [catalog.configFile?.path].compactMap { $0 } + catalog.layers.flatMap(\.directories)
        return paths.flatMap { path -> [Int] in
            var status = stat()
            guard stat(path, &status) == 0 else { return [-1] }
            return [Int(status.st_size), status.st_mtim.tv_sec, status.st_mtim.tv_nsec, Int(status.st_ino)]
        }
    }
}
