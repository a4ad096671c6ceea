import Foundation

/// Reads catalogs from disk: the I/O edge of the library. Everything after it is pure.
public enum CatalogLoader {
    /// Loads the catalog at `path`: a directory with a `.choosy-data.yml` (its layers), a
    /// directory without one (every JSON and YAML file below it, as one layer), or one file.
    public static func load(path: String) throws(CatalogLoadError) -> Catalog {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .input(InputError(path: path, reason: "no such file or directory"))
        }
        guard isDirectory.boolValue else {
            return Catalog(layers: [try loadLayer(name: "default", files: [path])])
        }
        let configPath = join(path, CatalogConfig.fileName)
        guard FileManager.default.fileExists(atPath: configPath) else {
            return Catalog(layers: [try loadLayer(name: "default", files: try catalogFiles(below: path))])
        }
        let config = try loadConfig(at: configPath)
        var layers: [Layer] = []
        for entry in config.layers {
            var files: [String] = []
            for relativePath in entry.paths {
                let layerPath = join(path, relativePath)
                guard FileManager.default.fileExists(atPath: layerPath, isDirectory: &isDirectory) else {
                    throw .input(InputError(
                        path: configPath,
                        reason: "layer '\(entry.name)' names '\(relativePath)', which does not exist in \(path)"))
                }
                files += isDirectory.boolValue ? try catalogFiles(below: layerPath) : [layerPath]
            }
            layers.append(try loadLayer(name: entry.name, files: files))
        }
        return Catalog(layers: layers)
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

    static func loadConfig(at path: String) throws(CatalogLoadError) -> CatalogConfig {
        let file: SourceFile
        do { file = try SourceFile.read(path: path) } catch { throw .input(error) }
        do {
            return try CatalogConfig.decode(try YAMLLoader.load(file))
        } catch {
            throw .config(file: path, error)
        }
    }

    private static func loadLayer(name: String, files paths: [String]) throws(CatalogLoadError) -> Layer {
        var sources: [SourceFile] = []
        for path in paths {
            do { sources.append(try SourceFile.read(path: path)) } catch { throw .input(error) }
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
    private static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
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
