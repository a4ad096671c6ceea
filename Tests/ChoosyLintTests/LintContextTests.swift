import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosySyntax

/// How `lint` finds catalogs and which findings it reports: context linting of single files,
/// standard input, explicit configs, and the config's severities and ignores.
struct LintContextTests {
    static let upstreamConfig = TestPaths.upstreamConfig.path
    static let packageRoot = TestPaths.packageRoot.path

    static func run(_ paths: [String], config: String? = nil, standardInput: (String, String)? = nil) throws -> LintReport {
        var request = LintRequest(
            paths: paths, configPath: config, standardInput: standardInput.map { ($0.0, Array($0.1.utf8)) },
            currentDirectory: packageRoot)
        request.trustedDirectories = TestPaths.trustedDirectories
        return try LintRun.run(request).report
    }

    /// The findings upstream shipped, each once, at the place that causes it; nothing else on
    /// the built-in layer but warnings about real gaps.
    @Test func upstreamCatalogFindingsAreExactlyItsKnownMistakes() throws {
        let report = try Self.run([], config: Self.upstreamConfig)
        let lines = report.findings.map { "\($0.severity.rawValue) \($0.ruleID) \(($0.file as NSString).lastPathComponent):\($0.range.start) \($0.pointer)" }
        try expectMatchesGolden(lines.joined(separator: "\n") + "\n", "upstream-findings.txt")
        #expect(report.findings.contains { $0.ruleID == "duplicate-app-action" && $0.message.contains("\"search\"") })
        #expect(report.findings.filter { $0.ruleID == "undeclared-parameter" && $0.message.contains("profile_username") }.count == 2)
        let builtinErrors = report.findings.filter { $0.file.contains("/builtin/") && $0.severity == .error }
        #expect(builtinErrors.isEmpty, "\(builtinErrors.map(\.message))")
    }

    @Test func aFileInsideACatalogIsCheckedWithTheWholeCatalogAsContext() throws {
        // The server's maps file uses actions and parameters only the built-in layer declares;
        // what it says against the built-in layer is what the shipped client ignores.
        let report = try Self.run(["data/app-data/maps.yaml"])
        #expect(report.findings.allSatisfy { $0.ruleID == "ignored-override" }, "\(report.findings.map(\.message))")
        #expect(report.findings.count == 3)
        #expect(report.fileCount == 1)
    }

    @Test func onlyTheGivenFilesAreReported() throws {
        let report = try Self.run(["../shared/corpus/upstream-choosy-data/app-data/email.json"], config: Self.upstreamConfig)
        #expect(report.fileCount == 1)
        #expect(report.findings.isEmpty)
        let twitter = try Self.run(["../shared/corpus/upstream-choosy-data/app-data/twitter.json"], config: Self.upstreamConfig)
        #expect(Set(twitter.findings.map(\.file)) == ["../shared/corpus/upstream-choosy-data/app-data/twitter.json"])
    }

    @Test func standardInputStandsInForTheNamedFile() throws {
        let broken = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("data/builtin/email.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"key\": \"compose\"", with: "\"key\": \"Compose\"")
        let report = try Self.run(["-"], standardInput: ("data/builtin/email.json", broken))
        #expect(report.findings.map(\.ruleID).contains("key-format"))
        #expect(Set(report.findings.map(\.file)) == ["data/builtin/email.json"])
        // The real file on disk is clean: the finding came from the replacement.
        #expect(try Self.run(["data/builtin/email.json"]).findings.isEmpty)
    }

    @Test func missingCatalogIsAnError() {
        #expect(throws: LintRunError.self) {
            try LintRun.run(LintRequest(paths: [], currentDirectory: "/"))
        }
    }
}

/// The config's `rules` and `ignore` applied to findings.
struct ConfigApplicationTests {
    static func finding(_ rule: String, file: String = "app-data/maps.json", pointer: String = "/0/parameters/1") -> Finding {
        Finding(ruleID: rule, severity: .warning, message: "m", file: file, range: SourceRange(at: .start), pointer: pointer)
    }

    @Test func severitiesAreOverriddenAndOffDrops() throws {
        let config = try CatalogConfig.oneLayer(and: "rules: {unused-parameter: error, empty-description: off}\n")
        let findings = Linter.apply(config, to: [Self.finding("unused-parameter"), Self.finding("empty-description"), Self.finding("bom")], root: nil, configFile: nil)
        #expect(findings.map(\.ruleID) == ["unused-parameter", "bom"])
        #expect(findings.map(\.severity) == [.error, .warning])
    }

