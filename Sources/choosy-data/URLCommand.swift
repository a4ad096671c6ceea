import ChoosyData
import Foundation

/// `choosy-data url`: render the URL each app of an app type is opened with for an action.
enum URLCommand: Command {
    static let name = "url"
    static let abstract = "Show the URL every app of an app type is opened with for an action."
    static let usage = """
        choosy-data url TYPE ACTION [NAME=VALUE ...] [--app APP] [--format text|json]
                              [--client shipped|rfc3986] [PATH | -C PATH | --config FILE]
        """
    static let details = """
        ARGUMENTS:
          TYPE                    An app type of the merged catalog (twitter, maps).
          ACTION                  One of its actions (post, search).
          NAME=VALUE              A parameter value, unencoded; the value may contain '='
                                  (the first one splits). Names the app type does not
                                  declare are an error, so a typo never goes unnoticed.
          PATH                    A catalog directory or a file inside one (its catalog is
                                  found by walking up to .choosy-data.yml), after TYPE and
                                  ACTION: an argument without '=' that exists or has a '/'
                                  or '.'. Default: as for -C.

        OPTIONS:
          --app <app>             Only this app.
          --format <format>       text (default): app name, key and what the client opens
                                  in columns, warnings under each app; json: {"client",
                                  "type", "action", "parameters", "results"} (docs/url.md).
        \(Arguments.clientOptionHelp)
        \(Arguments.catalogOptionHelp)
          --config <file>         Use this .choosy-data.yml (or catalog directory) instead
                                  of searching for one.
        """
    static let valueOptions: Set<String> = ["--app", "--format", "--client", "--config", "-C", "--catalog"]
    static let flagOptions: Set<String> = []

    /// The order of the arguments, for a catalog given where a key belongs.
    private static let order = "choosy-data url TYPE ACTION [NAME=VALUE ...] [-C PATH]"

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = try arguments.choice("--format", allowed: ["text", "json"], fallback: "text")
        let client = try arguments.clientProfile()
        let (catalog, config) = try arguments.catalogOptions()
        // `url data/ twitter post`: the catalog where a key belongs.
        for (argument, kind) in zip(arguments.positional, ["app type", "action"]) where !argument.contains("=")
            && (argument.contains("/") || argument.contains(".") || (catalog == nil && config == nil && CatalogSelection.isCatalogDirectory(argument)))
        {
            throw UsageError("'\(argument)' is a catalog path, not an \(kind); the order is: \(order)")
        }
        guard arguments.positional.count >= 2 else {
            // A lone key is the TYPE; a path or a NAME=VALUE leaves both missing.
            let type = arguments.positional.first.flatMap { KeyFormatRule.isValid($0) ? $0 : nil }
            throw UsageError(type.map { "missing ACTION after TYPE '\($0)'" } ?? "missing TYPE and ACTION")
        }
        var parameters: [(key: String, value: String)] = []
        var paths: [String] = []
        for argument in arguments.positional.dropFirst(2) {
            guard let equals = argument.firstIndex(of: "=") else {
                // `text` alone is a parameter without its value, unless a file or directory has that name.
                if KeyFormatRule.isValid(argument), !FileManager.default.fileExists(atPath: argument) {
                    throw UsageError("expected NAME=VALUE, got '\(argument)'; give the parameter a value, such as \(argument)=VALUE")
                }
                paths.append(argument)
                continue
            }
            guard equals != argument.startIndex else { throw UsageError("'\(argument)' has no parameter name before '='") }
            parameters.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
        }
        guard paths.count <= 1 else { throw UsageError("unexpected argument '\(paths[1])'; give at most one PATH") }
        let selection = try arguments.catalogSelection(path: paths.first)
        var request = URLPreviewRequest(
            appType: arguments.positional[0], action: arguments.positional[1], parameters: parameters, app: arguments.options["--app"],
            catalog: selection.catalog, path: selection.path, configPath: selection.configPath,
            currentDirectory: FileManager.default.currentDirectoryPath, client: client)
        request.trustedDirectories = CatalogArguments.trustedDirectories
        let preview: URLPreview
        do {
            preview = try URLPreview.run(request)
        } catch {
            output.addError(error)
            return .failure
        }
        for file in preview.unloadableFiles {
            output.standardError += "warning: \(file.withInvisibleCharactersEscaped) does not parse and takes no part; run 'choosy-data lint' on it\n"
        }
        output.standardOutput += format == "json" ? preview.json : preview.text
        return .success
    }
}
