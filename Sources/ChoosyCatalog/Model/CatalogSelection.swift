import ChoosySyntax
import Foundation

/// The catalog a command works on, named the same way by every command (docs/catalog.md,
/// "Naming the catalog"): `-C PATH` (the catalog's directory, any file inside it, or its
/// `.choosy-data.yml`), `--config` (a `.choosy-data.yml`, or a catalog directory), a PATH
/// argument, or nothing: the catalog around the current directory, else the only catalog in a
/// directory just below it (`data/` from this repository's root).
public struct CatalogSelection: Sendable, Equatable {
    /// `-C PATH`; wins over the others.
    public var catalog: String?
    /// `--config FILE`.
    public var configPath: String?
    /// A PATH argument: the catalog around it, or outside any catalog the directory or file
    /// itself as one layer.
    public var path: String?

    public init(catalog: String? = nil, configPath: String? = nil, path: String? = nil) {
        self.catalog = catalog
        self.configPath = configPath
        self.path = path
    }

    /// The `.choosy-data.yml` a command reads: its path, and for a catalog laid out as `init`
    /// expects that has none yet, the text `init` would write there (`implied`), read in its place.
    public struct ConfigLocation: Sendable {
        public let path: String
        public let implied: SourceFile?
    }

    /// What to load: a config, or a PATH that finds its catalog itself.
    private enum Source {
        case config(ConfigLocation)
        case path(String)
    }

    /// The `.choosy-data.yml` to load, relative to `currentDirectory` when found by a search:
    /// that of `catalog`, `configPath`, or with neither and no `path`, that of the catalog
    /// around or just below `currentDirectory`. Nil when `path` alone names the catalog (it is
    /// found from the path, as `lint` finds it).
    public func resolvedConfig(currentDirectory: String) throws(CatalogSelectionError) -> ConfigLocation? {
        guard case .config(let config) = try source(currentDirectory: currentDirectory) else { return nil }
        return config
    }

    private func source(currentDirectory: String) throws(CatalogSelectionError) -> Source {
        if let catalog { return .config(try Self.config(ofCatalog: catalog, currentDirectory: currentDirectory)) }
        if let configPath {
            return .config(ConfigLocation(path: try Self.configPath(forConfigOption: configPath, currentDirectory: currentDirectory), implied: nil))
        }
        if let path { return .path(path) }
        let directory = try Self.defaultCatalogDirectory(currentDirectory: currentDirectory)
        return .config(ConfigLocation(path: CatalogLoader.join(directory, CatalogConfig.fileName), implied: nil))
    }

    /// Loads the catalog. `path` is read as `lint` reads it, by every command: the catalog whose
    /// `.choosy-data.yml` is at or above it, else the directory or file alone as one layer.
    /// `trustedDirectories` are those of `CatalogLoader`.
    public func load(currentDirectory: String, trustedDirectories: [String] = []) throws(CatalogSelectionError) -> Catalog {
        var loader = CatalogLoader(trustedDirectories: trustedDirectories)
        let source = try source(currentDirectory: currentDirectory)
        do throws(CatalogLoadError) {
            switch source {
            case .config(let config):
                if let implied = config.implied { loader.replacements[CatalogLoader.absolutePath(config.path)] = implied }
                return try loader.load(configPath: config.path)
            case .path(let path):
                guard FileManager.default.fileExists(atPath: path) else {
                    throw .input(InputError(path: path, reason: "no such file or directory"))
                }
                guard let root = CatalogLoader.findRoot(forPath: path) else { return try loader.load(path: path) }
                return try loader.load(configPath: Self.configPath(ofRoot: root, currentDirectory: currentDirectory))
            }
        } catch {
            throw .load(error)
        }
    }

