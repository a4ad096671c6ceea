import ChoosyCatalog
import Foundation
import Synchronization

/// The catalogs the server has read, kept between requests: a request reads the catalog of its
/// workspace snapshot (its `generation`) from here, and loads it only when no request has yet
/// — after an edit, or when a file the catalog read changed on disk (its size, time or inode,
/// or a layer folder's, which a file added or removed changes). The newest generation's
/// catalogs are kept, each with its navigator once asked for (merging a big catalog costs more
/// than answering from it), and for each catalog the newest navigator made, which navigation
/// answers from while the newer one is made (`lastNavigator`). The loads share the session's
/// `ParsedFileCache`, so a reload parses the changed files alone.
final class ResidentCatalogs: Sendable {
    private final class Entry: Sendable {
        let generation: Int
        let stamp: [Int]
        let catalog: Catalog
        let navigator = Mutex<CatalogNavigator?>(nil)

        init(generation: Int, stamp: [Int], catalog: Catalog) {
            self.generation = generation
            self.stamp = stamp
            self.catalog = catalog
        }
    }

    private let entries = Mutex<[String: Entry]>([:])
    /// By key, the newest entry whose navigator was made.
    private let lastMade = Mutex<[String: Entry]>([:])
    let parsedFiles = ParsedFileCache()

    /// The catalog `key` names for workspace generation `generation`, loaded by `load` unless a
    /// request of the same generation loaded it and no file it read changed since.
    func catalog(_ key: String, generation: Int, load: () throws(CatalogLoadError) -> Catalog) throws(CatalogLoadError) -> Catalog {
        try entry(key, generation: generation, load: load).catalog
    }

    /// The navigator of that catalog, made once per catalog read.
    func navigator(_ key: String, generation: Int, load: () throws(CatalogLoadError) -> Catalog) throws(CatalogLoadError) -> CatalogNavigator {
        let entry = try entry(key, generation: generation, load: load)
        let navigator = entry.navigator.withLock { navigator in
            if let navigator { return navigator }
            let made = CatalogNavigator(catalog: entry.catalog)
            navigator = made
            return made
        }
        lastMade.withLock { lastMade in
            if (lastMade[key]?.generation ?? generation) <= generation { lastMade[key] = entry }
        }
        return navigator
    }

    /// The newest catalog read under `key`, of whichever generation; nil when none was, or a
    /// file it read changed on disk since.
    func newestCatalog(_ key: String) -> Catalog? {
        guard let entry = entries.withLock({ $0[key] }), entry.stamp == Self.stamp(of: entry.catalog) else { return nil }
        return entry.catalog
    }

    /// The newest navigator made of the catalog `key` names, of whichever generation; nil
    /// when none was, or a file it read changed on disk since.
    func lastNavigator(_ key: String) -> CatalogNavigator? {
        guard let entry = lastMade.withLock({ $0[key] }), entry.stamp == Self.stamp(of: entry.catalog) else { return nil }
        return entry.navigator.withLock { $0 }
    }

    private func entry(_ key: String, generation: Int, load: () throws(CatalogLoadError) -> Catalog) throws(CatalogLoadError) -> Entry {
        if let entry = entries.withLock({ $0[key] }), entry.generation == generation, entry.stamp == Self.stamp(of: entry.catalog) {
            return entry
        }
        let catalog = try load()
        let entry = Entry(generation: generation, stamp: Self.stamp(of: catalog), catalog: catalog)
        entries.withLock { entries in
            entries = entries.filter { $0.value.generation >= generation }
            if (entries[key]?.generation ?? generation) <= generation { entries[key] = entry }
        }
        return entry
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