    /// Every config mistake lint reports for `text` (those of its shape, which the catalog
    /// layer finds, and unknown rule ids), in file order.
    static func configFindings(_ text: String) -> [Finding] {
        let document = try? YAMLLoader.load(SourceFile(path: ".choosy-data.yml", text: "layers: [{name: a, path: a}]\n" + text))
        do throws(CatalogConfig.Problems) {
            let config = try CatalogConfig.decode(document!)
            return ConfigRule.findings(for: [], namedRules: config.namedRules, in: ".choosy-data.yml")
        } catch {
            return ConfigRule.findings(for: error.problems, namedRules: error.namedRules, in: ".choosy-data.yml")
        }
    }

    /// Every config mistake of `text`, as messages in file order.
    static func mistakes(_ text: String) -> [String] {
        configFindings(text).map(\.message)
    }

    /// The findings the config makes of its own (`stale-ignore`, `ignore-by-index`) take the
    /// severity `rules:` gives them, as every rule's do.
    @Test(arguments: ["stale-ignore", "ignore-by-index"])
    func configFindingsTakeTheirConfiguredSeverity(rule: String) throws {
        let config = try CatalogConfig.oneLayer(and: "rules: {\(rule): error}\nignore:\n  - {rule: unused-parameter, pointer: /0/parameters/1, reason: r}\n  - {rule: bom, reason: r}\n")
        let document = try JSONParser.parse(SourceFile(path: "data/app-data/maps.json", text: #"[{"key": "maps", "parameters": [{"key": "a"}, {"key": "b"}]}]"#))
        let findings = Linter.apply(
            config, to: [Self.finding("unused-parameter", file: "data/app-data/maps.json")], root: "data", configFile: "data/.choosy-data.yml",
            document: { _ in document })
        #expect(findings.map(\.ruleID).sorted() == ["ignore-by-index", "stale-ignore"])
        #expect(findings.first { $0.ruleID == rule }?.severity == .error)
    }

    @Test(arguments: ["rules: {config: off}\n", "ignore:\n  - {rule: config, reason: r}\n"])
    func theConfigRuleCannotBeSilenced(text: String) {
        #expect(Self.mistakes(text) == ["the 'config' rule cannot be turned off or ignored"])
    }

    /// Every mistake of an entry is reported, not only the first found.
    @Test func everyMistakeOfARuleOrIgnoreEntryIsReported() {
        let mistakes = Self.mistakes("rules: {unused-paramter: warn}\nignore:\n  - {rule: unused-paramter, at: '/x', path: 1}\n")
        #expect(mistakes.count == 6, "\(mistakes)")
        #expect(mistakes.map { $0.prefix(24) } == [
            "unknown rule 'unused-par", "unknown severity 'warn' ", "an ignore entry needs a ",
            "unknown rule 'unused-par", "'at' of an ignore entry ", "'path' of an ignore entry",
        ].map { $0.prefix(24) })
    }

    @Test(arguments: [
        ("{rule: unused-parameter, reason: r}", true),
        ("{rule: unused-parameter, path: 'app-data/*.json', reason: r}", true),
        ("{rule: unused-parameter, path: 'builtin/*', reason: r}", false),
        ("{rule: unused-parameter, pointer: /0/parameters, reason: r}", true),
        ("{rule: unused-parameter, pointer: /0/parameters/10, reason: r}", false),
        ("{rule: empty-description, reason: r}", false),
    ])
    func ignoreEntriesMatchRulePathAndPointer(entry: String, silences: Bool) throws {
        let config = try CatalogConfig.oneLayer(and: "ignore:\n  - \(entry)\n")
        let findings = Linter.apply(config, to: [Self.finding("unused-parameter", file: "data/app-data/maps.json")], root: "data", configFile: "data/.choosy-data.yml")
        if silences {
            #expect(findings.isEmpty)
        } else {
            #expect(findings.map(\.ruleID).sorted() == ["stale-ignore", "unused-parameter"])
        }
    }

