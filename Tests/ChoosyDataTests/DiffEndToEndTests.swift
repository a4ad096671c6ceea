import ChoosyTestSupport
import Foundation
import Testing

/// `choosy-data diff` as users run it: formats (golden files), exit codes, git sides.
@Suite(.serialized)
struct DiffEndToEndTests {
    static let fixtures = "Tests/Fixtures/diff"

    @Test(arguments: [("text", "diff.txt"), ("json", "diff.json"), ("markdown", "diff.md")])
    func formatsMatchGoldenFiles(format: String, golden: String) throws {
        let outcome = try ToolRunner.run(["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new", "--format", format])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        try expectMatchesGolden(outcome.standardOutput, "e2e/\(golden)")
    }

    @Test func colourOnlyWhenAskedFor() throws {
        let arguments = ["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new"]
        let always = try ToolRunner.run(arguments + ["--color", "always"], environment: ["NO_COLOR": ""])
        #expect(always.standardOutput.contains("\u{1B}[1;31mbreaking (3)\u{1B}[0m"))
        let noColor = try ToolRunner.run(arguments + ["--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(!noColor.standardOutput.contains("\u{1B}"))
        let auto = try ToolRunner.run(arguments, environment: ["NO_COLOR": ""])
        #expect(!auto.standardOutput.contains("\u{1B}"))
    }

    @Test(arguments: [
        ([], 0), (["--fail-on", "breaking"], 1), (["--fail-on", "feature"], 1), (["--fail-on=any"], 1),
    ] as [([String], Int32)])
    func exitCodesFollowTheGate(options: [String], status: Int32) throws {
        let outcome = try ToolRunner.run(["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new"] + options)
        #expect(outcome.status == status)
    }

    /// Examples read as the values and URLs that come and go, in text and markdown alike; a
    /// hostile key or value (backticks, a line break) stays inside its code span on one line.
    @Test func changedExamplesReadAsValuesAndURLs() throws {
        let scratch = try ScratchDirectory("examples")
        let directory = scratch.url
        func catalog(_ examples: String) -> String {
            #"[{"key": "t", "parameters": [{"key": "q`1", "name": "Q"}], "actions": [{"key": "go", "name": "Go"}], "#
                + #""apps": [{"key": "a", "name": "A", "app_url_scheme": "a:", "actions": [{"key": "go", "url_format": "a://go?q={{q`1}}", "examples": "#
                + examples + "}]}]}]"
        }
        try catalog(#"[{"parameters": {"q`1": "x"}, "url": "a://go?q=x"}]"#).write(to: directory.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try catalog(#"[{"parameters": {"q`1": "``y\nz"}, "url": "a://go?q=%60%60y%0Az"}]"#).write(to: directory.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let text = try ToolRunner.run(["diff", "old.json", "new.json"], in: directory)
        #expect(text.standardOutput == """
            docs (1)
              t
                changed examples of app action go of app a: removed example q`1=x → a://go?q=x; added example q`1=``y\\nz → a://go?q=%60%60y%0Az
            1 change: 0 breaking, 0 feature, 0 fix, 1 docs.

            """)
        let markdown = try ToolRunner.run(["diff", "old.json", "new.json", "--format", "markdown"], in: directory)
        #expect(markdown.standardOutput.hasSuffix("""
            - Changed examples of app action `go` of app `a`: removed example ``q`1=x`` → `a://go?q=x`; added example ```q`1=``y\\nz``` → `a://go?q=%60%60y%0Az`

            """))
    }

    @Test func aFixPassesTheFeatureGateButNotAny() throws {
        let old = TestPaths.sharedFixture("diff/old/app-data/maps.json")
        let scratch = try ScratchDirectory("fix")
        let fixed = scratch.file("fix.json")
        let text = try String(contentsOf: old, encoding: .utf8)
        try text.replacingOccurrences(of: "waze://?ll={{latitude_longitude}}\"", with: "waze://?ll={{latitude_longitude}}&z=10\"")
            .write(to: fixed, atomically: true, encoding: .utf8)
        #expect(try ToolRunner.run(["diff", old.path, fixed.path, "--fail-on", "breaking"]).status == 0)
        #expect(try ToolRunner.run(["diff", old.path, fixed.path, "--fail-on", "feature"]).status == 0)
        #expect(try ToolRunner.run(["diff", old.path, fixed.path, "--fail-on", "any"]).status == 1)
        #expect(try ToolRunner.run(["diff", old.path, old.path, "--fail-on", "any"]).status == 0)
    }

    /// The bundled catalog against a copy whose server layer changes the Safari scheme that
    /// the built-in layer defines: breaking for a fixed client, nothing for the shipped one.
    @Test func aServerOverrideOfABuiltInValueBreaksOnlyAFixedClient() throws {
        let scratch = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"), "override")
        let copy = scratch.url
        let twitter = copy.appendingPathComponent("app-data/twitter.yaml")
        let text = try String(contentsOf: twitter, encoding: .utf8)
        #expect(text.contains("app_url_scheme: \"http:\""))
        try text.replacingOccurrences(of: "app_url_scheme: \"http:\"", with: "app_url_scheme: \"https:\"").write(to: twitter, atomically: true, encoding: .utf8)

        let shipped = try ToolRunner.run(["diff", "data/", copy.path, "--fail-on", "breaking"])
        #expect(shipped.status == 0)
        #expect(shipped.standardOutput == """
            docs (1)
              twitter
                changed app_url_scheme of app safari: "http:" → "https:"; ignored by the shipped client
            1 change: 0 breaking, 0 feature, 0 fix, 1 docs.

            """)
        let json = try ToolRunner.run(["diff", "data/", copy.path, "--format", "json"])
        #expect(json.standardOutput.hasPrefix("{\n  \"client\": \"shipped\","))
        #expect(json.standardOutput.contains("\"ignored_by_client\": true"))
        let fixed = try ToolRunner.run(["diff", "data/", copy.path, "--fail-on", "breaking", "--client", "rfc3986"])
        #expect(fixed.status == 1)
        #expect(fixed.standardOutput.contains("changed app_url_scheme of app safari: \"http:\" → \"https:\"\n"))
        // Without --client, NEW's config names the client for both sides.
        let config = copy.appendingPathComponent(".choosy-data.yml")
        try (try String(contentsOf: config, encoding: .utf8)).replacingOccurrences(of: "client: shipped\n", with: "client: rfc3986\n")
            .write(to: config, atomically: true, encoding: .utf8)
        #expect(try ToolRunner.run(["diff", "data/", copy.path, "--fail-on", "breaking"]).status == 1)
        #expect(try ToolRunner.run(["diff", copy.path, "data/", "--fail-on", "breaking"]).status == 0)
    }

    @Test func unparseableSideNamesSideFileAndPosition() throws {
        let broken = "Tests/Fixtures/broken-json/trailing-comma-object.json"
        let outcome = try ToolRunner.run(["diff", "\(Self.fixtures)/old", broken])
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("Error: NEW (\(broken)): \(broken):"))
        #expect(outcome.standardError.contains("trailing comma"))
    }

    @Test(arguments: [["diff", "only-one"], ["diff", "a", "b", "c"], ["diff", "a", "b", "--fail-on", "fix"]])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let outcome = try ToolRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: "))
        #expect(outcome.standardError.contains("Usage: choosy-data diff"))
    }

    @Test func missingSideExitsTwo() throws {
        let outcome = try ToolRunner.run(["diff", "no/such", "\(Self.fixtures)/new"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == """
            Error: OLD (no/such): 'no/such' is neither a file or directory nor a git revision here; \
            name a catalog directory or file, or a revision such as HEAD~1 or git:origin/main

            """)
    }

    /// A repository made by the test: the old catalog committed, then the new one; the work
    /// tree then holds the new catalog, and `git:HEAD~1` the old one.
    @Test func gitRevisionSidesReadHistoryWithoutTouchingTheWorkTree() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.sharedFixture("diff/old"), to: "catalog", message: "old")
        try repository.commit(copying: TestPaths.sharedFixture("diff/new"), to: "catalog", message: "new")
        let catalog = repository.url.appendingPathComponent("catalog")
        let expected = try ToolRunner.run(["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new", "--format", "json"])

        let fromInside = try ToolRunner.run(["diff", "git:HEAD~1", ".", "--format", "json"], in: catalog)
        #expect(fromInside.standardError.isEmpty)
        #expect(fromInside.standardOutput == expected.standardOutput)

        // From the repository's root, `git:HEAD~1` is the only catalog just below it, catalog/.
        let fromRoot = try ToolRunner.run(["diff", "git:HEAD~1", "catalog", "--format", "json"], in: repository.url)
        #expect(fromRoot.standardError.isEmpty)
        #expect(fromRoot.standardOutput == expected.standardOutput)

        let explicit = try ToolRunner.run(["diff", "git:HEAD~1:catalog", "git:HEAD:catalog", "--format", "json", "--fail-on", "breaking"], in: repository.url)
        #expect(explicit.status == 1)
        #expect(explicit.standardOutput == expected.standardOutput)

        let status = try ToolRunner.run(["git", "status", "--porcelain"], program: URL(fileURLWithPath: "/usr/bin/env"), in: repository.url)
        #expect(status.standardOutput.isEmpty)
    }

    /// A bare word is a revision when no file or directory has its name; one naming both is
    /// refused, since a directory named like the base (holding an old copy of the catalog)
    /// would otherwise stand in for the revision unseen.
    @Test func bareRevisionsAreSidesAndAWordNamingAPathAndARevisionIsRefused() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.sharedFixture("diff/old"), to: "catalog", message: "old")
        try repository.tag("base")
        try repository.commit(copying: TestPaths.sharedFixture("diff/new"), to: "catalog", message: "new")
        let catalog = repository.url.appendingPathComponent("catalog")
        let expected = try ToolRunner.run(["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new", "--format", "json"])

        for base in ["HEAD~1", "base"] {
            let bare = try ToolRunner.run(["diff", base, ".", "--format", "json"], in: catalog)
            #expect(bare.standardError.isEmpty)
            #expect(bare.standardOutput == expected.standardOutput)
        }
        // The spoof: a directory `base` holding the new catalog, so that the report says nothing changed.
        try FileManager.default.copyItem(at: TestPaths.sharedFixture("diff/new"), to: catalog.appendingPathComponent("base"))
        for command in [["diff", "base", "."], ["review", "base"]] {
            let spoofed = try ToolRunner.run(command, in: catalog)
            #expect(spoofed.status == 2)
            #expect(spoofed.standardOutput.isEmpty)
            #expect(spoofed.standardError.hasPrefix(
                "Error: \(command[0] == "diff" ? "OLD" : "BASE") (base): 'base' names both a file or directory here and a git revision; "
                    + "write git:base for the revision, or ./base for the path\n"))
        }
        let revision = try ToolRunner.run(["diff", "git:base", ".", "--format", "json"], in: catalog)
        #expect(revision.standardOutput == expected.standardOutput)
        let directory = try ToolRunner.run(["diff", "./base", ".", "--format", "json"], in: catalog)
        #expect(directory.standardOutput.contains("\"changes\": []"), "\(directory.standardOutput)")
    }

    /// A revision from before the catalog had a config is one layer on its own; `--config`
    /// reads it with today's layers.
    @Test func theConfigOptionGivesRevisionsTheirLayout() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.sharedFixture("diff/old"), to: "catalog", message: "old")
        try repository.git("rm", "-q", "catalog/.choosy-data.yml")
        try repository.commitAll(message: "before adoption")
        try repository.commit(copying: TestPaths.sharedFixture("diff/new"), to: "catalog", message: "new")
        let catalog = repository.url.appendingPathComponent("catalog")
        let expected = try ToolRunner.run(["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new", "--format", "json"])

        let oneLayer = try ToolRunner.run(["diff", "HEAD~1", ".", "--format", "json"], in: catalog)
        #expect(oneLayer.standardOutput != expected.standardOutput)
        for option in [["--config", ".choosy-data.yml"], ["-C", "."]] {
            let laidOut = try ToolRunner.run(["diff", "HEAD~1", "."] + option + ["--format", "json"], in: catalog)
            #expect(laidOut.standardError.isEmpty)
            #expect(laidOut.standardOutput == expected.standardOutput)
        }
        let fromRoot = try ToolRunner.run(["diff", "HEAD~1", "HEAD", "-C", "catalog", "--format", "json"], in: repository.url)
        #expect(fromRoot.standardOutput == expected.standardOutput, "\(fromRoot.standardError)")
    }

    /// A `git` on the PATH that first writes 1 MiB to standard error, far more than a pipe
    /// holds, then does what `then` says ("$@" are git's arguments, `$REAL_GIT` the real git).
    /// Were standard error read only after standard output, both programs would wait for each
    /// other forever; the script's `timeout` ends that wait and fails git with exit 97 instead.
    private static func chattyGit(then command: String, in directory: URL) throws -> [String: String] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let realGit = try #require(path.split(separator: ":").map { "\($0)/git" }.first(where: FileManager.default.isExecutableFile))
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = bin.appendingPathComponent("git")
        try """
            #!/bin/sh
            timeout 60 sh -c 'head -c 1048576 /dev/zero | tr "\\0" w >&2' || exit 97
            REAL_GIT='\(realGit)'
            \(command)

            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return ["PATH": bin.path + ":" + path]
    }

    @Test func gitWritingMoreThanAPipeHoldsToStandardErrorDoesNotHangDiff() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.sharedFixture("diff/old"), to: "catalog", message: "old")
        try repository.commit(copying: TestPaths.sharedFixture("diff/new"), to: "catalog", message: "new")
        let expected = try ToolRunner.run(["diff", "\(Self.fixtures)/old", "\(Self.fixtures)/new", "--format", "json"])
        let scratch = try ScratchDirectory("chatty")

        let chatty = try Self.chattyGit(then: #"exec "$REAL_GIT" "$@""#, in: scratch.url)
        let outcome = try ToolRunner.run(
            ["diff", "git:HEAD~1:catalog", "git:HEAD:catalog", "--format", "json"], in: repository.url, environment: chatty)
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.standardOutput == expected.standardOutput)

        let failing = try Self.chattyGit(then: "exit 128", in: scratch.url)
        let failure = try ToolRunner.run(["diff", "git:HEAD~1:catalog", "git:HEAD:catalog"], in: repository.url, environment: failing)
        #expect(failure.status == 2)
        #expect(failure.standardError == "Error: OLD (git:HEAD~1:catalog): git rev-parse failed: "
            + String(repeating: "w", count: 2000) + "…\n")
    }

