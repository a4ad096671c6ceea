import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyTools
import Foundation

/// `choosy-data init`: write the `.choosy-data.yml` of an existing catalog layout.
enum InitCommand: Command {
    static let spec = CommandSpec(
        name: "init",
        abstract: "Write the .choosy-data.yml of an existing catalog layout.",
        usage: "choosy-data init [DIR] [--builtin PATH] [--server PATH] [--client shipped|rfc3986] [--platform ios17|ios16] [--quiet]",
        arguments: [
            ArgumentSpec("DIR", help: """
                The catalog's root, where .choosy-data.yml is written.
                Default: the current directory.
                """, completion: .files),
        ],
        options: [
            OptionSpec(long: "--builtin", valueName: "path", completesFiles: true, help: """
                The client's built-in catalog, a folder or file inside
                DIR: the first layer, frozen (built into apps in the
                field). Default: DIR/builtin when it exists.
                """),
            OptionSpec(long: "--server", valueName: "path", completesFiles: true, help: """
                The catalog the server publishes, a folder or file inside
                DIR: the second layer. Default: DIR/app-data.
                """),
            OptionSpec(
                long: "--client", valueName: "client", allowedValues: ClientProfile.allCases.map(\.rawValue),
                help: """
                    The config's 'client:': shipped (default; the Choosy iOS
                    client 0.6.x in apps today) or rfc3986 (docs/merge.md).
                    """),
            OptionSpec(
                long: "--platform", valueName: "platform", allowedValues: Platform.allCases.map(\.rawValue),
                help: """
                    The config's 'platform:': ios17 or ios16 (docs/url.md).
                    Default: none written, which means ios17.
                    """),
            .quiet("Print errors only: no lines saying what was chosen."),
        ],
        notes: """
            An existing .choosy-data.yml is never overwritten. The config is read back as every
            command reads it before it is written: a layer outside DIR or without catalog files
            is refused, and nothing is written.
            """,
        exitCodes: ExitCodeHelp(success: "The config was written.", findings: nil),
        examples: [
            .init("Adopt the upstream repository (app-data/ and builtin/ at its top)", "choosy-data init"),
            .init("Name the built-in catalog where it is", "choosy-data init --builtin client/systemAppTypes.json"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        guard arguments.positional.count <= 1 else {
            throw UsageError("unexpected argument '\(arguments.positional[1])'; init takes one DIR")
        }
        let currentDirectory = FileManager.default.currentDirectoryPath
        let root = arguments.positional.first ?? "."
        let configPath = CatalogLoader.join(root, CatalogConfig.fileName)
        let setup: CatalogSetup
        do throws(CatalogSetupError) {
            guard !FileManager.default.fileExists(atPath: configPath) else { throw .existingConfig(configPath) }
            setup = try CatalogSetup.detect(
                root: root, builtin: arguments.options["--builtin"], server: arguments.options["--server"],
                client: arguments.clientProfile() ?? .default, platform: arguments.platform(), currentDirectory: currentDirectory)
        } catch {
            output.addError(error)
            return .failure
        }
        do {
            try setup.write(to: configPath, trustedDirectories: CatalogArguments.trustedDirectories)
        } catch {
            output.addError(error, suffix: "; nothing was written")
            return .failure
        }
        output.addProgress("Wrote \(configPath.withInvisibleCharactersEscaped):")
        for line in setup.summary { output.addProgress(line) }
        if setup.builtin == nil {
            output.standardError += "warning: no built-in layer (no \(CatalogSetup.builtinDirectory)/ in '\(root)' and no --builtin PATH): "
                + "the app types the client builds in are undeclared, so lint reports their parameters and actions as unknown; "
                + "add the client's built-in catalog to the config as its first layer, frozen (docs/catalog.md)\n"
        }
        output.addProgress("Next: choosy-data lint \(root == "." ? "" : root)".trimmingCharacters(in: .whitespaces))
        return .success
    }
}
