import ChoosyData
import Foundation

/// `choosy-data url`: render the URL each app of an app type is opened with for an action.
enum URLCommand: Command {
    static let name = "url"
    static let abstract = "Show the URL every app of an app type is opened with for an action."
    static let usage = """
        choosy-data url TYPE ACTION [NAME=VALUE ...] [--app APP] [--format text|json]
                              [--client shipped|rfc3986] [PATH | --config FILE]
        """
    static let details = """
        ARGUMENTS:
          TYPE                    An app type of the merged catalog (twitter, maps).
          ACTION                  One of its actions (post, search).
          NAME=VALUE              A parameter value, unencoded; the value may contain '='
                                  (the first one splits). Names the app type does not
                                  declare are an error, so a typo never goes unnoticed.
          PATH                    A catalog directory or a file inside one (its catalog is
                                  found by walking up to .choosy-data.yml). Default: the
                                  catalog around the current directory.

        OPTIONS:
          --app <app>             Only this app.
          --format <format>       text (default): app name, key and what the client opens
                                  in columns, warnings under each app; json: {"client",
                                  "type", "action", "parameters", "results"} (docs/url.md).
        \(Arguments.clientOptionHelp)
          --config <file>         Use this .choosy-data.yml instead of searching for one.
        """
    static let valueOptions: Set<String> = ["--app", "--format", "--client", "--config"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = try arguments.choice("--format", allowed: ["text", "json"], fallback: "text")
        let client = try arguments.clientProfile()
        guard arguments.positional.count >= 2 else {
            // A lone key is the TYPE; a path or a NAME=VALUE leaves both missing.
            let type = arguments.positional.first.flatMap { KeyFormatRule.isValid($0) ? $0 : nil }
            throw UsageError(type.map { "missing ACTION after TYPE '\($0)'" } ?? "missing TYPE and ACTION")
        }
        var parameters: [(key: String, value: String)] = []
        var paths: [String] = []
        for argument in arguments.positional.dropFirst(2) {
            guard let equals = argument.firstIndex(of: "=") else {
                paths.append(argument)
                continue
            }
            guard equals != argument.startIndex else { throw UsageError("'\(argument)' has no parameter name before '='") }
            parameters.append((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
        }
        guard paths.count <= 1 else { throw UsageError("unexpected argument '\(paths[1])'; give at most one PATH") }
        var request = URLPreviewRequest(
            appType: arguments.positional[0], action: arguments.positional[1], parameters: parameters,
            app: arguments.options["--app"], path: paths.first, configPath: arguments.options["--config"],
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
