import ChoosyTestSupport
import Foundation
import Testing

/// The GitHub Action's script, `.github/choosy-review.sh`, in dry-run mode: the comment body it
/// would post on a pull request of a repository with two commits.
@Suite(.serialized)
struct ReviewActionTests {
    static let script = TestPaths.packageRoot.appendingPathComponent(".github/choosy-review.sh")

    private static func run(base: String, in repository: TemporaryGitRepository, environment: [String: String] = [:]) throws -> ToolRunner.Outcome {
        try ToolRunner.run([], program: script, in: repository.url, environment: [
            "CHOOSY_REVIEW_DRY_RUN": "1", "CHOOSY_DATA": ToolRunner.executable.path, "CHOOSY_CATALOG": "catalog", "CHOOSY_BASE": base,
        ].merging(environment) { _, given in given })
    }

    @Test func dryRunPrintsTheMarkedReviewOfThePullRequest() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        try repository.commit(copying: TestPaths.fixture("review/breaking"), to: "catalog", message: "breaking")
        let base = try ToolRunner.run(["git", "rev-parse", "HEAD~1"], program: URL(fileURLWithPath: "/usr/bin/env"), in: repository.url)
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)

        let outcome = try Self.run(base: base, in: repository)
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        let review = try ToolRunner.run(["review", "git:\(base)"], in: repository.url.appendingPathComponent("catalog"))
        #expect(outcome.standardOutput == "<!-- choosy-data-review -->\n" + review.standardOutput)
        #expect(outcome.standardOutput.contains("| `waze://?q=coffee%20&%20tea&ll=52.5,13.4` | `waze://?q=coffee%20&%20tea` |"))

        // The gate applies after the body is made: the comment is still printed.
        let gated = try Self.run(base: base, in: repository, environment: ["CHOOSY_FAIL_ON": "breaking"])
        #expect(gated.status == 1)
        #expect(gated.standardOutput == outcome.standardOutput)
    }

    @Test func aReviewThatFailsPostsNothing() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        // No `origin` to fetch the missing base from: git fails, and the script stops there.
        let outcome = try Self.run(base: "0000000000000000000000000000000000000000", in: repository)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasSuffix("cannot fetch the base revision 0000000000000000000000000000000000000000 from origin; no comment posted\n"))
    }

    /// A `gh` on the PATH that answers the listing of comments with `existing` (a comment id,
    /// or nothing) and `listingStatus`, and logs every other call with the body it was given.
    private static func fakeGitHubCLI(
        existing: String, listingStatus: Int32 = 0, in directory: URL
    ) throws -> (environment: [String: String], log: URL) {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("gh.log")
        let script = bin.appendingPathComponent("gh")
        try """
            #!/bin/sh
            case "$*" in
                *--paginate*) [ -z '\(existing)' ] || echo '\(existing)'; exit \(listingStatus) ;;
            esac
            echo "gh $* token=$GH_TOKEN" >> '\(log.path)'
            for argument in "$@"; do
                case $argument in body=@*) cat "${argument#body=@}" >> '\(log.path)' ;; esac
            done

            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (["PATH": bin.path + ":" + path, "CHOOSY_REVIEW_DRY_RUN": "", "GITHUB_TOKEN": "t0ken", "GITHUB_REPOSITORY": "o/r", "CHOOSY_PR": "7"], log)
    }

    /// Without a comment of its own the script posts one; with one (found by the marker) it
    /// updates that one instead of adding another.
    @Test(arguments: [("", "gh api --method POST repos/o/r/issues/7/comments"), ("42", "gh api --method PATCH repos/o/r/issues/comments/42")])
    func postsOneCommentAndUpdatesItAfterwards(existing: String, call: String) throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        try repository.commit(copying: TestPaths.fixture("review/breaking"), to: "catalog", message: "breaking")
        let gh = try Self.fakeGitHubCLI(existing: existing, in: repository.url)
        let outcome = try Self.run(base: "HEAD~1", in: repository, environment: gh.environment)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == (existing.isEmpty ? "posted the review comment\n" : "updated the review comment 42\n"))
        let log = try String(contentsOf: gh.log, encoding: .utf8)
        let dryRun = try Self.run(base: "HEAD~1", in: repository).standardOutput
        #expect(log == "\(call) -F body=@\(log.split(separator: "@")[1].prefix { $0 != " " }) token=t0ken\n" + dryRun)
    }

    /// A listing of comments that fails is not "no comment yet": nothing is posted, exit 3.
    @Test func aFailedListingPostsNothing() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        try repository.commit(copying: TestPaths.fixture("review/breaking"), to: "catalog", message: "breaking")
        let gh = try Self.fakeGitHubCLI(existing: "", listingStatus: 1, in: repository.url)
        let outcome = try Self.run(base: "HEAD~1", in: repository, environment: gh.environment)
        #expect(outcome.status == 3)
        #expect(!FileManager.default.fileExists(atPath: gh.log.path))
    }

    @Test func theActionRunsTheScriptItShips() throws {
        let action = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("\"$GITHUB_ACTION_PATH/.github/choosy-review.sh\""))
        #expect(action.contains("lint --format github"))
        #expect(FileManager.default.isExecutableFile(atPath: Self.script.path))
    }
}
