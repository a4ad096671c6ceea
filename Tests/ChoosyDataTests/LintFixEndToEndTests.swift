import Foundation
import Testing

/// `choosy-data lint --fix` run as users run it: it writes what `fmt --write` writes, leaves
/// what fmt refuses, and then reports what remains.
@Suite(.serialized)
struct LintFixEndToEndTests {
    static let catalog = TestPaths.fixture("lint-fix")

    /// A copy of the fixture catalog in a scratch directory, removed after `body`.
    static func withCopy(_ body: (URL) throws -> Void) throws {
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

    @Test func lintFixWritesTheSameFilesAsFmtWrite() throws {
        try Self.withCopy { fixed in
            try Self.withCopy { formatted in
                let lint = try ToolRunner.run(["lint", "--fix", "."], in: fixed)
                let fmt = try ToolRunner.run(["fmt", "--write", "."], in: formatted)
                #expect(fmt.status == 2, "notes.yaml has a comment, which fmt refuses to drop")
                let original = try Self.contents(of: Self.catalog)
                let afterLint = try Self.contents(of: fixed)
                #expect(afterLint == (try Self.contents(of: formatted)))
                #expect(afterLint.keys.sorted() == original.keys.sorted())
                #expect(afterLint.filter { original[$0.key] != $0.value }.keys.sorted() == ["base/mail.yaml", "base/twitter.json"])
                // Both keep the comment line above the first node (an editor's schema line) as the header.
                let mail = String(decoding: try #require(afterLint["base/mail.yaml"]), as: UTF8.self)
                #expect(mail.hasPrefix("# yaml-language-server: $schema=../../../../../schemas/app-type.schema.json\n- name: Email\n"))
                #expect(lint.standardError == """
                    fixed base/mail.yaml
                    fixed base/twitter.json
                    base/notes.yaml:1:14: not fixed: rewriting it would drop 1 comment; move it into a description, or run 'choosy-data fmt --write --drop-comments base/notes.yaml'

                    """)
                // Only what no fix can change is left: the padded name of the file with a comment.
                #expect(!lint.standardOutput.contains("[scheme-format]"))
                #expect(!lint.standardOutput.contains("white space around its name"))
                #expect(lint.standardOutput.components(separatedBy: "[name-whitespace]").count == 2)
                #expect(lint.standardOutput.contains("base/notes.yaml:2:9: warning: the name \" Notes\" has white space"))
            }
        }
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
            #expect(outcome.standardError == "fixed base/mail.yaml\n")
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
            #expect(outcome.standardError.contains("base/notes.yaml:1:14: not fixed"))
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
