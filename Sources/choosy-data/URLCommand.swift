import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyTools
import Foundation

/// `choosy-data url`: render the URL each app of an app type is opened with for an action.
enum URLCommand: Command {
    /// What `--format` prints: columns, or JSON (docs/url.md).
    enum OutputFormat: String, CaseIterable {
        case text
        case json
    }

    static let spec = CommandSpec(
        name: "url",
        abstract: "Show the URL every app of an app type is opened with for an action.",
        usage: """
            choosy-data url TYPE ACTION [NAME=VALUE ...] [--app APP] [--format text|json]
                                  [--client shipped|rfc3986] [--platform ios17|ios16] [PATH | -C PATH | --config FILE]
            """,
        arguments: [
            ArgumentSpec("TYPE", help: "An app type of the merged catalog (twitter, maps).", completion: .appTypes),
            ArgumentSpec("ACTION", help: "One of its actions (post, search).", completion: .actions),
            ArgumentSpec("NAME=VALUE", help: """
                A parameter value, unencoded; the value may contain '='
                (the first one splits). Names the app type does not
                declare are an error, so a typo never goes unnoticed.
                """),
            ArgumentSpec("PATH", help: """
                A catalog directory or a file inside one (its catalog is
                found by walking up to .choosy-data.yml), after TYPE and
                ACTION: an argument without '=' that exists or has a '/'
                or '.'. Default: as for -C.
                """, completion: .files),
        ],
        options: [
            OptionSpec(long: "--app", valueName: "app", help: "Only this app."),
            .format(OutputFormat.allCases.map(\.rawValue), help: """
                text (default): app name, key and what the client opens
                in columns, warnings under each app; json: {"client",
                "type", "action", "parameters", "results"} (docs/url.md).
                """),
            .client(),
            .platform(),
            .catalog(),
            .config,
        ],
        exitCodes: ExitCodeHelp(success: "The URLs were shown.", findings: nil),
        examples: [
            .init("How every Twitter app opens a new post", "choosy-data url twitter post text='Hello, world'"),
            .init("One app, as JSON", "choosy-data url twitter post text=hi --app tweetbot --format json"),
        ])

    /// The order of the arguments, for a catalog given where a key belongs.
    private static let order = "choosy-data url TYPE ACTION [NAME=VALUE ...] [-C PATH]"

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = arguments.value(of: "--format", default: OutputFormat.text)
        let client = arguments.clientProfile()
        let (catalog, config) = try arguments.catalogOptions()
        // `url data/ twitter post`: the catalog where a key belongs.
        for (argument, kind) in zip(arguments.positional, ["app type", "action"]) where URLPreviewRequest.parameter(argument) == nil
            && (argument.contains("/") || argument.contains(".") || (catalog == nil && config == nil && CatalogSelection.isCatalogDirectory(argument)))
        {
            throw UsageError("'\(argument)' is a catalog path, not an \(kind); the order is: \(order)")
        }
        guard arguments.positional.count >= 2 else {
            // A lone key is the TYPE; a path or a NAME=VALUE leaves both missing.
            let type = arguments.positional.first.flatMap { KeyGrammar.matches($0) ? $0 : nil }
            throw UsageError(type.map { "missing ACTION after TYPE '\($0)'" } ?? "missing TYPE and ACTION")
        }
        var parameters: [(key: String, value: String)] = []
        var paths: [String] = []
        for argument in arguments.positional.dropFirst(2) {
            guard let parameter = URLPreviewRequest.parameter(argument) else {
                // `text` alone is a parameter without its value, unless a file or directory has that name.
                if KeyGrammar.matches(argument), !FileManager.default.fileExists(atPath: argument) {
                    throw UsageError("expected NAME=VALUE, got '\(argument)'; give the parameter a value, such as \(argument)=VALUE")
                }
                paths.append(argument)
                continue
            }
            guard !parameter.key.isEmpty else { throw UsageError("'\(argument)' has no parameter name before '='") }
            parameters.append(parameter)
        }
        guard paths.count <= 1 else { throw UsageError("unexpected argument '\(paths[1])'; give at most one PATH") }
        let selection = try arguments.catalogSelection(path: paths.first)
        var request = URLPreviewRequest(
            appType: arguments.positional[0], action: arguments.positional[1], parameters: parameters, app: arguments.options["--app"],
            catalog: selection.catalog, path: selection.path, configPath: selection.configPath,
            currentDirectory: FileManager.default.currentDirectoryPath, client: client)
        request.platform = arguments.platform()
        request.trustedDirectories = CatalogArguments.trustedDirectories
        let preview: URLPreview
        do {
            preview = try URLPreview.run(request)
        } catch .load(let error) {
            output.addError(error)
            return .failure
        } catch {
            // A key the catalog does not have, or a parameter given twice: a calling mistake.
            throw UsageError(error.description)
        }
        for file in preview.unloadableFiles {
            output.standardError += "warning: \(file.withInvisibleCharactersEscaped) does not parse and takes no part; run 'choosy-data lint' on it\n"
        }
        output.standardOutput += format == .json ? preview.json : preview.text
        return .success
    }
}
