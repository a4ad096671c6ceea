import ChoosyCore
import ChoosySyntax

/// A catalog as read from disk: its layers in merge order, each with the files that loaded
/// and the files that did not.
public struct Catalog: Sendable {
    public let layers: [Layer]
    /// The directory holding the config, as paths are printed; ignore paths are relative to it.
    public let root: String?
    public let config: CatalogConfig?
    /// The config's text, for quoting it under findings about it.
    public let configFile: SourceFile?

    public init(layers: [Layer], root: String? = nil, config: CatalogConfig? = nil, configFile: SourceFile? = nil) {
        self.layers = layers
        self.root = root
        self.config = config
        self.configFile = configFile
    }

    /// `file` relative to a catalog's `root`, as ignore entries and reviews name files: the root
    /// is a directory, or `REV:PATH` for a catalog read from git (`REV:` at the repository's
    /// top), so `data/maps.json` (root `data`) and `HEAD~1:maps.json` (root `HEAD~1:`) are both
    /// `maps.json`.
    public static func relativePath(_ file: String, to root: String?) -> String {
        guard let root, !root.isEmpty else { return file }
        let prefix = root.hasSuffix(":") || root.hasSuffix("/") ? root : root + "/"
        return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : CatalogLoader.relativePath(file, from: root)
    }

    /// The client the config names, or the shipped one.
    public var clientProfile: ClientProfile { config?.client ?? .default }

    /// The platform the config names, or the default one.
    public var platform: Platform { config?.platform ?? .default }

    /// Every file of every layer by path, loaded or not, for quoting source lines.
    public var sourceFiles: [String: SourceFile] {
        var files: [String: SourceFile] = [:]
        if let configFile { files[configFile.path] = configFile }
        for layer in layers {
            for file in layer.files { files[file.document.file.path] = file.document.file }
            for (file, _) in layer.unloadableFiles { files[file.path] = file }
        }
        return files
    }

    /// The names of the frozen layers (`frozen: true` in the config: built into apps in the
    /// field, so no edit of them reaches a phone).
    public var frozenLayerNames: Set<String> {
        Set(config?.layers.filter(\.isFrozen).map(\.name) ?? [])
    }

    /// The files of frozen layers, by path as loaded, each with its layer's name; empty when no
    /// layer is frozen.
    public var frozenFiles: [String: String] {
        let frozen = frozenLayerNames
        var files: [String: String] = [:]
        for layer in layers where frozen.contains(layer.name) {
            for file in layer.files { files[file.document.file.path] = layer.name }
            for (file, _) in layer.unloadableFiles { files[file.path] = layer.name }
        }
        return files
    }

    /// Each merged file's layer, by path as loaded: its place in `layers` and its name. The
    /// merge's order of definitions is the layers' order, so a lower index is defined first.
    public var layerOfFile: [String: (index: Int, name: String)] {
        var layerOfFile: [String: (index: Int, name: String)] = [:]
        for (index, layer) in layers.enumerated() {
            for file in layer.files + layer.partialFiles.map(\.file) { layerOfFile[file.document.file.path] = (index, layer.name) }
        }
        return layerOfFile
    }

    /// The paths of every file of every layer, loaded or not, as loaded.
    public var layerFilePaths: [String] {
        layers.flatMap { $0.files.map(\.document.file.path) + $0.unloadableFiles.map(\.file.path) }
    }

    /// Every file of every layer, loaded or not.
    public var fileCount: Int {
        layers.reduce(0) { $0 + $1.files.count + $1.unloadableFiles.count }
    }
}

/// One layer of a catalog (`builtin`, `server`). A later layer overrides an earlier one by key.
public struct Layer: Sendable {
    public let name: String
    public let files: [CatalogFile]
    /// Files that could not be parsed, with the reason (the first syntax error); they take no
    /// part in the catalog.
    public let unloadableFiles: [(file: SourceFile, error: SyntaxError)]
    /// What could be read of the JSON files among `unloadableFiles`, for lint alone.
    public let partialFiles: [PartialFile]
    /// The directories the layer reads every catalog file below (as the config names them):
    /// a command's output must not go there (`Catalog.layerFolder(holding:)`).
    public let directories: [String]
    /// The symbolic links below `directories` that the layer follows to a directory or a
    /// catalog file: a command's output must not go where they lead either.
    public let links: [String]

    /// Parses `sources` into the layer, several files at a time (reusing those `parsedFiles`
    /// holds); the files that do not parse are kept aside with their errors, followed by
    /// `unreadable` (files that could not even be named). Both lists keep the order of `sources`.
    public init(
        name: String, sources: [SourceFile], unreadable: [(file: SourceFile, error: SyntaxError)] = [], directories: [String] = [],
        links: [String] = [], parsedFiles: ParsedFileCache? = nil
    ) {
        var files: [CatalogFile] = []
        var unloadable: [(file: SourceFile, error: SyntaxError)] = []
        var partialFiles: [PartialFile] = []
        let loaded = sources.concurrentMap { parsedFiles?.parsed($0) ?? PartialDocument(loading: $0) }
        for (source, partial) in zip(sources, loaded) {
            guard let error = partial.errors.first else {
                files.append(CatalogFile(document: partial.document!))
                continue
            }
            unloadable.append((source, error))
            if let file = PartialFile(partial) { partialFiles.append(file) }
        }
        self.name = name
        self.files = files
        self.unloadableFiles = unloadable + unreadable
        self.partialFiles = partialFiles
        self.directories = directories
        self.links = links
    }

    /// A layer of documents already loaded.
    package init(name: String, documents: [Document]) {
        self.name = name
        files = documents.map(CatalogFile.init)
        unloadableFiles = []
        partialFiles = []
        directories = []
        links = []
    }

    /// Every syntax error of one of `unloadableFiles`: all of a JSON file's, the first of any other.
    public func syntaxErrors(of unloadable: (file: SourceFile, error: SyntaxError)) -> [SyntaxError] {
        partialFiles.first { $0.file.document.file.path == unloadable.file.path }?.errors ?? [unloadable.error]
    }
}

/// The readable part of a JSON file with syntax errors, which lint checks (docs/json.md,
/// "Syntax errors"): its tree less every value an error cut into.
public struct PartialFile: Sendable {
    /// The readable part, which rules check.
    public let file: CatalogFile
    /// Everything read, cut values included: pointers of findings name values in it, by the
    /// indices they have in the file.
    public let recovered: Document
    /// Every syntax error of the file, the first being its error in `unloadableFiles`.
    public let errors: [SyntaxError]
    /// The keys of the app types the errors may have hidden part of; nil when that could be any.
    public let damagedAppTypeKeys: Set<String>?

    /// The readable part of `partial`; nil when it has no tree.
    init?(_ partial: PartialDocument) {
        guard let document = partial.document, let root = partial.readableRoot else { return nil }
        file = CatalogFile(document: Document(file: document.file, language: document.language, root: root, hasByteOrderMark: document.hasByteOrderMark))
        recovered = document
        errors = partial.errors
        damagedAppTypeKeys = partial.damagedAppTypeKeys
    }
}

/// One loaded file of a layer and the app types it holds.
public struct CatalogFile: Sendable {
    public let document: Document
    /// The app types of the file's top-level array (empty when the top level is not an array;
    /// the schema rule reports that).
    public let appTypes: [AppType]

    public init(document: Document) {
        self.document = document
        appTypes = (document.root.elements ?? []).map { AppType($0) }
    }
}