    /// Whether `path` is a directory holding a `.choosy-data.yml`: a word such as `data` that
    /// names one is the catalog, as `data/` is.
    public static func isCatalogDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            && FileManager.default.fileExists(atPath: CatalogLoader.join(path, CatalogConfig.fileName))
    }

    /// `-C PATH`: the config of the catalog at or above PATH (or of PATH's directory); in no
    /// catalog, the config `init` would write for the layout PATH is in (`CatalogSetup`).
    private static func config(ofCatalog path: String, currentDirectory: String) throws(CatalogSelectionError) -> ConfigLocation {
        let absolute = absolutePath(path, currentDirectory: currentDirectory)
        guard FileManager.default.fileExists(atPath: absolute) else {
            throw .load(.input(InputError(path: path, reason: "no such file or directory")))
        }
        if let root = CatalogLoader.findRoot(forPath: absolute) {
            return ConfigLocation(path: configPath(ofRoot: root, currentDirectory: currentDirectory), implied: nil)
        }
        guard let root = CatalogSetup.layoutRoot(around: absolute),
              let setup = try? CatalogSetup.detect(root: root, builtin: nil, server: nil, client: .default, currentDirectory: currentDirectory)
        else { throw .notInCatalog(path) }
        let config = configPath(ofRoot: root, currentDirectory: currentDirectory)
        return ConfigLocation(path: config, implied: SourceFile(path: config, text: setup.configText))
    }

    /// `--config`: the file as given, or the config in a catalog directory.
    private static func configPath(forConfigOption path: String, currentDirectory: String) throws(CatalogSelectionError) -> String {
        let absolute = absolutePath(path, currentDirectory: currentDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue else { return path }
        guard isCatalogDirectory(absolute) else { throw .configDirectoryWithoutConfig(path) }
        return CatalogLoader.join(path, CatalogConfig.fileName)
    }

    /// The directory of the catalog a command works on when nothing names one, relative to
    /// `currentDirectory`: the catalog around it, else the one catalog in a directory just below
    /// it (`review` and `diff` read it in the work tree or at a revision).
    public static func defaultCatalogDirectory(currentDirectory: String) throws(CatalogSelectionError) -> String {
        if let root = CatalogLoader.findRoot(from: currentDirectory) {
            return CatalogLoader.relativePath(root, from: currentDirectory)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: currentDirectory)) ?? []
        let below = names.filter { !$0.hasPrefix(".") && isCatalogDirectory(CatalogLoader.join(currentDirectory, $0)) }.sorted()
        switch below.count {
        case 0: throw .noCatalog
        case 1: return below[0]
        default: throw .severalCatalogs(below)
        }
    }

    /// `path` from `currentDirectory`, when it is relative.
    private static func absolutePath(_ path: String, currentDirectory: String) -> String {
        path.hasPrefix("/") ? path : CatalogLoader.join(currentDirectory, path)
    }

    private static func configPath(ofRoot root: String, currentDirectory: String) -> String {
        CatalogLoader.join(CatalogLoader.relativePath(root, from: currentDirectory), CatalogConfig.fileName)
    }
}

/// Why no catalog could be selected or loaded; the CLI exits 2.
public enum CatalogSelectionError: LinedError, Sendable {
    /// Nothing named a catalog, and none is around or just below the current directory.
    case noCatalog
    /// Nothing named a catalog, none is around the current directory, and several are below it.
    case severalCatalogs([String])
    /// `-C` names a path in no catalog.
    case notInCatalog(String)
    /// `--config` names a directory without a config.
    case configDirectoryWithoutConfig(String)
    case load(CatalogLoadError)

    public var description: String {
        switch self {
        case .noCatalog:
            "\(finding) (name the catalog with -C PATH, e.g. -C data/)"
        case .severalCatalogs(let names):
            "\(finding); name the one to use with -C PATH (e.g. -C \(names[0])/)"
        default:
            finding
        }
    }

    /// The lines of a load error's config mistakes, one a line; any other error is one line.
    public var lines: [String] {
        if case .load(let error) = self { error.lines } else { [description] }
    }

    /// What was found, without the advice to pass `-C`: for `review` and `diff`, which name
    /// a catalog in their own ways.
    public var finding: String {
        switch self {
        case .noCatalog:
            "no catalog here: no \(CatalogConfig.fileName) in this directory, above it, or in a directory just below it"
        case .severalCatalogs(let names):
            "no catalog here, and \(names.count) just below: \(names.map { $0 + "/" }.joined(separator: ", "))"
        case .notInCatalog(let path):
            "\(path): not in a catalog (no \(CatalogConfig.fileName) in it or above, and no \(CatalogSetup.serverDirectory)/ folder "
                + "in it or beside it); -C names a catalog: its directory, a file inside it, or its \(CatalogConfig.fileName) "
                + "(a directory without one is read as one layer when given as PATH)"
        case .configDirectoryWithoutConfig(let path):
            "\(path): a directory without a \(CatalogConfig.fileName); --config names a catalog's \(CatalogConfig.fileName) or its directory"
        case .load(let error):
            error.description
        }
    }
}
