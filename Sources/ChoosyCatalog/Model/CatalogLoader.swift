import ChoosyCore
import ChoosySyntax
import Foundation

/// Reads catalogs from disk: the I/O edge of the library. Everything after it is pure.
public struct CatalogLoader {
    /// Files to read from memory instead of disk, by standardized absolute path (`lint -`
    /// with `--stdin-filename` puts the edited file here).
    public var replacements: [String: SourceFile] = [:]
    /// Directories outside a catalog that its layers and links may still lead into, as the
    /// person running the tool names them (`CHOOSY_DATA_LAYER_DIRS`); a catalog cannot add any.
    public var trustedDirectories: [String] = []
    /// The trees of earlier loads to reuse where a file did not change; nil to parse every file.
    public var parsedFiles: ParsedFileCache?

    public init(replacements: [String: SourceFile] = [:], trustedDirectories: [String] = [], parsedFiles: ParsedFileCache? = nil) {
        self.replacements = replacements
        self.trustedDirectories = trustedDirectories
        self.parsedFiles = parsedFiles
    }

    /// Loads the catalog at `path`: a directory with a `.choosy-data.yml` (its layers), a
    /// directory without one (every JSON and YAML file below it, as one layer), or one file.
    public func load(path: String) throws(CatalogLoadError) -> Catalog {
        if let replacement = replacements[Self.absolutePath(path)] {
            return Catalog(layers: [Layer(name: "default", sources: [replacement])])
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .input(InputError(path: path, reason: errno == ENOENT ? "no such file or directory" : InputError.reason(errno: errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return Catalog(layers: [try loadLayer(name: "default", files: [path])])
        }
        let configPath = Self.join(path, CatalogConfig.fileName)
        guard FileManager.default.fileExists(atPath: configPath) else {
            let walk = try Self.walk(path, boundary: CatalogBoundary(root: path, trustedDirectories: trustedDirectories))
            guard !walk.files.isEmpty || !walk.unreadableNames.isEmpty else {
                throw .input(InputError(path: path, reason: Self.noCatalogFiles))
            }
            return Catalog(layers: [try loadLayer(
                name: "default", files: walk.files, unreadableNames: walk.unreadableNames, directories: [path], links: walk.links)])
        }
        return try load(configPath: configPath)
    }

    /// Loads the catalog a config file describes; layer paths are relative to its directory
    /// and resolved through the file system, and every layer must stay inside that directory
    /// (or a trusted one) and hold at least one catalog file.
    public func load(configPath: String) throws(CatalogLoadError) -> Catalog {
        let root = configPath.pathDeletingLastComponent
        let boundary = CatalogBoundary(root: root.isEmpty ? "." : root, trustedDirectories: trustedDirectories)
        // The config itself is quoted under findings: a link to a file elsewhere must not be read.
        let resolvedConfig = CatalogBoundary.resolvedPath(configPath)
        if let resolvedConfig, !boundary.contains(resolvedConfig) {
            throw .input(InputError(
                path: configPath,
                reason: "is a symbolic link to '\(resolvedConfig)', outside the catalog's directory ('\(boundary.root)'); put the config in the catalog"))
        }
        // An editor's unsaved config stands in for the file, as for the catalog's files.
        let configFile: SourceFile
        if let replacement = replacements[Self.absolutePath(configPath)] {
            configFile = SourceFile(path: configPath, bytes: replacement.bytes)
        } else {
            configFile = try Self.readConfig(at: configPath)
        }
        // Every mistake is reported at once: those of the config's text, and the paths of
        // each layer that reads.
        var problems: [SyntaxError] = []
        let config: CatalogConfig?
        let entries: [CatalogConfig.LayerEntry]
        let namedRules: [CatalogConfig.NamedRule]
        do throws(CatalogConfig.Problems) {
            let decoded = try Self.decodeConfig(configFile)
            config = decoded
            entries = decoded.layers
            namedRules = decoded.namedRules
        } catch {
            config = nil
            entries = error.layers
            problems = error.problems
            namedRules = error.namedRules
        }
        var layers: [Layer] = []
        for entry in entries {
            var files: [String] = []
            var unreadableNames: [CatalogDirectoryWalk.UnreadableName] = []
            var directories: [String] = []
            var links: [String] = []
            for (relativePath, range) in zip(entry.paths, entry.pathRanges) {
                func problem(_ message: String, hint: String? = nil) {
                    problems.append(SyntaxError("layer '\(entry.name)' names '\(relativePath)', \(message)", at: range, hint: hint))
                }
                guard !relativePath.hasPrefix("/") else {
                    problem("an absolute path", hint: "write it relative to the config's directory, inside the catalog")
                    continue
                }
                var layerPath = Self.join(root.isEmpty ? "." : root, relativePath)
                guard let resolved = CatalogBoundary.resolvedPath(layerPath) else {
                    problem(errno == ENOENT ? "which does not exist" : "which cannot be read: \(InputError.reason(errno: errno))")
                    continue
                }
                guard boundary.contains(resolved) else {
                    problem(
                        "which is outside the catalog (it is '\(resolved)'; the catalog is '\(boundary.root)')",
                        hint: "a layer stays inside the catalog's directory; to check against files elsewhere, name their directory in "
                            + "\(CatalogBoundary.environmentVariable) when running choosy-data (docs/catalog.md)")
                    continue
                }
                guard resolved != resolvedConfig else {
                    problem("which is the config itself", hint: "name a directory or a catalog file")
                    continue
                }
                if layerPath.split(separator: "/").contains("..") {
                    // A layer outside the catalog's directory, or a catalog above the current
                    // one (`fmt` run in a layer's folder), prints as the shortest path from
                    // here: `email.json`, not `../builtin/email.json`. From where `..` really
                    // leads: through a link, that is not where the text says.
                    layerPath = Self.relativePath(resolved, from: FileManager.default.currentDirectoryPath)
                }
                var status = stat()
                guard stat(layerPath, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                    files.append(layerPath)
                    continue
                }
                let walk = try Self.walk(layerPath, boundary: boundary)
                guard !walk.files.isEmpty || !walk.unreadableNames.isEmpty else {
                    problem("which holds no catalog file", hint: Self.noCatalogFiles)
                    continue
                }
                files += walk.files
                unreadableNames += walk.unreadableNames
                directories.append(layerPath)
                links += walk.links
            }
            guard problems.isEmpty else { continue }
            layers.append(try loadLayer(name: entry.name, files: files, unreadableNames: unreadableNames, directories: directories, links: links))
        }
        guard problems.isEmpty, let config else {
            throw .config(file: configPath, CatalogConfig.Problems(problems).problems, namedRules: namedRules)  // in file order
        }
        return Catalog(layers: layers, root: root.isEmpty ? "." : root, config: config, configFile: configFile)
    }

    /// Why a directory with no catalog file is refused: reading it as an empty catalog would
    /// report a clean result for files never read.
    static let noCatalogFiles = "no .json, .yaml or .yml file below it (hidden files and folders are skipped); "
        + "check the path, or a link that should lead to the files"

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
        return findRoot(from: exists && isDirectory.boolValue ? absolute : absolute.pathDeletingLastComponent)
    }

    /// The config at `path`, or `implied` read in its place (`CatalogSelection.ConfigLocation`).
    package static func loadConfig(at path: String, implied: SourceFile? = nil) throws(CatalogLoadError) -> (CatalogConfig, SourceFile) {
        let file = if let implied { implied } else { try readConfig(at: path) }
        do { return (try decodeConfig(file), file) } catch { throw .config(file: path, error.problems) }
    }

    private static func readConfig(at path: String) throws(CatalogLoadError) -> SourceFile {
        do { return try SourceFile.read(path: path) } catch { throw .input(error) }
    }

    /// The config in `file`; YAML that does not parse is its one mistake.
    package static func decodeConfig(_ file: SourceFile) throws(CatalogConfig.Problems) -> CatalogConfig {
        let document: Document
        do { document = try YAMLLoader.load(file) } catch { throw CatalogConfig.Problems([error]) }
        return try CatalogConfig.decode(document)
    }

    /// Reads the layer's files several at a time; the first of them (in `paths` order) that
    /// cannot be read fails the load. Files whose names cannot be read take no part, with
    /// the reason, as files that do not parse.
    private func loadLayer(
        name: String, files paths: [String], unreadableNames: [CatalogDirectoryWalk.UnreadableName] = [], directories: [String] = [],
        links: [String] = []
    ) throws(CatalogLoadError) -> Layer {
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
        return Layer(
            name: name, sources: sources,
            unreadable: unreadableNames.map { (SourceFile(path: $0.path, bytes: []), SyntaxError($0.reason, at: .start)) },
            directories: directories, links: links, parsedFiles: parsedFiles)
    }

    private static func walk(_ directory: String, boundary: CatalogBoundary) throws(CatalogLoadError) -> CatalogDirectoryWalk {
        do { return try CatalogDirectoryWalk(below: directory, boundary: boundary) } catch { throw .input(error) }
    }

    /// `directory/name`, without a leading `./` so that paths print as the user thinks of them.
    package static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The standardized absolute form of a path, for comparing paths written differently.
    public static func absolutePath(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `path` made absolute from `directory` and without `.`, `..` and repeated `/`, joined as
    /// text: `URL(fileURLWithPath:relativeTo:).standardized` drops a relative path's leading
    /// `..` (it made `../../tmp/x` `/cwd/tmp/x`).
    public static func absolutePath(_ path: String, from directory: String) -> String {
        let whole = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in whole.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
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
public enum CatalogLoadError: LinedError, Sendable {
    case input(InputError)
    /// The `.choosy-data.yml` does not parse or does not describe layers: every mistake, in
    /// file order, and the rule ids it names (for lint, which knows which exist).
    case config(file: String, [SyntaxError], namedRules: [CatalogConfig.NamedRule] = [])

    /// Each mistake on a line of its own, `file:line:col: message (hint)`.
    public var description: String {
        lines.joined(separator: "\n")
    }

    /// The lines of the description: one for each mistake of a config.
    public var lines: [String] {
        switch self {
        case .input(let error):
            [error.description]
        case .config(let file, let problems, _):
            problems.map { "\(file):\($0.range.start): \($0.message)" + ($0.hint.map { " (\($0))" } ?? "") }
        }
    }
}
