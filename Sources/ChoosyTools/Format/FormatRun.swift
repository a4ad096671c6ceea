import ChoosyCatalog
import ChoosyCore
import ChoosyLint
import ChoosySyntax
import Foundation

/// What `choosy-data fmt` was asked to do.
public struct FormatRequest: Sendable {
    public enum Mode: Sendable {
        /// Report what would change as a diff (a conversion as a patch); touch nothing.
        case check
        /// Rewrite files in place (and remove the originals of converted files).
        case write
    }

    /// Files and directories to format; empty means the catalog around the current directory.
    public var paths: [String]
    /// `-C`'s or `--config`'s config, the text `init` would write in place of a missing one included.
    public var config: CatalogSelection.ConfigLocation?
    public var mode: Mode
    /// Convert to this format; nil keeps each file's format.
    public var target: SourceLanguage?
    public var dropComments: Bool
    public var currentDirectory: String
    /// Directories outside a catalog its layers may still name (`CHOOSY_DATA_LAYER_DIRS`;
    /// `CatalogLoader.trustedDirectories`).
    public var trustedDirectories: [String] = []
    /// Only the files lint checks as a catalog's (`lint --fix`, to which a pre-commit hook
    /// passes every changed file): of a catalog, only files its layers list, and nothing of
    /// a catalog whose config has mistakes, which lint reports instead. Otherwise every file
    /// named is formatted and a config mistake stops the run.
    public var layerFilesOnly = false

    public init(
        paths: [String], config: CatalogSelection.ConfigLocation? = nil, mode: Mode = .check, target: SourceLanguage? = nil,
        dropComments: Bool = false, currentDirectory: String
    ) {
        self.paths = paths
        self.config = config
        self.mode = mode
        self.target = target
        self.dropComments = dropComments
        self.currentDirectory = currentDirectory
    }
}

/// What `fmt` did to each file, in the order the files were found.
public struct FormatReport: Sendable {
    public enum Outcome: Sendable {
        case unchanged
        /// Check mode: the unified diff from the file to its canonical form.
        case wouldChange(diff: String)
        case rewritten
        /// Check mode with a target format: the patch deleting the file and adding it in the
        /// target format at `to`.
        case wouldConvert(to: String, patch: String)
        /// Written in the target format at `to`, the original removed (write mode).
        case converted(to: String)
        /// Not formatted: it does not parse, or it has comments.
        case refused(FormatRefusal)
        /// Could not be read, written or converted.
        case failed(String)
        /// Would have been rewritten or converted (write mode), but another file of the run
        /// could not be, so none was: the files are written all or none.
        case unwritten
        /// Left as it is though not formatted (or not in the format asked for): a file of
        /// `layer`, which the config marks frozen (built into apps in the field), is never
        /// rewritten.
        case frozen(layer: String)
    }

    public struct Entry: Sendable {
        public let path: String
        public let outcome: Outcome
    }

    public var entries: [Entry] = []

    /// 2 when a file was refused or failed, 1 when one would change, 0 otherwise.
    public var exitCode: ExitCode {
        var code = ExitCode.success
        for entry in entries {
            switch entry.outcome {
            case .refused, .failed: return .failure
            case .wouldChange, .wouldConvert: code = .findings
            default: break
            }
        }
        return code
    }
}

/// Finds the files of a format request (every file of every layer of the catalogs it names),
/// formats each, and writes or diffs them. The one place `fmt` touches the file system.
public struct FormatRun {
    public var writer: AtomicFileWriter

    public init(writer: AtomicFileWriter = AtomicFileWriter()) {
        self.writer = writer
    }

    /// Files are read, formatted and diffed several at a time; what is to be written is kept,
    /// then written as one set (`AtomicFileWriter.write(_:)`): every file checked, then all
    /// written or none, so neither the disk nor the report depends on how the work was
    /// scheduled, and a file that cannot be written leaves every file as it was.
    public func run(_ request: FormatRequest) throws(FormatRunError) -> FormatReport {
        var report = FormatReport()
        var changes: [(entry: Int, change: AtomicFileWriter.Change)] = []
        try files(of: request).forEachConcurrentlyMapped(window: Self.filesFormattedAhead) { file in
            Self.format(file.path, in: file.catalog, loaded: file.document, frozenLayer: file.frozenLayer, request: request)
        } _: { file, formatting in
            switch formatting {
            case .done(let outcome):
                report.entries.append(FormatReport.Entry(path: file.path, outcome: outcome))
            case .write(let bytes, let target):
                do throws(FileWriteError) {
                    let change = try Self.change(writing: bytes, to: file.path, convertingTo: target)
                    changes.append((report.entries.count, change))
                    report.entries.append(FormatReport.Entry(path: file.path, outcome: change.removing == nil ? .rewritten : .converted(to: change.path)))
                } catch {
                    report.entries.append(FormatReport.Entry(path: file.path, outcome: .failed(error.description)))
                }
            }
        }
        do throws(FileSetWriteError) {
            try writer.write(changes.map(\.change))
        } catch {
            let failures = Dictionary(error.failures.map { ($0.path, $0.description) }, uniquingKeysWith: { first, _ in first })
            for (index, change) in changes {
                let path = report.entries[index].path
                let failure = failures[change.path] ?? change.removing.flatMap { failures[$0] }
                report.entries[index] = FormatReport.Entry(path: path, outcome: failure.map(FormatReport.Outcome.failed) ?? .unwritten)
            }
        }
        return report
    }