    @Test(arguments: [
        (["git:nosuchrev", "."], "Error: OLD (git:nosuchrev): unknown revision 'nosuchrev'"),
        (["git:HEAD:missing", "."], "Error: OLD (git:HEAD:missing): 'missing' holds no catalog at HEAD"),
    ])
    func badGitSidesExitTwo(sides: [String], message: String) throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.sharedFixture("diff/old"), to: "catalog", message: "old")
        let outcome = try ToolRunner.run(["diff"] + sides, in: repository.url.appendingPathComponent("catalog"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(message))
    }

    /// A committed link was read as a file holding the path it names: a layer linked to its
    /// directory did not parse. Links are followed within the commit, as a checkout would.
    @Test func gitSidesFollowCommittedLinks() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.sharedFixture("diff/old"), to: "catalog", message: "old")
        let catalog = repository.url.appendingPathComponent("catalog")
        let manager = FileManager.default
        try manager.moveItem(at: catalog.appendingPathComponent("builtin"), to: catalog.appendingPathComponent("versions-builtin"))
        try manager.createSymbolicLink(atPath: catalog.appendingPathComponent("builtin").path, withDestinationPath: "versions-builtin")
        let file = try #require(try manager.contentsOfDirectory(atPath: catalog.appendingPathComponent("app-data").path).sorted().first)
        try manager.moveItem(at: catalog.appendingPathComponent("app-data/\(file)"), to: catalog.appendingPathComponent("moved-\(file)"))
        try manager.createSymbolicLink(atPath: catalog.appendingPathComponent("app-data/\(file)").path, withDestinationPath: "../moved-\(file)")
        try repository.commit(copying: TestPaths.sharedFixture("diff/old/.choosy-data.yml"), to: "catalog/.choosy-data.yml", message: "linked")
        let outcome = try ToolRunner.run(["diff", "git:HEAD~1:catalog", "git:HEAD:catalog"], in: repository.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "No changes.\n")

        try manager.removeItem(at: catalog.appendingPathComponent("app-data/\(file)"))
        try manager.createSymbolicLink(atPath: catalog.appendingPathComponent("app-data/\(file)").path, withDestinationPath: "/etc/passwd")
        try repository.commit(copying: TestPaths.sharedFixture("diff/old/.choosy-data.yml"), to: "catalog/.choosy-data.yml", message: "outside")
        let outside = try ToolRunner.run(["diff", "git:HEAD~1:catalog", "git:HEAD:catalog"], in: repository.url)
        #expect(outside.status == 2)
        #expect(outside.standardError == "Error: NEW (git:HEAD:catalog): HEAD:catalog/app-data/\(file) is a symbolic link to '/etc/passwd', "
            + "outside the repository; diff reads only files committed in it\n")
    }

    @Test func gitSideWithBrokenFileNamesRevisionPath() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(
            copying: TestPaths.sharedFixture("broken-json/trailing-comma-object.json"), to: "catalog/t.json", message: "broken")
        let outcome = try ToolRunner.run(["diff", "git:HEAD:catalog", "git:HEAD:catalog"], in: repository.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: OLD (git:HEAD:catalog): HEAD:catalog/t.json:"))
    }
}
