import Foundation

/// Reads catalogs from disk: the I/O edge of the library. Everything after it is pure.
public struct CatalogLoader {
    /// Files to read from memory instead of disk, by standardized absolute path (`lint -`
    /// with `--stdin-filename` puts the edited file here).
    public var replacements: [String: SourceFile] = [:]

    public init(replacements: [String: SourceFile] = [:]) {
        self.replacements = replacements
    }

    /// Loads the catalog at `path`: a directory with a `.choosy-data.yml` (its layers), a
    /// directory without one (every JSON and YAML file below it, as one layer), or one file.
    public func load(path: String) throws(CatalogLoadError) -> Catalog {
        if let replacement = replacements[Self.absolutePath(path)] {
            return Catalog(layers: [Layer(name: "default", sources: [replacement])])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .input(InputError(path: path, reason: "no such file or directory"))
        }
        guard isDirectory.boolValue else {
            return Catalog(layers: [try loadLayer(name: "default", files: [path])])
        }
        let configPath = Self.join(path, CatalogConfig.fileName)
        guard FileManager.default.fileExists(atPath: configPath) else {
            return Catalog(layers: [try loadLayer(name: "default", files: try Self.catalogFiles(below: path))])
        }
        return try load(configPath: configPath)
    }

    /// Loads the catalog a config file describes; layer paths are relative to its directory.
    public func load(configPath: String) throws(CatalogLoadError) -> Catalog {
        let (config, configFile) = try Self.loadConfig(at: configPath)
        let root = (configPath as NSString).deletingLastPathComponent
        var layers: [Layer] = []
        for entry in config.layers {
            var files: [String] = []
            for relativePath in entry.paths {
                var layerPath = relativePath.hasPrefix("/") ? relativePath : Self.join(root.isEmpty ? "." : root, relativePath)
                if layerPath.split(separator: "/").contains("..") {
                    // A layer outside the catalog's directory, or a catalog above the current
                    // one (`fmt` run in a layer's folder), prints as the shortest path from
                    // here: `email.json`, not `../builtin/email.json`.
                    layerPath = Self.relativePath(layerPath, from: FileManager.default.currentDirectoryPath)
                }
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: layerPath, isDirectory: &isDirectory) else {
                    throw .input(InputError(
                        path: configPath, reason: "layer '\(entry.name)' names '\(relativePath)', which does not exist"))
                }
                files += isDirectory.boolValue ? try Self.catalogFiles(below: layerPath) : [layerPath]
            }
            layers.append(try loadLayer(name: entry.name, files: files))
        }
        return Catalog(layers: layers, root: root.isEmpty ? "." : root, config: config, configFile: configFile)
    }

    /// The directory at or above `directory` that holds a `.choosy-data.yml`, as git finds
    /// its repository.
    public static func findRoot(from directory: String) -> String? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(CatalogConfig.fileName).path) {
                return current.path
            }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// The catalog root for `path`: searched from the path itself when it is a directory, from
    /// its directory otherwise.
    public static func findRoot(forPath path: String) -> String? {
        var isDirectory: ObjCBool = false
        let absolute = absolutePath(path)
        let exists = FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory)
        return findRoot(from: exists && isDirectory.boolValue ? absolute : (absolute as NSString).deletingLastPathComponent)
    }

    static func loadConfig(at path: String) throws(CatalogLoadError) -> (CatalogConfig, SourceFile) {
        let file: SourceFile
        do { file = try SourceFile.read(path: path) } catch { throw .input(error) }
        do {
            return (try CatalogConfig.decode(try YAMLLoader.load(file)), file)
        } catch {
            throw .config(file: path, error)
        }
    }

    /// Reads the layer's files several at a time; the first of them (in `paths` order) that
    /// cannot be read fails the load.
    private func loadLayer(name: String, files paths: [String]) throws(CatalogLoadError) -> Layer {
        let replacements = replacements
        let reads = paths.concurrentMap { path -> Result<SourceFile, InputError> in
            if let replacement = replacements[Self.absolutePath(path)] {
                return .success(SourceFile(path: path, bytes: replacement.bytes))
            }
            return Result { () throws(InputError) in try SourceFile.read(path: path) }
        }
        var sources: [SourceFile] = []
        for read in reads {
            do { sources.append(try read.get()) } catch { throw .input(error) }
        }
        return Layer(name: name, sources: sources)
    }

    /// The JSON and YAML files below `directory`, sorted, skipping hidden files and folders.
    private static func catalogFiles(below directory: String) throws(CatalogLoadError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw .input(InputError(path: directory, reason: "cannot list the directory"))
        }
        var files: [String] = []
        while let relativePath = enumerator.nextObject() as? String {
            let name = (relativePath as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if SourceFormat(path: name) != nil, enumerator.fileAttributes?[.type] as? FileAttributeType != .typeDirectory {
                files.append(join(directory, relativePath))
            }
        }
        return files.sorted()
    }

    /// `directory/name`, without a leading `./` so that paths print as the user thinks of them.
    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The standardized absolute form of a path, for comparing paths written differently.
    public static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `path` relative to `directory` (both absolute), with `..` where needed, as users like
    /// to see paths printed.
    public static func relativePath(_ path: String, from directory: String) -> String {
        let target = absolutePath(path).split(separator: "/")
        let base = absolutePath(directory).split(separator: "/")
        let common = zip(target, base).prefix { $0 == $1 }.count
        let parts = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// Why a catalog could not be loaded at all. The CLI exits 2 for these.
public enum CatalogLoadError: Error, Sendable, CustomStringConvertible {
    case input(InputError)
    /// The `.choosy-data.yml` does not parse or does not describe layers.
    case config(file: String, SyntaxError)

    public var description: String {
        switch self {
        case .input(let error):
            error.description
        case .config(let file, let error):
            "\(file):\(error.range.start): \(error.message)" + (error.hint.map { " (\($0))" } ?? "")
        }
    }
}
