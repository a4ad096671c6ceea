import ChoosyCatalog
import ChoosyTools
import Foundation

/// The two sides `diff` and `review` compare, named the same way by both (docs/diff.md,
/// "Naming a side"), and the layout `-C`/`--config` gives the git revisions among them.
enum CatalogSideArguments {
    /// Loads each side, labelled (`OLD`, `BASE`) in errors; a nil argument is the work tree's
    /// catalog (review's HEAD). Nil after writing the error when a side cannot be read.
    static func load(_ sides: [(label: String, argument: String?)], arguments: Arguments, output: inout Output) throws(UsageError) -> [Catalog]? {
        let currentDirectory = FileManager.default.currentDirectoryPath
        var layoutConfig: CatalogSelection.ConfigLocation?
        if arguments.options["--catalog"] != nil || arguments.options["--config"] != nil {
            switch try arguments.config(forPaths: []) {
            case .success(let location): layoutConfig = location
                output.addImpliedConfigNote(location)
            case .failure(let error):
                output.addError(error)
                return nil
            }
        }
        var catalogs: [Catalog] = []
        for (label, argument) in sides {
            do throws(CatalogSideError) {
                let layout = try layoutConfig.map { config throws(CatalogSideError) in try CatalogLayout(configPath: config.path, implied: config.implied) }
                let side = if let argument {
                    try CatalogSide.named(argument, currentDirectory: currentDirectory)
                } else if let layout {
                    CatalogSide.path(layout.directory)
                } else {
                    try CatalogSide.workTree(currentDirectory: currentDirectory)
                }
                catalogs.append(try side.load(currentDirectory: currentDirectory, trustedDirectories: CatalogArguments.trustedDirectories, layout: layout))
            } catch {
                output.addError(error, prefix: "\(label) (\(argument ?? "work tree")): ")
                return nil
            }
        }
        return catalogs
    }
}
