import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosySyntax
import ChoosyTools
import Foundation

/// `choosy-data schemes`: the URL schemes an iOS app must declare to use app types.
enum SchemesCommand: Command {
    /// What `--format` prints the list as.
    enum OutputFormat: String, CaseIterable {
        case plist
        case plistFragment = "plist-fragment"
        case json, text
    }

    static let spec = CommandSpec(
        name: "schemes",
        abstract: "List the LSApplicationQueriesSchemes an iOS app needs for app types.",
        usage: """
            choosy-data schemes [TYPE ...] [PATH | -C PATH | --config FILE] [--format plist|plist-fragment|json|text]
                                      [--client shipped|rfc3986] [--platform ios17|ios16]
                   choosy-data schemes [TYPE ...] (--check PLIST | --write PLIST) [--prune]
                                      [-C PATH | --config FILE] [--client shipped|rfc3986] [--platform ios17|ios16] [--quiet]
            """,
        arguments: [
            ArgumentSpec("TYPE", help: "App type keys (default: every app type of the catalog).", completion: .appTypes),
            ArgumentSpec("PATH", help: """
                The catalog: a directory or file inside it, found by walking
                up to its .choosy-data.yml. An argument with a '/' or '.' is a
                PATH (keys have neither), and so is a word naming a
                catalog directory ('data' as 'data/'). Default: as for -C.
                """, completion: .files),
        ],
        options: [
            .format(OutputFormat.allCases.map(\.rawValue), help: """
                plist (default): a complete Info.plist; plist-fragment: the
                key and array to paste into one; json: an array; text: one
                scheme per line. Schemes are bare (no ':'), lowercased,
                deduplicated and sorted; http and https are left out,
                since iOS needs no declaration for them.
                """),
            OptionSpec(long: "--check", valueName: "plist", completesFiles: true, help: """
                Compare the LSApplicationQueriesSchemes of an XML Info.plist
                with the list (as sets): print the schemes it misses (and,
                with --prune, its other entries); exit 1 when there are any.
                """),
            OptionSpec(short: "-w", long: "--write", valueName: "plist", completesFiles: true, help: """
                Update that array in place: append the missing schemes
                sorted; entries the catalog does not list (the app's own)
                stay unless --prune. Every other byte of the file stays as
                it was, comments inside the array too.
                """),
            OptionSpec(long: "--prune", help: """
                With --check or --write: entries the catalog does not list
                are a difference, and --write removes them.
                """),
            OptionSpec(long: "--keep-extra", help: """
                What --check and --write do without --prune; accepted for
                scripts written before --prune existed.
                """),
            .catalog(),
            .config,
            .client(),
            .platform("""
                schemes renders no URL, so the platform changes nothing
                here.
                """),
            .quiet("With --check or --write: print differences and errors\nonly, no line when the file already lists the schemes\nor says what was written."),
        ],
        exitCodes: ExitCodeHelp(
            success: "The list was printed, the Info.plist lists the schemes, or it was updated.",
            findings: "--check: the Info.plist misses schemes (or, with --prune, lists others)."),
        examples: [
            .init("The array to paste into an Info.plist", "choosy-data schemes --format plist-fragment"),
            .init("Keep an app's Info.plist in step with the catalog", "choosy-data schemes --write App/Info.plist"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = arguments.value(of: "--format", default: OutputFormat.plist)
        let check = arguments.options["--check"], write = arguments.options["--write"]
        if check != nil, write != nil { throw UsageError("--check and --write exclude each other; give one") }
        if check != nil || write != nil, arguments.options["--format"] != nil {
            throw UsageError("--format prints the list; with --check or --write it has no effect, so leave it out")
        }
        for flag in ["--prune", "--keep-extra"] where check == nil && write == nil && arguments.flags.contains(flag) {
            throw UsageError("\(flag) applies to --check PLIST or --write PLIST; give one of them")
        }
        if arguments.flags.isSuperset(of: ["--prune", "--keep-extra"]) {
            throw UsageError("--prune removes the entries --keep-extra keeps; give one of them")
        }
        let client = arguments.clientProfile()
        let catalogArguments = try CatalogArguments(arguments, keyNames: nil)
        guard let catalog = CatalogArguments.load(catalogArguments.selection, hint: catalogArguments.directoryHint, output: &output) else {
            return .failure
        }
        // An Info.plist from a partial list breaks canOpenURL for the missing apps without a word.
        if let (file, error) = catalog.layers.lazy.flatMap(\.unloadableFiles).first {
            output.addError("\(CatalogLoadError.config(file: file.path, [error])); its app types could not be read, "
                + "so the list of schemes would be incomplete: nothing was printed (fix the file; 'choosy-data lint' shows every problem)")
            return .failure
        }
        let merged = MergedCatalog(catalog, profile: client, platform: arguments.platform())
        var types = merged.appTypes
        if !catalogArguments.keys.isEmpty {
            if let unknown = catalogArguments.keys.first(where: { merged.appType($0) == nil }) {
                throw UsageError(UnknownKeyError(kind: "app type", key: unknown, validKeys: merged.appTypes.map(\.key)).description
                    + catalogArguments.directoryHint)
            }
            types = catalogArguments.keys.compactMap(merged.appType)
        }
        let schemes = QueriedSchemes.schemes(of: types)
        if let path = check ?? write {
            let selection = SchemesCheck.Selection(keys: catalogArguments.keys, catalog: catalogArguments.selection, client: arguments.options["--client"],
                                      prunes: arguments.flags.contains("--prune"))
            return update(path, to: schemes, types: types, selection: selection, writing: write != nil, output: &output)
        }
        if let warning = QueriedSchemes.limitWarning(count: schemes.count, types: types) { output.standardError += "warning: \(warning)\n" }
        switch format {
        case .json:
            output.standardOutput += JSONValue.array(schemes.map(JSONValue.string)).rendered()
        case .text:
            output.standardOutput += schemes.map { $0 + "\n" }.joined()
        case .plistFragment:
            output.standardOutput += QueriedSchemes.fragment(schemes)
        case .plist:
            output.standardOutput += QueriedSchemes.document(schemes)
        }
        return .success
    }

    /// `--check` (`writing` false) or `--write` of the Info.plist at `path`: reading and
    /// writing it here, the comparison and what is said in `SchemesCheck`.
    private static func update(
        _ path: String, to schemes: [String], types: [MergedAppType], selection: SchemesCheck.Selection, writing: Bool, output: inout Output
    ) -> ExitCode {
        let check: SchemesCheck
        do {
            check = SchemesCheck(try InfoPlistSchemes(SourceFile.read(path: path)), schemes: schemes, selection: selection)
        } catch let error as InputError {
            output.addError(error)
            return .failure
        } catch {
            output.addError("\(error)")
            return .failure
        }
        if let warning = QueriedSchemes.limitWarning(count: check.entries.count, types: types) { output.standardError += "warning: \(path): \(warning)\n" }
        guard !check.isCurrent else {
            output.addProgress(check.currentLine)
            return .success
        }
        guard writing else {
            output.standardOutput += check.differences
            return .findings
        }
        do {
            try AtomicFileWriter().write(check.rewritten, to: path)
        } catch {
            output.addError("\(error); the file was left as it was")
            return .failure
        }
        output.addProgress(check.writtenLine)
        return .success
    }
}
