import ChoosyTestSupport
import Foundation
import Testing

/// `lint git:REV`: the catalog at a revision, read from git without a checkout, as `diff` and
/// `review` read it; with `-C`, in the work tree's layout (a revision from before adoption).
/// Every other command that reads one catalog takes `git:REV` the same way.
@Suite struct LintRevisionEndToEndTests {
    @Test func aRevisionIsLintedWithItsFilesNamedAsGitNamesThem() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.packageRoot.appendingPathComponent("data"), to: "catalog", message: "base")
        let file = repository.url.appendingPathComponent("catalog/app-data/email.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        try (text.dropLast(2) + ",\n").write(to: file, atomically: true, encoding: .utf8)
        try repository.commitAll(message: "break a file")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let catalog = repository.url.appendingPathComponent("catalog")
        let broken = try ToolRunner.run(["lint", "git:HEAD", "--format", "json"], in: catalog)
        #expect(broken.status == 1, "\(broken.standardError)")
        let findings = try #require(try JSONSerialization.jsonObject(with: Data(broken.standardOutput.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        #expect(findings?.contains { $0["rule"] as? String == "syntax" && $0["file"] as? String == "HEAD:catalog/app-data/email.json" } == true)
        #expect(try ToolRunner.run(["lint", "git:HEAD~1", "-q"], in: catalog).status == 0)
        #expect(try ToolRunner.run(["lint", "-q"], in: catalog).status == 0)
    }

    @Test func aRevisionFromBeforeTheConfigIsReadInTheWorkTreesLayout() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(
            copying: TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data"), to: "upstream", message: "before adoption")
        let upstream = repository.url.appendingPathComponent("upstream")
        #expect(try ToolRunner.run(["init", "-q"], in: upstream).status == 0)
        let workTree = try ToolRunner.run(["lint", "--format", "json"], in: upstream)
        let revision = try ToolRunner.run(["lint", "git:HEAD", "-C", ".", "--format", "json"], in: upstream)
        #expect(revision.status == 1, "\(revision.standardError)")
        #expect(revision.standardOutput == workTree.standardOutput.replacingOccurrences(of: "\"file\": \"", with: "\"file\": \"HEAD:upstream/"))
        // Without the layout, the revision has no config: its folder is one layer.
        let alone = try ToolRunner.run(["lint", "git:HEAD:upstream/app-data", "--format", "json"], in: upstream)
        #expect(alone.standardOutput.contains("\"undeclared-parameter\""))
    }

    /// The committed catalog, read from git, gives what the same files give on disk, though
    /// the work tree has moved on (a layer's file removed).
    @Test(arguments: [
        ["matrix", "maps", "--format", "csv"], ["schemes", "--format", "text"], ["url", "maps", "search", "query=tea"], ["show", "maps", "--format", "json"],
    ])
    func everyCommandReadsARevisionAsLintDoes(arguments: [String]) throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.packageRoot.appendingPathComponent("data"), to: "catalog", message: "base")
        try FileManager.default.removeItem(at: repository.url.appendingPathComponent("catalog/app-data/maps.yaml"))
        let catalog = repository.url.appendingPathComponent("catalog")
        let revision = try ToolRunner.run(arguments + ["git:HEAD"], in: catalog)
        let committed = try ToolRunner.run(arguments + [TestPaths.packageRoot.appendingPathComponent("data").path])
        let workTree = try ToolRunner.run(arguments + ["."], in: catalog)
        #expect(revision.status == 0, "\(revision.standardError)")
        #expect(revision.standardOutput == committed.standardOutput)
        #expect(revision.standardOutput != workTree.standardOutput)
    }

    @Test func bundleOfARevisionIsTheBundleOfItsFiles() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.packageRoot.appendingPathComponent("data"), to: "catalog", message: "base")
        try FileManager.default.removeItem(at: repository.url.appendingPathComponent("catalog/app-data/maps.yaml"))
        let output = try ScratchDirectory("bundle-revision")
        let revision = try ToolRunner.run(["bundle", "git:HEAD", "-o", output.file("revision").path], in: repository.url.appendingPathComponent("catalog"))
        let committed = try ToolRunner.run(["bundle", "data", "-o", output.file("committed").path])
        #expect(revision.status == 0 && committed.status == 0, "\(revision.standardError)")
        #expect(try Data(contentsOf: output.file("revision/app-data/maps.json")) == Data(contentsOf: output.file("committed/app-data/maps.json")))
        let release = try ToolRunner.run(["release", "git:HEAD", "-o", output.file("release").path], in: repository.url)
        #expect(release.status == 2)
        #expect(release.standardError.hasPrefix("Error: release publishes the catalog of the work tree"))
    }

    @Test(arguments: [
        (["lint", "git:HEAD", "data"], "Error: git:HEAD lints the catalog at that revision; give it alone, without other PATHs"),
        (["lint", "git:HEAD", "--fix"], "Error: --fix rewrites files; a git revision cannot be rewritten (lint the work tree to fix it)"),
        (["lint", "git:no-such-revision"], "Error: git:no-such-revision: unknown revision 'no-such-revision'"),
    ])
    func mistakesAreRefusedWithExitTwo(arguments: [String], message: String) throws {
        let outcome = try ToolRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
    }
}
