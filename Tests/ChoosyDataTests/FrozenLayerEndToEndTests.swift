import ChoosyTestSupport
import Foundation
import Testing

/// A frozen layer (data/'s built-in one) as users meet it: `fmt --write` and `lint --fix` leave
/// its files byte for byte, lint still reports on them and says so, `diff` and `review` say an
/// edit to it reaches no phone, the editor neither formats nor fixes it, and `rule: "*"`
/// accepts everything in one file.
@Suite struct FrozenLayerEndToEndTests {
    static let frozenNote = "reaches no phone already in the field (built into the app)"

    /// A copy of data/ whose built-in and server email files are both indented by three spaces,
    /// and whose built-in email type's name has a trailing space: each is what fmt or lint
    /// --fix would rewrite.
    static func untidyCopy() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"), "frozen")
        for path in ["builtin/email.json", "app-data/email.json"] {
            let file = scratch.file(path)
            var text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\n  ", with: "\n   ")
            if path.hasPrefix("builtin") { text = text.replacingOccurrences(of: #""name": "Email","#, with: #""name": "Email ","#) }
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return scratch
    }

    static func bytes(_ scratch: ScratchDirectory, _ path: String) throws -> Data {
        try Data(contentsOf: scratch.file(path))
    }

    @Test func fmtWriteFormatsTheServerLayerAndLeavesTheFrozenFileAsItIs() throws {
        let scratch = try Self.untidyCopy()
        let (builtin, server) = (try Self.bytes(scratch, "builtin/email.json"), try Self.bytes(scratch, "app-data/email.json"))
        let check = try ToolRunner.run(["fmt", "--check", "."], in: scratch.url)
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("app-data/email.json") && !check.standardOutput.contains("builtin/email.json"))
        let write = try ToolRunner.run(["fmt", "--write", "."], in: scratch.url)
        #expect(write.status == 0, "\(write.standardError)")
        #expect(write.standardOutput == "formatted app-data/email.json\n")
        #expect(write.standardError == "left 1 unformatted file of the frozen layer 'builtin' as it is: "
            + "the layer is built into apps in the field, so fmt never rewrites it.\n")
        #expect(try Self.bytes(scratch, "builtin/email.json") == builtin)
        #expect(try Self.bytes(scratch, "app-data/email.json") != server)
        // Once the rest is formatted, the check passes: a frozen file cannot be changed, so it never fails one.
        let again = try ToolRunner.run(["fmt", "--check", "-q", "."], in: scratch.url)
        #expect(again.status == 0 && again.standardOutput.isEmpty && again.standardError.isEmpty)
    }

    @Test func lintFixReportsTheFrozenFileWithoutFixingIt() throws {
        let scratch = try Self.untidyCopy()
        let builtin = try Self.bytes(scratch, "builtin/email.json")
        let server = scratch.file("app-data/email.json")
        let serverText = try String(contentsOf: server, encoding: .utf8)
        try serverText.replacingOccurrences(of: #""name": "Email","#, with: #""name": " Email","#).write(to: server, atomically: true, encoding: .utf8)
        let lint = try ToolRunner.run(["lint", "--fix", "."], in: scratch.url)
        #expect(lint.status == 0, "\(lint.standardOutput)")
        #expect(lint.standardError == "fixed app-data/email.json (1 fix)\n")
        #expect(try Self.bytes(scratch, "builtin/email.json") == builtin)
        #expect(try String(contentsOf: server, encoding: .utf8) == serverText)
        #expect(lint.standardOutput.contains(#"""
            builtin/email.json:3:14: warning: the name "Email " has white space at its start or end (frozen: layer 'builtin' is built into apps in the field, so editing this file reaches no phone) [name-whitespace]
            """#))
        #expect(lint.standardOutput.contains("hint: the file stays as it shipped; to accept this, add an ignore entry with rule: name-whitespace, "
            + "path: builtin/email.json and its reason to .choosy-data.yml"))
        // The hint names the file as an ignore entry does, relative to the catalog's root, from anywhere.
        let fromElsewhere = try ToolRunner.run(["lint", scratch.url.path])
        #expect(fromElsewhere.standardOutput.contains("add an ignore entry with rule: name-whitespace, path: builtin/email.json and its reason"))
        // Without fixes, the JSON finding offers none either.
        let json = try ToolRunner.run(["lint", "--format", "json", "."], in: scratch.url)
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        let frozen = try #require(findings?.first { $0["file"] as? String == "builtin/email.json" && $0["rule"] as? String == "name-whitespace" })
        #expect((frozen["fixes"] as? [Any])?.isEmpty ?? true)
    }

    @Test func anIgnoreOfEveryRuleAcceptsEverythingInOneFile() throws {
        let scratch = try Self.untidyCopy()
        let config = scratch.file(".choosy-data.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "ignore:\n", with: """
            ignore:
              - rule: "*"
                path: builtin/email.json
                reason: kept as the 0.6.x client ships it

            """).write(to: config, atomically: true, encoding: .utf8)
        let lint = try ToolRunner.run(["lint", "builtin/email.json"], in: scratch.url)
        #expect(lint.status == 0)
        #expect(lint.standardOutput == "1 file checked, no problems found.\n", "\(lint.standardOutput)")
        let untouched = try Self.untidyCopy()
        let before = try ToolRunner.run(["lint", "builtin/email.json"], in: untouched.url)
        #expect(before.standardOutput.contains("builtin/email.json:3:14"))
    }

    /// `diff` and `review` mark an edit of the built-in layer, keep its class (new builds still
    /// ship it), and leave the server layer's edits unmarked.
    @Test func diffAndReviewSayAnEditOfTheFrozenLayerReachesNoPhone() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.packageRoot.appendingPathComponent("data"), to: "catalog", message: "base")
        let builtin = repository.url.appendingPathComponent("catalog/builtin/email.json")
        let text = try String(contentsOf: builtin, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #""name": "Mail","#, with: #""name": "Apple Mail","#)
        #expect(edited != text)
        try edited.write(to: builtin, atomically: true, encoding: .utf8)
        try repository.commitAll(message: "rename the built-in Mail app")
        let catalog = repository.url.appendingPathComponent("catalog")

        let diff = try ToolRunner.run(["diff", "git:HEAD~1", "."], in: catalog)
        #expect(diff.standardOutput.contains(#"changed name of app mail: "Mail" → "Apple Mail"; "# + Self.frozenNote), "\(diff.standardOutput)")
        let json = try ToolRunner.run(["diff", "git:HEAD~1", ".", "--format", "json"], in: catalog)
        let changes = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])["changes"] as? [[String: Any]]
        #expect(changes?.map { $0["frozen_layer"] as? Bool } == [true])

        let review = try ToolRunner.run(["review", "HEAD~1"], in: catalog)
        #expect(review.status == 0, "\(review.standardError)")
        #expect(review.standardOutput.contains("**Frozen layers:** 1 of these changes only edits a frozen layer"), "\(review.standardOutput)")
        let reviewJSON = try ToolRunner.run(["review", "HEAD~1", "--format", "json"], in: catalog)
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(reviewJSON.standardOutput.utf8)) as? [String: Any])["summary"] as? [String: Any]
        #expect(summary?["frozen_layer"] as? Int == 1)
    }
}