    /// The index finds exactly the entries the definition of an ignore entry names (same rule,
    /// path glob matching the file relative to the root, pointer equal or an ancestor), for
    /// every mix of literal paths, globs, escapes, missing and empty pointers.
    @Test func ignoreIndexFindsExactlyTheEntriesThatMatch() {
        let paths: [String?] = [nil, "app-data/x.json", "app-data/y.json", "app-data/*.json", "*", "[ab]pp-data/x.json", #"app-data\/x.json"#, "other/?.json"]
        let pointers: [String?] = [nil, "", "/", "/0", "/0/apps", "/0/apps/1", "/0/apps/10", "/0/apps/1/name", "/0/apps/"]
        var entries: [CatalogConfig.IgnoreEntry] = []
        for rule in ["a", "b"] {
            for path in paths {
                for pointer in pointers {
                    entries.append(.init(rule: rule, path: path, pointer: pointer, reason: "r", range: SourceRange(at: .start), configPointer: .root))
                }
            }
        }
        // The definition, entry by entry.
        func silences(_ entry: CatalogConfig.IgnoreEntry, _ finding: Finding) -> Bool {
            let relative = CatalogLoader.relativePath(finding.file, from: "data")
            return entry.rule == finding.ruleID
                && entry.path.map { fnmatch($0, relative, 0) == 0 } ?? true
                && entry.pointer.map { finding.pointer == $0 || finding.pointer.hasPrefix($0 + "/") } ?? true
        }
        var index = IgnoreIndex(entries, root: "data")
        var matched = 0
        for rule in ["a", "b", "c"] {
            for file in ["data/app-data/x.json", "data/app-data/y.json", "data/other/z.json", "data/app-data/x.yaml"] {
                for pointer in ["", "/", "/0", "/0/apps/1", "/0/apps/1/name", "/0/apps/10", "/0/apps//x", "/1", "0/apps"] {
                    let finding = Self.finding(rule, file: file, pointer: pointer)
                    let expected = entries.indices.filter { silences(entries[$0], finding) }
                    #expect(index.entries(silencing: finding).sorted() == expected, "\(rule) \(file) \(pointer)")
                    matched += expected.count
                }
            }
        }
        #expect(matched > 500)
    }

    @Test(arguments: [
        ("rules: {unused-paramter: off}\n", UnknownKeyError(kind: "rule", key: "unused-paramter", validKeys: Linter.ruleDescriptions.map(\.id)).description, nil),
        ("rules: {bom: loud}\n", "unknown severity 'loud'; valid values are: error, warning, off", nil),
        // Other linters' spellings of a severity and keys.
        ("rules: {bom: warn}\n", "unknown severity 'warn' (did you mean 'warning'?); valid values are: error, warning, off", "write 'bom: warning'"),
        ("rules: {bom: 2}\n", "unknown severity '2' (did you mean 'error'?); valid values are: error, warning, off", "write 'bom: error'"),
        ("rules: {bom: [off]}\n", "rule 'bom' must be set to one of: error, warning, off", nil),
        ("exclude: [drafts]\n", "the config has no key 'exclude'; valid values are: version, client, platform, minimum_client, layers, rules, ignore",
         "to leave files out, add an ignore entry with a 'path' glob: ignore: [{rule: RULE, path: 'drafts/*', reason: …}]"),
        ("severity: {bom: off}\n", "the config has no key 'severity'; valid values are: version, client, platform, minimum_client, layers, rules, ignore",
         "a rule's severity goes under 'rules': rules: {empty-description: warning} (error, warning or off)"),
        ("ignore:\n  - {rule: bom}\n", "an ignore entry needs a 'reason'", "say why the finding is wrong or accepted, for the next maintainer"),
        ("version: 2\n", "unsupported config version", "this choosy-data reads 'version: 1'"),
        ("ignores: []\n", "the config has no key 'ignores' (did you mean 'ignore'?); valid values are: version, client, platform, minimum_client, layers, rules, ignore", nil),
        ("client: shiped\n", "unknown client 'shiped' (did you mean 'shipped'?); valid values are: shipped, rfc3986",
         "shipped is the 0.6.x client in apps today; docs/merge.md describes the profiles"),
        ("client: [shipped]\n", "'client' must be one of: shipped, rfc3986", "shipped is the 0.6.x client in apps today; docs/merge.md describes the profiles"),
    ] as [(String, String, String?)])
    func configMistakesAreErrorsWithHints(text: String, message: String, hint: String?) {
        guard let mistake = Self.configFindings(text).first else {
            Issue.record("accepted a bad config")
            return
        }
        #expect(mistake.message == message)
        #expect(mistake.hint == hint)
        #expect(mistake.range.start.line >= 2)
    }
}

/// A file below a catalog's root that no layer lists is still checked, on its own.
struct FilesOutsideLayersTests {
    @Test func strayFileIsLintedAlone() throws {
        let scratch = try ScratchDirectory("stray")
        let root = scratch.file("stray")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("layer"), withIntermediateDirectories: true)
        try "layers: [{name: a, path: layer}]\n".write(to: root.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
        try "[]\n".write(to: root.appendingPathComponent("layer/empty.json"), atomically: true, encoding: .utf8)
        try "[1,]\n".write(to: root.appendingPathComponent("stray.json"), atomically: true, encoding: .utf8)
        let stray = root.appendingPathComponent("stray.json").path
        let paths = [stray, root.appendingPathComponent("layer/empty.json").path]
        let report = try LintRun.run(LintRequest(paths: paths, currentDirectory: root.path)).report
        #expect(report.fileCount == 2)
        // The readable part of the broken file is checked too: `1` is not an app type.
        #expect(report.findings.map(\.ruleID) == ["schema", "syntax"])
        #expect(report.findings.first?.file == stray)
    }
}