    /// How many files may be formatted ahead of the one being reported.
    private static let filesFormattedAhead = 64

    /// A file formatted, before anything is written: the outcome when nothing needs writing.
    private enum Formatting: Sendable {
        case done(FormatReport.Outcome)
        /// `bytes` go to the file itself, or, with `convertingTo`, next to it in that format.
        case write([UInt8], convertingTo: SourceLanguage?)
    }

    /// The config standard input is formatted under, with the catalog root its ignore paths are
    /// relative to: `config`'s, or that of the catalog around `name` (the file standard input
    /// stands for, as `--stdin-filename` gives it); nil when there is neither.
    public static func settings(
        forStandardInputNamed name: String?, config: CatalogSelection.ConfigLocation?, currentDirectory: String
    ) throws(FormatRunError) -> (config: CatalogConfig, root: String)? {
        var path = config?.path
        if path == nil, let name, let root = CatalogLoader.findRoot(forPath: CatalogLoader.absolutePath(name)) {
            path = CatalogLoader.join(CatalogLoader.relativePath(root, from: currentDirectory), CatalogConfig.fileName)
        }
        guard let path else { return nil }
        do throws(CatalogLoadError) {
            let root = path.pathDeletingLastComponent
            return (try CatalogLoader.loadConfig(at: path, implied: config?.implied).0, root.isEmpty ? "." : root)
        } catch {
            throw .load(error)
        }
    }

    /// `loaded` is the file as its catalog loaded it, if it did; the file is read otherwise.
    /// `frozenLayer` names the frozen layer the file is in, if it is.
    private static func format(_ path: String, in catalog: Catalog?, loaded: Document?, frozenLayer: String?, request: FormatRequest) -> Formatting {
        // Its keys are not a catalog's: formatting it as one would reorder or drop what it says.
        guard (path as NSString).lastPathComponent != CatalogConfig.fileName else {
            return .done(.failed("\(path): is a catalog's config; fmt formats catalog files only and never rewrites \(CatalogConfig.fileName)"))
        }
        let source: SourceFile
        if let loaded {
            source = loaded.file
        } else {
            do { source = try SourceFile.read(path: path) } catch { return .done(.failed(error.description)) }
        }
        let ownLanguage = source.language ?? .json
        let target = request.target ?? ownLanguage
        let formatting: FileFormatting
        do {
            let (dropComments, config, root) = (request.dropComments, catalog?.config, catalog?.root)
            formatting = if let loaded {
                try CatalogFormatter.prepare(loaded, as: target, dropComments: dropComments, config: config, root: root)
            } else {
                try CatalogFormatter.prepare(source, as: target, dropComments: dropComments, config: config, root: root)
            }
        } catch {
            // Its mistakes are lint's to report: fmt never touches the file either way.
            return .done(frozenLayer.map { .frozen(layer: $0) } ?? .refused(error))
        }
        // Most files of a catalog are canonical already: proving it costs less than their text.
        if target == ownLanguage, formatting.isUnchanged { return .done(.unchanged) }
        let formatted = formatting.formatted()
        let bytes = Array(formatted.text.utf8)
        if target == ownLanguage, bytes == source.bytes { return .done(.unchanged) }
        if let layer = frozenLayer { return .done(.frozen(layer: layer)) }
        if target != ownLanguage {
            guard request.mode == .write else {
                let newPath = convertedPath(of: path, to: target)
                // What is there already is the starting point of the patch's new side; a
                // different file there would be refused by --write, so it is refused now.
                let existing = FileManager.default.fileExists(atPath: newPath) ? (try? SourceFile.read(path: newPath))?.bytes : nil
                if let existing, existing != bytes { return .done(.failed(Self.existingFileRefusal(newPath))) }
                return .done(.wouldConvert(to: newPath, patch: UnifiedDiff.renderReplacement(
                    of: path, holding: String(decoding: source.bytes, as: UTF8.self), by: newPath,
                    holding: existing == nil ? formatted.text : "")))
            }
            return .write(bytes, convertingTo: target)
        }
        guard request.mode == .write else {
            return .done(.wouldChange(diff: UnifiedDiff.render(from: String(decoding: source.bytes, as: UTF8.self), to: formatted.text, path: path)))
        }
        return .write(bytes, convertingTo: nil)
    }

    private static let existingFileReason = "already exists with other content; fmt will not overwrite it (remove it, or convert by hand)"

    /// The refusal of a conversion onto a different existing file, as `--write` words it.
    private static func existingFileRefusal(_ newPath: String) -> String {
        FileWriteError(path: newPath, reason: existingFileReason).description
    }

