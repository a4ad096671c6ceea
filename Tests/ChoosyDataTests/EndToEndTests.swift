import ChoosyTestSupport
import Foundation
import Testing

/// The built binary, run as users run it: stdout, stderr and exit code.
@Suite(.serialized)
struct EndToEndTests {
    /// No errors; the warnings are the server layer's corrections of built-in values, which
    /// the shipped client ignores (docs/catalog-changes.md), and nothing else.
    @Test func bundledCatalogHasNoErrorsAndShowsTheOverridesTheShippedClientIgnores() throws {
        let (status, findings) = try Self.jsonFindings(["lint", "data"])
        #expect(status == 0)
        #expect(Set(findings.map { $0["rule"] as? String }) == ["ignored-override"])
        #expect(findings.allSatisfy { ($0["file"] as? String)?.hasPrefix("data/app-data/") ?? false })
        #expect(findings.count == 8)
        // The examples' urls are what the shipped client sends; a client that escapes more
        // sends other URLs, and lint says so.
        let (rfc3986Status, rfc3986Findings) = try Self.jsonFindings(["lint", "--client", "rfc3986", "--quiet", "data"])
        #expect(rfc3986Status == 1)
        #expect(Set(rfc3986Findings.map { $0["rule"] as? String }) == ["example-mismatch"])
    }

    /// The exit status and the findings of a `--format json` run.
    private static func jsonFindings(_ arguments: [String]) throws -> (Int32, [[String: Any]]) {
        let outcome = try ToolRunner.run(arguments + ["--format", "json"])
        #expect(outcome.standardError.isEmpty)
        let report = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        return (outcome.status, report?["findings"] as? [[String: Any]] ?? [])
    }

    @Test func lintWithoutPathFindsTheCatalogAbove() throws {
        let outcome = try ToolRunner.run(["lint"], in: TestPaths.packageRoot.appendingPathComponent("data/builtin"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasSuffix("8 files checked: 0 errors, 8 warnings.\n"))
    }

    @Test func trailingCommaIsReportedAtTheComma() throws {
        let outcome = try ToolRunner.run(["lint", "Tests/Fixtures/broken-json/trailing-comma-object.json"])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/trailing-comma.txt")
        #expect(outcome.standardError.isEmpty)
    }

    /// A JSON file with three syntax errors: all three are reported, a rule still checks what
    /// the file reads (the app key "Mail"), and the other layer's file, which uses the broken
    /// file's parameters and actions (one declared in the part an error cut off), has no findings.
    /// An ignore entry by keys still finds its finding after an element cut before it, and one
    /// for a rule the broken file turns off for its app type is not stale.
    @Test func everySyntaxErrorIsReportedAndTheReadablePartChecked() throws {
        let outcome = try ToolRunner.run(["lint", "Tests/ChoosyDataTests/Fixtures/recovery-catalog"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.isEmpty)
        try expectMatchesGolden(outcome.standardOutput, "e2e/recovery.txt")
        let findings = outcome.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(findings.count { $0.hasSuffix("[syntax]") } == 3)
        #expect(findings.contains { $0.hasSuffix("[key-format]") })
        #expect(!findings.contains { $0.contains("server/email.json") })
        #expect(!findings.contains { $0.hasSuffix("[scheme-format]") || $0.hasSuffix("[stale-ignore]") })
    }

    /// An extra '}' in one app of a list (a user's slip in data/app-data/email.json) is a syntax
    /// error or two, at the strict parse's first error: the apps after it stay apps instead of
    /// being read as app types, so nothing guessed turns into schema findings.
    @Test func aStrayClosingBraceInAnAppIsNoCascade() throws {
        let scratch = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"), "stray")
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/email.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        let broken = text.replacingOccurrences(of: "\"app_url_scheme\": \"googlegmail:\",", with: "\"app_url_scheme\": \"googlegmail:\"},")
        #expect(broken != text)
        try Data(broken.utf8).write(to: file)
        let (status, findings) = try Self.jsonFindings(["lint", catalog.path])
        #expect(status == 1)
        let found = findings.filter { $0["rule"] as? String != "ignored-override" }
            .map { "\($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0): \($0["message"] as? String ?? "") [\($0["rule"] as? String ?? "")]" }
        #expect(found == [
            "23:18: expected ',' or ']' after an array element, found ':' [syntax]",
            "29:7: expected ',' or ']' after an array element, found '}' [syntax]",
        ])
    }

