import ChoosyTestSupport
import Foundation
import Testing

/// `choosy-data lint --fix` run as users run it: it edits the values its fixes are about and
/// nothing else, and then reports what remains.
@Suite(.serialized)
struct LintFixEndToEndTests {
    static let catalog = TestPaths.fixture("lint-fix")

    /// A copy of `catalog` (by default the fixture catalog) in a scratch directory, removed
    /// after `body`.
    static func withCopy(of catalog: URL = catalog, _ body: (URL) throws -> Void) throws {
        let scratch = try ScratchDirectory("lint-fix-e2e")
        let directory = scratch.url
        let copy = directory.appendingPathComponent("catalog")
        try FileManager.default.copyItem(at: catalog, to: copy)
        try body(copy)
    }

    /// Every file below `directory` by relative path, with its bytes.
    static func contents(of directory: URL) throws -> [String: Data] {
        let names = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        var contents: [String: Data] = [:]
        for name in names {
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            contents[name] = FileManager.default.contents(atPath: path)
        }
        return contents
    }

    /// Each fix is a text edit of the value it is about: the rest of the file stays as it is,
    /// comments, member order and layout included; `fmt` then gives what it gives from the
    /// original files, since its fixes are the same.
    @Test func lintFixEditsOnlyTheValuesItFixes() throws {
        try Self.withCopy { fixed in
            try Self.withCopy { formatted in
                let original = try Self.contents(of: Self.catalog).mapValues { String(decoding: $0, as: UTF8.self) }
                let lint = try ToolRunner.run(["lint", "--fix", "."], in: fixed)
                #expect(lint.standardError == """
                    fixed base/mail.yaml (4 fixes)
                    fixed base/notes.yaml (1 fix)
                    fixed base/twitter.json (4 fixes)

                    """)
                func replacing(_ text: String?, _ pairs: [(String, String)]) -> String {
                    pairs.reduce(text ?? "") { $0.replacingOccurrences(of: $1.0, with: $1.1) }
                }
                let afterLint = try Self.contents(of: fixed).mapValues { String(decoding: $0, as: UTF8.self) }
                #expect(afterLint["base/mail.yaml"] == replacing(original["base/mail.yaml"], [
                    ("\"Email \"", "\"Email\""), ("\" To\"", "\"To\""), ("mailto://", "mailto:"), ("{{ to }}", "{{to}}"),
                ]))
                #expect(afterLint["base/notes.yaml"] == replacing(original["base/notes.yaml"], [("\" Notes\"", "\"Notes\"")]))
                #expect(afterLint["base/twitter.json"] == replacing(original["base/twitter.json"], [
                    ("\u{FEFF}", ""), ("{{ text }}", "{{text}}"), ("\"tweetbot://\"", "\"tweetbot:\""), (#""  Tweetbot\n""#, "\"Tweetbot\""),
                ]))
                #expect(afterLint[".choosy-data.yml"] == original[".choosy-data.yml"])
                #expect(!lint.standardOutput.contains("[name-whitespace]"))
                #expect(!lint.standardOutput.contains("[scheme-format]"))
                _ = try ToolRunner.run(["fmt", "--write", "."], in: fixed)
                #expect(try ToolRunner.run(["fmt", "--write", "."], in: formatted).status == 2, "notes.yaml has a comment, which fmt refuses to drop")
                let (fixedThenFormatted, onlyFormatted) = (try Self.contents(of: fixed), try Self.contents(of: formatted))
                for name in ["base/mail.yaml", "base/twitter.json"] {
                    #expect(fixedThenFormatted[name] == onlyFormatted[name], "\(name)")
                }
            }
        }
    }

    /// `lint --fix` applies the safe fixes only and says how many findings have unsafe ones;
    /// `--unsafe-fixes` applies those too; `fmt --write` never does.
    @Test func unsafeFixesNeedTheirFlag() throws {
        let catalog = TestPaths.fixture("fix-agreement")
        try Self.withCopy(of: catalog) { copy in
            let safe = try ToolRunner.run(["lint", "--fix", "--format", "json", "."], in: copy)
            #expect(safe.standardError.hasSuffix("\n5 findings have unsafe fixes left; add --unsafe-fixes to apply them\n"), "\(safe.standardError)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(safe.standardOutput.utf8)) as? [String: Any])
            let findings = try #require(report["findings"] as? [[String: Any]])
            let left = findings.filter { !(($0["fixes"] as? [Any])?.isEmpty ?? true) }
            #expect(left.map { $0["rule"] as? String } == ["duplicate-action", "duplicate-app", "duplicate-app-action", "duplicate-parameter", "duplicate-app-action"])
            #expect(left.allSatisfy { (($0["fixes"] as? [[String: Any]])?.map { $0["applicability"] as? String }) == ["unsafe"] && $0["fix"] is NSNull })
            let notes = try String(contentsOf: copy.appendingPathComponent("base/notes.yaml"), encoding: .utf8)
            #expect(notes.contains("name: \"Bear 2\""), "the safe fix inside a duplicate is applied without --unsafe-fixes")
            _ = try ToolRunner.run(["fmt", "--write", "base/flow.yaml", "base/tweets.json"], in: copy)
            #expect(try ToolRunner.run(["lint", "--fix", "."], in: copy).standardError.contains("5 findings have unsafe fixes left"))
            let unsafe = try ToolRunner.run(["lint", "--fix", "--unsafe-fixes", "."], in: copy)
            #expect(!unsafe.standardError.contains("unsafe"), "\(unsafe.standardError)")
            #expect(!unsafe.standardOutput.contains("[duplicate-"), "\(unsafe.standardOutput)")
        }
        let usage = try ToolRunner.run(["lint", "--unsafe-fixes", "."], in: catalog)
        #expect(usage.status == 2)
        #expect(usage.standardError.hasPrefix("Error: --unsafe-fixes says which fixes --fix applies; add --fix, or leave it out\n"))
    }

    /// An ignore entry by keys (`at:`) keeps its finding's value as it is in both fixers,
    /// as it keeps the finding out of lint's report; the other fixes of the file still apply.
    @Test func fixesLeaveAValueIgnoredByKeysAlone() throws {
        for command in [["fmt", "--write", "."], ["lint", "--fix", "."]] {
            try Self.withCopy { copy in
                try """
                    version: 1
                    layers: [{name: base, path: base}]
                    ignore:
                      - {rule: name-whitespace, path: base/mail.yaml, at: email/name, reason: kept on purpose}

                    """.write(to: copy.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
                _ = try ToolRunner.run(command, in: copy)
                let mail = try String(contentsOf: copy.appendingPathComponent("base/mail.yaml"), encoding: .utf8)
                #expect(mail.contains("\"Email \""), "\(command): \(mail)")
                #expect(!mail.contains("\" To\""), "\(command): the parameter's name is still fixed")
            }
        }
    }

    /// A config with mistakes: `lint --fix` fixes nothing of that catalog and reports the
    /// mistakes as `config` findings, exiting 1 as plain lint does, in every format.
    @Test func lintFixReportsConfigMistakesAndFixesNothing() throws {
        for format in ["text", "json", "github", "sarif"] {
            try Self.withCopy { copy in
                try "version: 1\nlayers: [{name: base, path: base}]\nrules: {unused-paramter: off}\n".write(
                    to: copy.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
                let before = try Self.contents(of: copy)
                let outcome = try ToolRunner.run(["lint", "--fix", "-f", format, "."], in: copy)
                #expect(outcome.status == 1, "\(format): \(outcome.standardError)")
                #expect(outcome.standardError.isEmpty, "\(format)")
                #expect(outcome.standardOutput.contains("unknown rule 'unused-paramter' (did you mean 'unused-parameter'?)"), "\(format)")
                #expect(try Self.contents(of: copy) == before)
            }
        }
    }

    /// A pre-commit hook passes every changed file: the config and a file no layer lists are
    /// left alone (and no error), while the layer files among them are fixed.
    @Test func lintFixTouchesOnlyLayerFiles() throws {
        try Self.withCopy { copy in
            let loose = copy.appendingPathComponent("loose.json")
            let looseText = #"[{"key": "loose", "name": " Loose"}]"# + "\n"
            try looseText.write(to: loose, atomically: true, encoding: .utf8)
            let config = try Self.contents(of: copy)[".choosy-data.yml"]
            let outcome = try ToolRunner.run(["lint", "--fix", ".choosy-data.yml", "loose.json", "base/mail.yaml"], in: copy)
            #expect(outcome.standardError == "fixed base/mail.yaml (4 fixes)\n")
            #expect(outcome.status == 1, "loose.json, checked on its own, lacks required properties")
            #expect(try String(contentsOf: loose, encoding: .utf8) == looseText)
            #expect(try Self.contents(of: copy)[".choosy-data.yml"] == config)
        }
    }

    @Test func lintFixReportsInTheRequestedFormatOnStandardOutput() throws {
        try Self.withCopy { copy in
            let outcome = try ToolRunner.run(["lint", "--fix", "--quiet", "--format", "json"], in: copy)
            let report = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
            #expect(report?["findings"] != nil)
            #expect(!outcome.standardError.contains("fixed "), "--quiet leaves out the files fixed")
            #expect(outcome.standardError.isEmpty)
        }
    }

    @Test func lintFixOfStandardInputIsAUsageError() throws {
        let outcome = try ToolRunner.run(["lint", "--fix", "-", "--stdin-filename", "a.json"], standardInput: Data("[]".utf8))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: --fix rewrites files; standard input cannot be rewritten (use 'choosy-data fmt -' to format it)\n"))
    }

    @Test func rulesURLMustBeAbsolute() throws {
        let outcome = try ToolRunner.run(["lint", "--format", "sarif", "--rules-url", "docs/rules.md", "data"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(
            "Error: --rules-url needs an absolute URL without a '#', such as https://github.com/OWNER/REPO/blob/main/docs/rules.md; got 'docs/rules.md'\n"))
    }
}