    /// Where the file at `path` goes in `target` format: next to it, with the new extension.
    private static func convertedPath(of path: String, to target: SourceLanguage) -> String {
        (path as NSString).deletingPathExtension + "." + target.rawValue
    }

    /// The change that writes `bytes` to `path`, or with `target`, next to it in that format
    /// (never over a different existing file), removing `path`.
    private static func change(writing bytes: [UInt8], to path: String, convertingTo target: SourceLanguage?) throws(FileWriteError) -> AtomicFileWriter.Change {
        guard let target else { return AtomicFileWriter.Change(path: path, bytes: bytes) }
        let newPath = convertedPath(of: path, to: target)
        guard FileManager.default.fileExists(atPath: newPath) else {
            return AtomicFileWriter.Change(path: newPath, bytes: bytes, overwriting: false, removing: path)
        }
        // A file with the same text is the conversion already made: written again, the original removed.
        guard (try? SourceFile.read(path: newPath))?.bytes == bytes else {
            throw FileWriteError(path: newPath, reason: existingFileReason)
        }
        return AtomicFileWriter.Change(path: newPath, bytes: bytes, removing: path)
    }

    /// A file `fmt` is to format: the catalog it belongs to (for its config), the document that
    /// catalog loaded from it (nil when it did not load it), and its frozen layer, if any.
    private typealias FoundFile = (path: String, catalog: Catalog?, document: Document?, frozenLayer: String?)

    /// Every catalog file the request names, each once, in the order found.
    private func files(of request: FormatRequest) throws(FormatRunError) -> [FoundFile] {
        var loader = CatalogLoader(trustedDirectories: request.trustedDirectories)
        if let config = request.config, let implied = config.implied { loader.replacements[CatalogLoader.absolutePath(config.path)] = implied }
        var result: [FoundFile] = []
        var seen: Set<String> = []
        func add(_ paths: [String], of catalog: Catalog?, under prefixes: [String]?) {
            let loaded = Dictionary(
                (catalog?.layers ?? []).flatMap { $0.files.map { ($0.document.file.path, $0.document) } }, uniquingKeysWith: { first, _ in first })
            let frozenFiles = catalog?.frozenFiles ?? [:]
            for path in paths.sorted() {
                // Made absolute once: standardizing a path costs about as much as parsing a small file.
                let absolute = CatalogLoader.absolutePath(path)
                guard prefixes?.contains(where: { absolute == $0 || absolute.hasPrefix($0 + "/") }) ?? true,
                      seen.insert(absolute).inserted else { continue }
                result.append((path, catalog, loaded[path], frozenFiles[path]))
            }
        }
        var paths = request.paths
        if paths.isEmpty, request.config == nil {
            guard let root = CatalogLoader.findRoot(from: request.currentDirectory) else { throw .noCatalog }
            paths = [CatalogLoader.relativePath(root, from: request.currentDirectory)]
        }
        // A catalog whose config has mistakes; nil when lint is to report them instead.
        func load(configPath: String) throws(CatalogLoadError) -> Catalog? {
            do { return try loader.load(configPath: configPath) } catch {
                guard request.layerFilesOnly, case .config = error else { throw error }
                return nil
            }
        }
        do throws(CatalogLoadError) {
            if let config = request.config {
                guard let catalog = try load(configPath: config.path) else { return result }
                add(catalog.layerFilePaths, of: catalog, under: request.paths.isEmpty ? nil : request.paths.map(CatalogLoader.absolutePath))
                return result
            }
            for path in paths {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    throw .input(InputError(path: path, reason: "no such file or directory"))
                }
                let directory = isDirectory.boolValue ? path : path.pathDeletingLastComponent
                guard let root = CatalogLoader.findRoot(from: CatalogLoader.absolutePath(directory.isEmpty ? "." : directory)) else {
                    add(isDirectory.boolValue ? try loader.load(path: path).layerFilePaths : [path], of: nil, under: nil)
                    continue
                }
                let configPath = CatalogLoader.join(CatalogLoader.relativePath(root, from: request.currentDirectory), CatalogConfig.fileName)
                guard let catalog = try load(configPath: configPath) else { continue }
                let isFormatted = !request.layerFilesOnly || catalog.layerFilePaths.map(CatalogLoader.absolutePath).contains(CatalogLoader.absolutePath(path))
                add(isDirectory.boolValue ? catalog.layerFilePaths : isFormatted ? [path] : [], of: catalog,
                    under: isDirectory.boolValue ? [CatalogLoader.absolutePath(path)] : nil)
            }
        } catch {
            throw .load(error)
        }
        return result
    }
}

/// Why `fmt` could not run at all; the CLI exits 2.
public enum FormatRunError: LinedError, Sendable {
    case noCatalog
    case load(CatalogLoadError)

    public var description: String {
        switch self {
        case .noCatalog:
            "no catalog here: no \(CatalogConfig.fileName) in this directory or above (pass a catalog directory or files, e.g. 'choosy-data fmt data/')"
        case .load(let error):
            error.description
        }
    }

    /// The lines of a load error's config mistakes, one a line; any other error is one line.
    public var lines: [String] {
        if case .load(let error) = self { error.lines } else { [description] }
    }
}