    /// data/ with builtin/email.json's parameter `subject` cut by a string left open: the
    /// examples passing `subject` are no example-mismatch, and the config's ignore entry for
    /// unused-parameter (a rule the broken file turns off) is no stale-ignore.
    @Test func aBrokenFileTurnsTheRulesItMisleadsOffWithoutStaleIgnores() throws {
        let scratch = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"), "knock-on")
        let directory = scratch.url
        let file = directory.appendingPathComponent("builtin/email.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let broken = original.replacingOccurrences(of: "\"key\": \"subject\",", with: "\"key\": \"subject")
        #expect(broken != original)
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try ToolRunner.run(["lint", directory.path])
        #expect(outcome.status == 1)
        let findings = outcome.standardOutput.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(findings.count { $0.hasSuffix("[syntax]") } == 1)
        #expect(!findings.contains { $0.hasSuffix("[example-mismatch]") || $0.hasSuffix("[stale-ignore]") }, "\(findings)")
    }

    @Test func jsonFormatHasTheStableShape() throws {
        let outcome = try ToolRunner.run(["lint", "--format", "json", "Tests/Fixtures/lint"])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/lint.json")
    }

    @Test func textFormatShowsSourceHintsAndNotes() throws {
        let outcome = try ToolRunner.run(["lint", "Tests/Fixtures/lint"])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/lint.txt")
    }

    @Test func githubFormatWritesOneWorkflowCommandPerFinding() throws {
        let outcome = try ToolRunner.run(["lint", "--format", "github", "Tests/Fixtures/lint"])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/lint-github.txt")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func sarifFormatHasRepositoryRelativeURIs() throws {
        let outcome = try ToolRunner.run(["lint", "--format=sarif", "Tests/Fixtures/lint"])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/lint.sarif")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func colorAlwaysColoursWhenPiped() throws {
        let outcome = try ToolRunner.run(
            ["lint", "--color", "always", "Tests/Fixtures/lint"], environment: ["NO_COLOR": ""])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/lint-color.txt")
    }

    @Test func noColorWinsEvenOverColorAlways() throws {
        let outcome = try ToolRunner.run(
            ["lint", "--color", "always", "Tests/Fixtures/lint"], environment: ["NO_COLOR": "1"])
        try expectMatchesGolden(outcome.standardOutput, "e2e/lint.txt")
    }

    @Test(arguments: [["--color", "auto"], ["--color", "never"], []])
    func noColourWhenNotAskedForOrNotATerminal(options: [String]) throws {
        // The runner's stdout is a file, so auto must not colour either.
        let outcome = try ToolRunner.run(["lint"] + options + ["Tests/Fixtures/lint"], environment: ["NO_COLOR": ""])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/lint.txt")
    }

    @Test func warningsFailOnlyWhenAskedTo() throws {
        let file = "Tests/Fixtures/lint/bom.json"
        #expect(try ToolRunner.run(["lint", file]).status == 0)
        #expect(try ToolRunner.run(["lint", "--fail-on", "warning", file]).status == 1)
        #expect(try ToolRunner.run(["lint", "--fail-on=warning", file]).status == 1)
    }

