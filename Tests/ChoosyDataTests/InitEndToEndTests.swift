import ChoosyTestSupport
import Foundation
import Testing

/// Adopting the tool in the upstream repository as it is (app-data/ and builtin/ at its top,
/// no config): `init` writes the config a maintainer would write by hand, `-C` reads the same
/// catalog before it exists, and lint says when the built-in layer seems missing.
@Suite struct InitEndToEndTests {
    /// The config a maintainer writes by hand for the upstream layout.
    static let handWrittenConfig = """
        layers:
          - name: builtin
            path: builtin
            frozen: true
          - name: server
            path: app-data

        """

    /// A writable copy of the upstream repository, without a config.
    static func upstreamCopy() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory(copying: TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data"), "upstream")
        _ = try FileManager.default.subpathsOfDirectory(atPath: scratch.url.path).map { name in
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.file(name).path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.url.path)
        return scratch
    }

    static func contents(of directory: URL) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.subpathsOfDirectory(atPath: directory.path) {
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                contents[name] = FileManager.default.contents(atPath: path)
            }
        }
        return contents
    }

    @Test func initThenLintGivesTheFindingsOfAHandWrittenConfig() throws {
        let adopted = try Self.upstreamCopy()
        let initialized = try ToolRunner.run(["init"], in: adopted.url)
        #expect(initialized.status == 0, "\(initialized.standardError)")
        #expect(initialized.standardOutput == """
            Wrote .choosy-data.yml:
              client: shipped
              layer builtin: builtin (frozen: built into apps in the field)
              layer server: app-data
            Next: choosy-data lint

            """)
        #expect(initialized.standardError.isEmpty)
        let handWritten = try Self.upstreamCopy()
        _ = try handWritten.write(".choosy-data.yml", Self.handWrittenConfig)
        let lint = try ToolRunner.run(["lint", "--format", "json"], in: adopted.url)
        let expected = try ToolRunner.run(["lint", "--format", "json"], in: handWritten.url)
        #expect(lint.status == 1 && expected.status == 1)
        #expect(lint.standardOutput == expected.standardOutput)
        #expect(lint.standardOutput.contains("\"query-crash\""))
        // Before the config exists, -C reads the catalog the same way, and says so.
        let before = try Self.upstreamCopy()
        for catalog in [".", "app-data", "builtin/systemAppTypes.json"] {
            let implied = try ToolRunner.run(["lint", "-C", catalog, "--format", "json"], in: before.url)
            #expect(implied.standardOutput == expected.standardOutput, "\(catalog)")
            #expect(implied.standardError.hasPrefix("note: .choosy-data.yml does not exist: the catalog is read as 'choosy-data init' would write it"))
        }
        #expect(!FileManager.default.fileExists(atPath: before.file(".choosy-data.yml").path))
    }

    @Test func fmtAndLintFixLeaveTheBuiltInFileByteForByte() throws {
        let scratch = try Self.upstreamCopy()
        #expect(try ToolRunner.run(["init", "-q"], in: scratch.url).standardOutput.isEmpty)
        let builtin = try Data(contentsOf: scratch.file("builtin/systemAppTypes.json"))
        let server = try Data(contentsOf: scratch.file("app-data/maps.json"))
        let fix = try ToolRunner.run(["lint", "--fix", "--unsafe-fixes"], in: scratch.url)
        #expect(fix.standardError.contains("fixed app-data/"), "\(fix.standardError)")
        let fmt = try ToolRunner.run(["fmt", "--write"], in: scratch.url)
        #expect(fmt.status == 0, "\(fmt.standardError)")
        #expect(fmt.standardError.contains("left 1 unformatted file of the frozen layer 'builtin' as it is"))
        #expect(try Data(contentsOf: scratch.file("builtin/systemAppTypes.json")) == builtin)
        #expect(try Data(contentsOf: scratch.file("app-data/maps.json")) != server)
    }

    @Test func aPullRequestEditingTheBuiltInFileReachesNoPhone() throws {
        let repository = try TemporaryGitRepository()
        let upstream = try Self.upstreamCopy()
        #expect(try ToolRunner.run(["init"], in: upstream.url).status == 0)
        try repository.commit(copying: upstream.url, to: "catalog", message: "adopt choosy-data")
        let builtin = repository.url.appendingPathComponent("catalog/builtin/systemAppTypes.json")
        let text = try String(contentsOf: builtin, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "\"Email subject\"", with: "\"The subject of the email\"")
        #expect(edited != text)
        try edited.write(to: builtin, atomically: true, encoding: .utf8)
        try repository.commitAll(message: "describe the subject")
        let review = try ToolRunner.run(["review", "HEAD~1"], in: repository.url.appendingPathComponent("catalog"))
        #expect(review.status == 0, "\(review.standardError)")
        #expect(review.standardOutput.contains("**Frozen layers:** 1 of these changes only edits a frozen layer"), "\(review.standardOutput)")
    }

    @Test func anExistingConfigIsNeverOverwritten() throws {
        let scratch = try Self.upstreamCopy()
        _ = try scratch.write(".choosy-data.yml", Self.handWrittenConfig)
        let again = try ToolRunner.run(["init"], in: scratch.url)
        #expect(again.status == 2)
        #expect(again.standardOutput.isEmpty)
        #expect(again.standardError == "Error: .choosy-data.yml already exists; init never overwrites a config (edit it, or remove it to start again)\n")
        #expect(try String(contentsOf: scratch.file(".choosy-data.yml"), encoding: .utf8) == Self.handWrittenConfig)
    }

    @Test(arguments: [
        (["init", "--builtin", "../elsewhere"], "layer 'builtin' names '../elsewhere', which is outside the catalog"),
        (["init", "--server", "nowhere"], "Error: --server nowhere: no such file or directory\n"),
        (["init", "--builtin", "app-data"], "Error: --builtin and --server both name 'app-data'; a layer is one or the other\n"),
    ])
    func aLayoutThatDoesNotReadIsRefusedAndNothingWritten(arguments: [String], error: String) throws {
        let parent = try ScratchDirectory("init-parent")
        try FileManager.default.createDirectory(at: parent.file("elsewhere"), withIntermediateDirectories: true)
        _ = try parent.write("elsewhere/t.json", "[]")
        let catalog = parent.file("catalog")
        try FileManager.default.copyItem(at: TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data"), to: catalog)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: catalog.path)
        let outcome = try ToolRunner.run(arguments, in: catalog)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(error), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: catalog.appendingPathComponent(".choosy-data.yml").path))
    }

    @Test func withoutABuiltInLayerInitWarnsAndLintSaysItSeemsMissing() throws {
        let scratch = try ScratchDirectory("init")
        try FileManager.default.copyItem(
            at: TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data/app-data"), to: scratch.file("app-data"))
        // Read alone, the server layer's findings are mostly about what the built-in layer declares.
        let alone = try ToolRunner.run(["lint", "app-data"], in: scratch.url)
        #expect(alone.status == 1)
        #expect(alone.standardError.hasPrefix("hint: "), "\(alone.standardError)")
        #expect(alone.standardError.contains("undeclared parameters and actions: the client's built-in layer, which declares them, seems missing"))
        #expect(try ToolRunner.run(["lint", "app-data", "-q"], in: scratch.url).standardError.isEmpty)
        let initialized = try ToolRunner.run(["init"], in: scratch.url)
        #expect(initialized.status == 0)
        #expect(initialized.standardOutput.contains("  no built-in layer\n"))
        #expect(initialized.standardError.hasPrefix("warning: no built-in layer (no builtin/ in '.' and no --builtin PATH)"))
        // With a config, the layers are what the maintainer chose: no guess about them.
        #expect(!(try ToolRunner.run(["lint"], in: scratch.url).standardError.contains("hint:")))
        // A folder of whole app types, read alone, gets no such hint.
        try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("data/builtin"), to: scratch.file("whole"))
        let whole = try ToolRunner.run(["lint", "whole"], in: scratch.url)
        #expect(!whole.standardError.contains("seems missing") && !whole.standardOutput.isEmpty)
    }
}
