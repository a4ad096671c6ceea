import ChoosyData
import Foundation

/// The arguments of a command that reads one whole catalog (`show`, `matrix`): a few keys, and
/// the catalog as a PATH or `--config`. Keys are `[a-z][a-z0-9_]*`, so an argument with a `/`
/// or `.` can only be the PATH.
struct CatalogArguments {
    let keys: [String]
    let path: String?
    let configPath: String?
    /// `show data` reads `data` as a key; when it names a directory, this says how to mean that.
    let directoryHint: String

    /// `keyNames` name the keys the command takes, in order (`TYPE`, `APP`).
    init(_ arguments: Arguments, keyNames: [String]) throws(UsageError) {
        let paths = arguments.positional.filter { $0.contains("/") || $0.contains(".") }
        keys = arguments.positional.filter { !paths.contains($0) }
        path = paths.first
        configPath = arguments.options["--config"]
        guard paths.count <= 1 else { throw UsageError("one catalog at a time; got '\(paths[0])' and '\(paths[1])'") }
        guard keys.count <= keyNames.count else {
            throw UsageError("unexpected argument '\(keys[keyNames.count])'; give at most \(keyNames.joined(separator: " and "))")
        }
        guard paths.isEmpty || configPath == nil else { throw UsageError("give the catalog as PATH or --config, not both") }
        directoryHint = keys.first { Self.isDirectory($0) }.map { "; '\($0)' is a directory: write '\($0)/' to show the catalog in it" } ?? ""
    }

    /// The catalog, with a warning for each file that does not parse; nil after writing the
    /// error when there is no catalog to read.
    func loadCatalog(output: inout Output) -> Catalog? {
        Self.loadCatalog(path: path, configPath: configPath, hint: directoryHint, output: &output)
    }

    /// The catalog at `path` or `configPath` (see `CatalogLookup`), warning about files that do
    /// not parse; nil after writing the error, followed by `hint`, when there is none.
    static func loadCatalog(path: String?, configPath: String?, hint: String = "", output: inout Output) -> Catalog? {
        let catalog: Catalog
        do {
            catalog = try CatalogLookup.load(
                path: path, configPath: configPath, currentDirectory: FileManager.default.currentDirectoryPath,
                trustedDirectories: trustedDirectories)
        } catch {
            // The error itself when there is no hint, so that each config mistake gets a line.
            if hint.isEmpty { output.addError(error) } else { output.addError("\(error)\(hint)") }
            return nil
        }
        for layer in catalog.layers {
            for (file, error) in layer.unloadableFiles {
                output.standardError += "warning: \(file.path.withInvisibleCharactersEscaped):\(error): the file takes no part in the merged catalog (see 'choosy-data lint')\n"
            }
        }
        return catalog
    }

    /// The directories outside a catalog that the person running the tool lets layers name:
    /// `CHOOSY_DATA_LAYER_DIRS`, colon-separated (docs/catalog.md).
    static var trustedDirectories: [String] {
        CatalogBoundary.trustedDirectories(fromEnvironmentValue: ProcessInfo.processInfo.environment[CatalogBoundary.environmentVariable])
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
