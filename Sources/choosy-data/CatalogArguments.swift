import ChoosyCatalog
import ChoosyTools
import Foundation

/// The arguments of a command that reads one whole catalog (`show`, `matrix`, `schemes`): a few
/// keys, and the catalog as a PATH argument, `-C PATH` or `--config`. Keys are
/// `[a-z][a-z0-9_]*`, so an argument with a `/` or `.`, or a `git:REV`, can only be the PATH; so is a word that
/// names a catalog directory (`data` as `data/`) when neither `-C` nor `--config` is given.
struct CatalogArguments {
    let keys: [String]
    let selection: CatalogSelection
    /// `show foo` reads `foo` as a key; when it names a directory that is no catalog (no
    /// `.choosy-data.yml`) and nothing else names the catalog, this says how to mean it.
    let directoryHint: String

    /// `keyNames` name the keys the command takes, in order (`TYPE`, `APP`); nil for any
    /// number of TYPEs.
    init(_ arguments: Arguments, keyNames: [String]?) throws(UsageError) {
        let (catalog, config) = try arguments.catalogOptions()
        let named = catalog != nil || config != nil
        let paths = arguments.positional.filter {
            $0.contains("/") || $0.contains(".") || CatalogReading.isRevision($0) || (!named && CatalogSelection.isCatalogDirectory($0))
        }
        keys = arguments.positional.filter { !paths.contains($0) }
        guard paths.count <= 1 else { throw UsageError("one catalog at a time; got '\(paths[0])' and '\(paths[1])'") }
        if let keyNames, keys.count > keyNames.count {
            throw UsageError("unexpected argument '\(keys[keyNames.count])'; give at most \(keyNames.joined(separator: " and "))")
        }
        selection = try arguments.catalogSelection(path: paths.first)
        directoryHint = keys.first { !named && Self.isDirectory($0) }.map { "; '\($0)' is a directory: write '\($0)/' to show the catalog in it" } ?? ""
    }

    /// The catalog, with a warning for each file that does not parse; nil after writing the
    /// error when there is no catalog to read.
    func loadCatalog(output: inout Output) -> Catalog? {
        Self.loadCatalog(selection, hint: directoryHint, output: &output)
    }

    /// The catalog `selection` names, warning about files that do not parse; nil after writing
    /// the error, followed by `hint`, when there is none.
    static func loadCatalog(_ selection: CatalogSelection, hint: String = "", output: inout Output) -> Catalog? {
        guard let catalog = load(selection, hint: hint, output: &output) else { return nil }
        for layer in catalog.layers {
            for (file, error) in layer.unloadableFiles {
                output.standardError += "warning: \(file.path.withInvisibleCharactersEscaped):\(error): the file takes no part in the merged catalog (see 'choosy-data lint')\n"
            }
        }
        return catalog
    }

    /// The catalog `selection` names; nil after writing the error, followed by `hint`, when
    /// there is none.
    static func load(_ selection: CatalogSelection, hint: String = "", output: inout Output) -> Catalog? {
        output.addImpliedConfigNote(try? selection.resolvedConfig(currentDirectory: FileManager.default.currentDirectoryPath))
        do {
            return try CatalogReading.load(
                selection, currentDirectory: FileManager.default.currentDirectoryPath, trustedDirectories: trustedDirectories)
        } catch {
            output.addError(error, suffix: hint)
            return nil
        }
    }

    /// The directories outside a catalog that the person running the tool lets layers name:
    /// `CHOOSY_DATA_LAYER_DIRS`, colon-separated (docs/catalog.md), or those bound to
    /// `trustedDirectoriesInProcess`.
    static var trustedDirectories: [String] {
        trustedDirectoriesInProcess
            ?? CatalogBoundary.trustedDirectories(fromEnvironmentValue: ProcessInfo.processInfo.environment[CatalogBoundary.environmentVariable])
    }

    /// What a caller that dispatches commands in its own process (the tests) trusts, in place
    /// of the environment, which a process with other threads cannot safely change.
    @TaskLocal static var trustedDirectoriesInProcess: [String]?

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

extension Arguments {
    /// `-C PATH` (`--catalog`) and `--config FILE`, at most one of them.
    func catalogOptions() throws(UsageError) -> (catalog: String?, config: String?) {
        let catalog = options["--catalog"]
        guard catalog == nil || options["--config"] == nil else { throw UsageError("give the catalog once: -C PATH or --config FILE, not both") }
        for (name, value) in [("-C", catalog), ("--config", options["--config"])] where value?.isEmpty == true {
            throw UsageError("\(name) names no catalog (''); give one, such as \(name) data/")
        }
        return (catalog, options["--config"])
    }

    /// The catalog named by `-C`, `--config` or a PATH argument, at most one of them.
    func catalogSelection(path: String?) throws(UsageError) -> CatalogSelection {
        let (catalog, config) = try catalogOptions()
        if let path, catalog != nil || config != nil {
            throw UsageError("give the catalog once: '\(path)' and \(catalog != nil ? "-C" : "--config") both name one; keep one")
        }
        return CatalogSelection(catalog: catalog, configPath: config, path: path)
    }

    /// The `.choosy-data.yml` that `-C` or `--config` names, or with neither and no `paths`,
    /// that of the catalog around or just below the current directory; nil when the paths
    /// find their catalogs themselves (`lint`, `fmt`, which take both paths and a config).
    func config(forPaths paths: [String]) throws(UsageError) -> Result<CatalogSelection.ConfigLocation?, CatalogSelectionError> {
        let (catalog, config) = try catalogOptions()
        return Result { () throws(CatalogSelectionError) in
            try CatalogSelection(catalog: catalog, configPath: config, path: paths.first)
                .resolvedConfig(currentDirectory: FileManager.default.currentDirectoryPath)
        }
    }
}
