import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosySyntax
import ChoosyTools
import Foundation

/// `choosy-data lint`: load catalogs, run the rules, report.
enum LintCommand: Command {
    static let spec = CommandSpec(
        name: "lint",
        abstract: "Check catalog files and report every problem with its position.",
        usage: """
            choosy-data lint [PATH ...] [-C PATH | --config FILE] [--format text|json|github|sarif]
                                  [--fail-on error|warning] [--color auto|always|never] [--quiet]
                                  [--client shipped|rfc3986] [--platform ios17|ios16] [--fix [--unsafe-fixes]]
                                  [--rules-url URL] [--max-findings N]
                                  [- --stdin-filename PATH]
            """,
        arguments: [
            ArgumentSpec("PATH", help: """
                A catalog directory, or files and directories inside one.
                The catalog is found by walking up to its .choosy-data.yml
                and checked whole, but only findings in the given paths are
                reported. Outside any catalog, a directory is read as one
                layer of its .json/.yaml/.yml files. '-' reads standard
                input (with --stdin-filename). git:REV[:PATH] checks the
                catalog at a git revision, read from git without a
                checkout (with -C, in the work tree's layout). Default:
                as for -C.
                """, completion: .files),
        ],
        options: [
            .catalog("With PATHs, only findings in them are reported."),
            .config,
            OptionSpec(long: "--stdin-filename", valueName: "path", completesFiles: true, help: """
                The file standard input stands for: its catalog, layer
                and name in findings.
                """),
            .format(LintOutputFormat.allCases.map(\.rawValue), help: """
                Output format: text (default), json, github (GitHub
                Actions annotations) or sarif (SARIF 2.1.0 for code
                scanning; file URIs relative to the current directory).
                """),
            .rulesURL("with --format sarif, each rule links its section\nthere (helpUri)."),
            .color(),
            OptionSpec(long: "--max-findings", valueName: "n", help: """
                List at most N findings of a rule in a file (default:
                \(FindingCap.defaultLimit)), then one finding of the same rule saying how
                many more there are; they still count in the summary
                and the exit code. 0 lists them all.
                """),
            OptionSpec(long: "--fail-on", valueName: "severity", allowedValues: ["error", "warning"], help: """
                Exit 1 when a finding is at least this severe: error
                (default) or warning.
                """),
            .quiet("Show only the findings that fail the run (errors;\nwarnings too with --fail-on warning), without the\nsummary line."),
            OptionSpec(long: "--fix", help: """
                First apply the safe fixes as text edits (the rest of
                each file, YAML comments included, stays as it is),
                then report what remains. Never touches
                .choosy-data.yml.
                """),
            OptionSpec(long: "--unsafe-fixes", help: """
                With --fix: apply the unsafe fixes too, those that may
                drop data someone meant (removing a duplicate).
                """),
            .client("""
                It decides how layers merge and examples render; the
                rules about what breaks the shipped client always run.
                """),
            .platform("""
                The findings are the same on both: url-valid says what
                each platform makes of a URL it reports.
                """),
        ],
        exitCodes: ExitCodeHelp(
            success: "No finding at or above --fail-on (default: error).",
            findings: "A finding at or above --fail-on."),
        examples: [
            .init("Check the catalog around the current directory", "choosy-data lint"),
            .init("Check the catalog as the main branch has it", "choosy-data lint git:origin/main"),
            .init("Fix what can be fixed, then report the rest", "choosy-data lint --fix data"),
            .init("Annotate a pull request in GitHub Actions, failing on warnings too", "choosy-data lint data --format github --fail-on warning"),
            .init("Check an editor's buffer as the file it stands for", "choosy-data lint - --stdin-filename data/app-data/maps.json < buffer"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = arguments.value(of: "--format", default: LintOutputFormat.text)
        let colorMode = arguments.value(of: "--color", default: ColorMode.auto)
        let failOn = arguments.value(of: "--fail-on", default: Severity.error)
        let quiet = arguments.flags.contains("--quiet")
        let rulesURL = try arguments.rulesURL()
        var findingCap = FindingCap.standard
        if let text = arguments.options["--max-findings"] {
            guard let cap = FindingCap(option: text) else {
                throw UsageError("--max-findings takes a whole number of findings per rule and file, 0 for all; got '\(text.excerpt)' (e.g. --max-findings 500)")
            }
            findingCap = cap
        }
        // An option that would change nothing is a mistake to say, not to pass over.
        if rulesURL != nil, format != .sarif {
            throw UsageError("--rules-url links the rules of SARIF output; add --format sarif, or leave it out")
        }
        if arguments.flags.contains("--unsafe-fixes"), !arguments.flags.contains("--fix") {
            throw UsageError("--unsafe-fixes says which fixes --fix applies; add --fix, or leave it out")
        }
        if arguments.options["--stdin-filename"] != nil, !arguments.positional.contains("-") {
            throw UsageError("--stdin-filename names what standard input stands for; add '-' to read standard input, or leave it out")
        }
        let config: CatalogSelection.ConfigLocation?
        switch try arguments.config(forPaths: arguments.positional) {
        case .success(let location): config = location
        case .failure(let error):
            output.addError(error)
            return .failure
        }
        var request = LintRequest(
            paths: arguments.positional, configPath: config?.path,
            currentDirectory: FileManager.default.currentDirectoryPath, client: arguments.clientProfile())
        request.platform = arguments.platform()
        if let config, let implied = config.implied { request.replacements[CatalogLoader.absolutePath(config.path)] = implied }
        output.addImpliedConfigNote(config)
        request.trustedDirectories = CatalogArguments.trustedDirectories
        request.findingCap = findingCap
        if arguments.positional.contains("-") {
            guard !arguments.flags.contains("--fix") else {
                throw UsageError("--fix rewrites files; standard input cannot be rewritten (use 'choosy-data fmt -' to format it)")
            }
            guard let name = arguments.options["--stdin-filename"] else {
                throw UsageError("'-' reads standard input and needs --stdin-filename to know which file it is")
            }
            guard let bytes = StandardInput.read(reportingTo: &output) else { return .failure }
            request.standardInput = (name, bytes)
        }
        if let revision = arguments.positional.first(where: CatalogReading.isRevision) {
            guard arguments.positional == [revision] else {
                throw UsageError("\(revision) lints the catalog at that revision; give it alone, without other PATHs")
            }
            guard !arguments.flags.contains("--fix") else {
                throw UsageError("--fix rewrites files; a git revision cannot be rewritten (lint the work tree to fix it)")
            }
            do throws(CatalogSideError) {
                let layout = try config.map { config throws(CatalogSideError) in try CatalogLayout(configPath: config.path, implied: config.implied) }
                request.catalog = try CatalogSide(revision).loadUnchecked(currentDirectory: request.currentDirectory, layout: layout)
            } catch {
                output.addError(error, prefix: "\(revision): ")
                return .failure
            }
        }
        let fixes: Fix.Applicability? = arguments.flags.contains("--fix") ? arguments.flags.contains("--unsafe-fixes") ? .unsafe : .safe : nil
        if let fixes {
            guard applyFixes(request, upTo: fixes, quiet: quiet, output: &output) else { return .failure }
        }
        let (report, sources, contexts): (LintReport, [String: SourceFile], [LintContext])
        do {
            (report, sources, contexts) = try LintRun.run(request)
            output.keptUntilExit.append(contexts)
        } catch {
            output.addError(error)
            return .failure
        }
        if !quiet, let hint = report.missingBuiltinLayerHint(contexts: contexts) { output.standardError += hint + "\n" }
        if fixes == .safe, !quiet {
            let unsafe = report.findings.count { !$0.fixes.isEmpty && $0.fixes(upTo: .safe).isEmpty }
            if unsafe > 0 {
                output.standardError += "\(unsafe) finding\(unsafe == 1 ? " has an unsafe fix" : "s have unsafe fixes") left; add --unsafe-fixes to apply \(unsafe == 1 ? "it" : "them")\n"
            }
        }
        // Quiet hides what is shown; the exit code still comes from every finding.
        output.standardOutput += format.render(
            quiet ? report.failing(at: failOn) : report, sources: sources, colored: colorMode.usesColor(on: STDOUT_FILENO), showsSummary: !quiet,
            baseDirectory: FileManager.default.currentDirectoryPath, rulesURL: rulesURL)
        return report.fails(at: failOn) ? .findings : .success
    }

    /// `--fix`: applies the fixes up to `applicability`; says on standard error which files
    /// were fixed (unless quiet) and which were left alone, so standard output stays the report.
    /// False when a file could not be written.
    private static func applyFixes(_ request: LintRequest, upTo applicability: Fix.Applicability, quiet: Bool, output: inout Output) -> Bool {
        let fix: LintFix
        do {
            fix = try LintFix.apply(request, upTo: applicability)
        } catch {
            output.addError(error)
            return false
        }
        if !quiet {
            for file in fix.fixedFiles {
                let count = fix.fixCounts[file] ?? 0
                output.standardError += "fixed \(file.withInvisibleCharactersEscaped) (\(count) fix\(count == 1 ? "" : "es"))\n"
            }
        }
        for message in fix.skipped { output.standardError += message.withInvisibleCharactersEscaped + "\n" }
        for message in fix.failures { output.addError(message) }
        return fix.failures.isEmpty
    }
}
