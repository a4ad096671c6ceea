import ChoosyData
import Foundation

/// `choosy-data show`: print the catalog as merged across its layers.
enum ShowCommand: Command {
    static let name = "show"
    static let abstract = "Print the catalog merged across its layers, as the client sees it."
    static let usage = "choosy-data show [TYPE [APP]] [PATH | --config FILE] [--format text|json]"
    static let details = """
        ARGUMENTS:
          TYPE                    Show this app type only (its key, e.g. twitter).
          APP                     Show this app of TYPE only (its key, e.g. tweetbot).
          PATH                    The catalog: a directory or file inside it, found by walking
                                  up to its .choosy-data.yml; outside any catalog, a directory
                                  or file read as one layer. An argument with a '/' or '.' is a
                                  PATH (keys have neither). Default: the catalog whose
                                  .choosy-data.yml is in the current directory or above.

        OPTIONS:
          --config <file>         Use this .choosy-data.yml instead of searching for one.
          --format <format>       text (default): each value with the file:line it came
                                  from, to see which layer won; json: the client's wire
                                  format (docs/merge.md).
        """
    static let valueOptions: Set<String> = ["--format", "--config"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = try arguments.choice("--format", allowed: ["text", "json"], fallback: "text")
        // Keys are [a-z][a-z0-9_]*, so an argument with a '/' or '.' can only be a path.
        let paths = arguments.positional.filter { $0.contains("/") || $0.contains(".") }
        let keys = arguments.positional.filter { !paths.contains($0) }
        guard paths.count <= 1 else { throw UsageError("one catalog at a time; got '\(paths[0])' and '\(paths[1])'") }
        guard keys.count <= 2 else { throw UsageError("unexpected argument '\(keys[2])'; give at most TYPE and APP") }
        guard paths.isEmpty || arguments.options["--config"] == nil else {
            throw UsageError("give the catalog as PATH or --config, not both")
        }
        // `show data` reads as TYPE data; say how to mean the directory.
        let directoryHint = keys.first { isDirectory($0) }.map { "; '\($0)' is a directory: write '\($0)/' to show the catalog in it" } ?? ""
        let catalog: Catalog
        do {
            catalog = try CatalogLookup.load(
                path: paths.first, configPath: arguments.options["--config"],
                currentDirectory: FileManager.default.currentDirectoryPath)
        } catch {
            output.standardError += "Error: \(error)\(directoryHint)\n"
            return .failure
        }
        let value: MergedValue
        do {
            value = try MergedCatalog(catalog).tree(appType: keys.first, app: keys.dropFirst().first)
        } catch {
            throw UsageError(error.description + directoryHint)
        }
        for layer in catalog.layers {
            for (file, error) in layer.unloadableFiles {
                output.standardError += "warning: \(file.path):\(error): the file takes no part in the merged catalog (see 'choosy-data lint')\n"
            }
        }
        output.standardOutput += format == "json" ? value.jsonOutput.rendered() : MergedTextRenderer.render(value)
        return .success
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