    @Test func missingPathExitsTwo() throws {
        let outcome = try ToolRunner.run(["lint", "no/such/catalog"])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "Error: no/such/catalog: no such file or directory\n")
    }

    /// A full disk (here `/dev/full`) is an error with exit code 2, not a crash, whether the
    /// output is written at the end (lint) or as it is made (matrix).
    @Test(arguments: [["lint", "data/", "--format", "json"], ["matrix", "data/", "--format", "csv"], ["--help"]])
    func outputThatCannotBeWrittenExitsTwo(arguments: [String]) throws {
        let outcome = try ToolRunner.run(arguments, standardOutputPath: "/dev/full")
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: cannot write to standard output: No space left on device; the output is incomplete (check the disk or the pipe it goes to)\n")
    }

    /// Standard input that cannot be read (a directory redirected into it) is an error with
    /// exit code 2, not a crash.
    @Test(arguments: [["lint", "-", "--stdin-filename", "data/app-data/browser.json"], ["fmt", "-", "--stdin-format", "json"]])
    func standardInputThatCannotBeReadExitsTwo(arguments: [String]) throws {
        let outcome = try ToolRunner.run(arguments, standardInputPath: FileManager.default.temporaryDirectory.path)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "Error: cannot read standard input: Is a directory (pipe or redirect a file into it)\n")
    }

    @Test func fifoIsRefusedWithoutHanging() throws {
        let scratch = try ScratchDirectory("fifo")
        let directory = scratch.url
        let fifo = directory.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let outcome = try ToolRunner.run(["lint", fifo])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: \(fifo): is not a regular file\n")
    }

    @Test func badConfigIsReportedWithItsPosition() throws {
        let outcome = try ToolRunner.run(["lint", "Tests/ChoosyDataTests/Fixtures/bad-config"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput == """
            Tests/ChoosyDataTests/Fixtures/bad-config/.choosy-data.yml:3:5: error: a layer has no key 'dir'; \
            valid values are: name, path, paths, frozen [config]
                    dir: files
                    ^~~
            1 file checked: 1 error, 0 warnings.

            """)
        #expect(outcome.standardError.isEmpty)
        let show = try ToolRunner.run(["show", "Tests/ChoosyDataTests/Fixtures/bad-config/"])
        #expect(show.status == 2)
        #expect(show.standardError == """
            Error: Tests/ChoosyDataTests/Fixtures/bad-config/.choosy-data.yml:3:5: a layer has no key 'dir'; \
            valid values are: name, path, paths, frozen

            """)
    }

    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func generalHelp(arguments: [String]) throws {
        let outcome = try ToolRunner.run(arguments)
        #expect(outcome.status == 0)
        try expectMatchesGolden(outcome.standardOutput, "e2e/help.txt")
    }

    @Test(arguments: [["lint", "--help"], ["lint", "-h"], ["help", "lint"], ["lint", "data", "--help"]])
    func commandHelp(arguments: [String]) throws {
        let outcome = try ToolRunner.run(arguments)
        #expect(outcome.status == 0)
        try expectMatchesGolden(outcome.standardOutput, "e2e/lint-help.txt")
    }

    @Test func version() throws {
        let outcome = try ToolRunner.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.wholeMatch(of: /choosy-data \d+\.\d+\.\d+\n/) != nil)
    }

    struct UsageCase: Sendable {
        let arguments: [String]
        let message: String
        let see: String
    }

    @Test(arguments: [
        UsageCase(arguments: ["frobnicate"], message: "unknown command 'frobnicate'; valid values are: init, lint, fmt, show, url, matrix, docs, diff, review, bundle, release, schemes, codegen, rules, lsp, completions, man, help", see: "choosy-data --help"),
        UsageCase(arguments: ["--frob"], message: "unknown option '--frob'; valid values are: --version, -V, --help, -h", see: "choosy-data --help"),
        UsageCase(
            arguments: ["lint", "--frob"],
            message: "unknown option '--frob'; valid values are: --catalog, -C, --config, --stdin-filename, --format, -f, --rules-url, --color, --max-findings, --fail-on, --quiet, -q, --fix, --unsafe-fixes, --client, --platform, --help, -h", see: "choosy-data lint --help"),
        // A short option is one letter from every other: no spelling suggestion, but who takes it.
        UsageCase(
            arguments: ["review", "-o", "x"],
            message: "unknown option '-o'; valid values are: --catalog, -C, --config, --format, -f, --max-characters, --fail-on, --client, --platform, --help, -h; "
                + "-o (--output) is an option of docs, bundle, release and codegen, not of review",
            see: "choosy-data review --help"),
        UsageCase(
            arguments: ["diff", "--formt", "json"],
            message: "unknown option '--formt' (did you mean '--format'?); valid values are: --catalog, -C, --config, --format, -f, --fail-on, --color, --client, --platform, --help, -h",
            see: "choosy-data diff --help"),
        UsageCase(arguments: ["lint", "--format", "xml"], message: "unknown format 'xml'; valid values are: text, json, github, sarif", see: "choosy-data lint --help"),
        UsageCase(
            arguments: ["lint", "--color", "rainbow"], message: "unknown color mode 'rainbow'; valid values are: auto, always, never",
            see: "choosy-data lint --help"),
        UsageCase(arguments: ["lint", "--format"], message: "missing value for option '--format'", see: "choosy-data lint --help"),
        UsageCase(arguments: ["help", "frob"], message: "unknown command 'frob'; valid values are: init, lint, fmt, show, url, matrix, docs, diff, review, bundle, release, schemes, codegen, rules, lsp, completions, man, help", see: "choosy-data --help"),
    ])
    func usageErrorsGoToStandardErrorWithExitTwo(_ usage: UsageCase) throws {
        let outcome = try ToolRunner.run(usage.arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: \(usage.message)")
        #expect(lines.count >= 3 && lines[1].hasPrefix("Usage: choosy-data"))
        #expect(lines.last == "  See '\(usage.see)' for more information.")
    }

    @Test func noArgumentsPrintsHelpToStandardErrorAndFails() throws {
        let outcome = try ToolRunner.run([])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("OVERVIEW:"))
    }
}

/// The lint options that shape what is checked and reported.
@Suite(.serialized)
struct LintOptionsEndToEndTests {
    @Test func standardInputIsLintedUnderItsFileName() throws {
        let text = "[{\"name\": \"Email\", \"key\": \"email\",}]\n"
        let outcome = try ToolRunner.run(["lint", "-", "--stdin-filename", "data/builtin/email.json"], standardInput: Data(text.utf8))
        #expect(outcome.status == 1)
        // data/'s builtin layer is frozen: each finding says so.
        #expect(outcome.standardOutput.contains(
            "data/builtin/email.json:1:34: error: trailing comma before '}' "
                + "(frozen: layer 'builtin' is built into apps in the field, so editing this file reaches no phone) [syntax]\n"))
        // What the file reads is checked too: the app type lacks "parameters", "actions" and "apps".
        #expect(outcome.standardOutput.hasSuffix("1 file checked: 4 errors, 0 warnings.\n"))
    }

    /// The input is larger than a pipe holds, and the tool refuses before reading it: the runner
    /// must survive a child that never reads its standard input (it once died of SIGPIPE here).
    @Test func standardInputWithoutAFileNameIsAUsageError() throws {
        let unread = Data("[]".utf8) + Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        let outcome = try ToolRunner.run(["lint", "-"], standardInput: unread)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: '-' reads standard input and needs --stdin-filename"))
    }

    @Test func quietReportsErrorsOnlyWithoutSummary() throws {
        let directory = "Tests/Fixtures/lint"
        let outcome = try ToolRunner.run(["lint", "--quiet", "\(directory)/bom.json", "\(directory)/trailing-comma.json"])
        #expect(outcome.status == 1)
        #expect(!outcome.standardOutput.contains("warning"))
        #expect(outcome.standardOutput.contains("error: trailing comma"))
        #expect(!outcome.standardOutput.contains("checked"))
        let clean = try ToolRunner.run(["lint", "--quiet", "\(directory)/bom.json"])
        #expect(clean.status == 0)
        #expect(clean.standardOutput.isEmpty)
    }

    /// `--quiet` hides warnings but not from the exit code; and no format says "no problems
    /// found" about a catalog whose warnings it did not show.
    /// `-q` shows the findings that fail the run and nothing else: with `--fail-on warning`
    /// the warnings fail it, so they are shown (a run that fails says why); by default they
    /// are hidden and the run passes.
    @Test func quietShowsWhatFailsTheRun() throws {
        let failing = try ToolRunner.run(["lint", "-q", "--fail-on", "warning", "data"])
        #expect(failing.status == 1)
        #expect(failing.standardOutput.contains(": warning: "))
        #expect(!failing.standardOutput.contains("files checked"))
        for format in ["text", "github"] {
            let passing = try ToolRunner.run(["lint", "-q", "-f", format, "data"])
            #expect(passing.status == 0)
            #expect(passing.standardOutput.isEmpty, "\(format): \(passing.standardOutput)")
        }
    }

    @Test func explicitConfigLayersTheUpstreamCatalog() throws {
        let outcome = try ToolRunner.run(["lint", "--config", "Tests/Fixtures/upstream/.choosy-data.yml", "--format", "json"])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("\"rule\": \"query-crash\""))
        #expect(!outcome.standardOutput.contains("\"rule\": \"duplicate-app-type\""))
    }

    @Test func unknownRuleInConfigIsAFindingWithItsPosition() throws {
        let scratch = try ScratchDirectory("config")
        let directory = scratch.url
        try "layers: [{name: a, path: .}]\nrules:\n  undeclared-parameters: off\n".write(
            to: directory.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
        let outcome = try ToolRunner.run(["lint"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains(
            "\n.choosy-data.yml:3:3: error: unknown rule 'undeclared-parameters' (did you mean 'undeclared-parameter'?); valid values are: syntax, config, "))
        // The layer (an empty directory) is a mistake of its own, reported with it.
        #expect(outcome.standardOutput.hasPrefix(".choosy-data.yml:1:26: error: layer 'a' names '.', which holds no catalog file [config]"))
        #expect(outcome.standardError.isEmpty)
    }

    /// Every mistake of a config at once: as findings in each lint format (CI annotates each),
    /// and as an `Error:` line each from other commands.
    @Test(arguments: ["text", "json", "github", "sarif"])
    func everyConfigMistakeIsReportedAtOnce(format: String) throws {
        let scratch = try ScratchDirectory("config")
        let directory = scratch.file("config")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("b"), withIntermediateDirectories: true)
        try "[]\n".write(to: directory.appendingPathComponent("b/x.json"), atomically: true, encoding: .utf8)
        try "layers: [{name: b, path: b}, {name: c, path: nope}]\nrules:\n  empty-description: warn\nignores: []\nextends: eslint:recommended\n".write(
            to: directory.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
        let messages = [
            "layer 'c' names 'nope', which does not exist",
            "unknown severity 'warn' (did you mean 'warning'?); valid values are: error, warning, off",
            "the config has no key 'ignores' (did you mean 'ignore'?); valid values are: version, client, platform, minimum_client, layers, rules, ignore",
            "the config has no key 'extends'; valid values are: version, client, platform, minimum_client, layers, rules, ignore",
        ]
        let lint = try ToolRunner.run(["lint", "--format", format], in: directory)
        #expect(lint.status == 1)
        #expect(lint.standardError.isEmpty)
        for (message, line) in zip(messages, [1, 3, 4, 5]) {
            switch format {
            case "github": #expect(lint.standardOutput.contains("::error file=.choosy-data.yml,line=\(line),"), "\(lint.standardOutput)")
            case "text": #expect(lint.standardOutput.contains(".choosy-data.yml:\(line):"), "\(lint.standardOutput)")
            default: #expect(lint.standardOutput.contains("\"startLine\": \(line)") || lint.standardOutput.contains("\"line\": \(line)"), "\(lint.standardOutput)")
            }
            #expect(lint.standardOutput.contains(message), "\(lint.standardOutput)")
        }
        let show = try ToolRunner.run(["show"], in: directory)
        #expect(show.status == 2)
        #expect(show.standardError == """
            Error: .choosy-data.yml:1:46: \(messages[0])
            Error: .choosy-data.yml:3:22: \(messages[1]) (write 'empty-description: warning')
            Error: .choosy-data.yml:4:1: \(messages[2])
            Error: .choosy-data.yml:5:1: \(messages[3]) (a config here stands alone: copy the 'rules' and 'ignore' entries you want into it)

            """)
    }

    /// Each config mistake is an `Error:` line of its own wherever the catalog is read: after
    /// the side it belongs to in diff, with a hint after the last line in show.
    @Test func eachConfigMistakeIsALineOfItsOwnInEveryCommand() throws {
        let scratch = try ScratchDirectory("config-lines")
        let directory = scratch.file("config-lines")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("b"), withIntermediateDirectories: true)
        try "[]\n".write(to: directory.appendingPathComponent("b/x.json"), atomically: true, encoding: .utf8)
        try "layers: [{name: b, path: b}]\nrules:\n  empty-description: warn\nextends: x\n".write(
            to: directory.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
        let first = ".choosy-data.yml:3:22: unknown severity 'warn' (did you mean 'warning'?); valid values are: error, warning, off "
            + "(write 'empty-description: warning')"
        let second = ".choosy-data.yml:4:1: the config has no key 'extends'; valid values are: version, client, platform, minimum_client, layers, rules, ignore "
            + "(a config here stands alone: copy the 'rules' and 'ignore' entries you want into it)"
        let url = try ToolRunner.run(["url", "maps", "search"], in: directory)
        #expect(url.status == 2)
        #expect(url.standardError == "Error: \(first)\nError: \(second)\n")
        let diff = try ToolRunner.run(["diff", ".", "."], in: directory)
        #expect(diff.status == 2)
        #expect(diff.standardError == "Error: OLD (.): \(first)\nError: OLD (.): \(second)\n")
        let show = try ToolRunner.run(["show", "b"], in: directory)
        #expect(show.status == 2)
        #expect(show.standardError == "Error: \(first)\nError: \(second); 'b' is a directory: write 'b/' to show the catalog in it\n")
    }

    @Test func rulesListsEveryRule() throws {
        let outcome = try ToolRunner.run(["rules"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.split(separator: "\n").count >= 20)
        #expect(outcome.standardOutput.contains("query-shape"))
    }
}
