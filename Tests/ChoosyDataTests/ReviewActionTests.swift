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

    /// A `gh` on the PATH that answers GraphQL's viewer with `viewer`, lists `comments` (JSON,
    /// as GitHub's REST API gives them) through the script's own `--jq` filter with `jq`,
    /// exiting `listingStatus`, and logs every other call with the body it was given.
    private static func fakeGitHubCLI(
        viewer: String = "github-actions", comments: String, listingStatus: Int32 = 0, in directory: URL
    ) throws -> (environment: [String: String], log: URL) {
        let bin = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = directory.appendingPathComponent("gh.log")
        let listing = directory.appendingPathComponent("comments.json")
        try comments.write(to: listing, atomically: true, encoding: .utf8)
        let script = bin.appendingPathComponent("gh")
        try """
            #!/bin/sh
            case "$*" in
                *graphql*) echo '\(viewer)'; exit 0 ;;
                *--paginate*)
                    [ \(listingStatus) = 0 ] || exit \(listingStatus)
                    while [ "$1" != --jq ]; do shift; done
                    exec jq -r "$2" '\(listing.path)' ;;
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

    /// A comment as GitHub lists it.
    private static func comment(_ id: Int, by login: String, body: String = "<!-- choosy-data-review -->\\nold") -> String {
        #"{"id": \#(id), "user": {"login": "\#(login)"}, "body": "\#(body)"}"#
    }

    /// Without a comment of its own the script posts one; with one (the marker, and the token's
    /// own identity as author) it updates that one. A comment by anyone else that starts with
    /// the marker is never taken over: that would let them choose which comment the workflow
    /// rewrites.
    @Test(arguments: [
        ("github-actions", "[]", "gh api --method POST repos/o/r/issues/7/comments"),
        ("github-actions", "[\(comment(41, by: "mallory")), \(comment(42, by: "github-actions[bot]"))]", "gh api --method PATCH repos/o/r/issues/comments/42"),
        ("github-actions", "[\(comment(41, by: "mallory"))]", "gh api --method POST repos/o/r/issues/7/comments"),
        ("github-actions", "[\(comment(41, by: "github-actions[bot]", body: "no marker"))]", "gh api --method POST repos/o/r/issues/7/comments"),
        ("alice", "[\(comment(41, by: "mallory")), \(comment(43, by: "alice"))]", "gh api --method PATCH repos/o/r/issues/comments/43"),
    ])
    func postsOneCommentAndUpdatesOnlyItsOwn(viewer: String, comments: String, call: String) throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        try repository.commit(copying: TestPaths.fixture("review/breaking"), to: "catalog", message: "breaking")
        let gh = try Self.fakeGitHubCLI(viewer: viewer, comments: comments, in: repository.url)
        let outcome = try Self.run(base: "HEAD~1", in: repository, environment: gh.environment)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == (call.contains("POST") ? "posted the review comment\n" : "updated the review comment \(call.split(separator: "/").last!)\n"))
        let log = try String(contentsOf: gh.log, encoding: .utf8)
        let dryRun = try Self.run(base: "HEAD~1", in: repository).standardOutput
        #expect(log == "\(call) -F body=@\(log.split(separator: "@")[1].prefix { $0 != " " }) token=t0ken\n" + dryRun)
    }

    /// A listing of comments that fails is not "no comment yet": nothing is posted, exit 3.
    @Test func aFailedListingPostsNothing() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        try repository.commit(copying: TestPaths.fixture("review/breaking"), to: "catalog", message: "breaking")
        let gh = try Self.fakeGitHubCLI(comments: "[]", listingStatus: 1, in: repository.url)
        let outcome = try Self.run(base: "HEAD~1", in: repository, environment: gh.environment)
        #expect(outcome.status == 3)
        #expect(!FileManager.default.fileExists(atPath: gh.log.path))
    }

    /// The base reaches git as a name, never as an option: fetched as an option, this one would
    /// have git run a command of the pull request author's choosing.
    @Test func aBaseThatLooksLikeAnOptionIsOnlyAName() throws {
        let origin = try TemporaryGitRepository()
        try origin.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        try repository.git("remote", "add", "origin", origin.url.path)
        let witness = repository.url.appendingPathComponent("injected")

        let outcome = try Self.run(base: "--upload-pack=touch \(witness.path);", in: repository)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: witness.path))
    }

    /// A report longer than a comment may be is cut at a line, says so, and points at the job's
    /// summary, which gets the whole report.
    @Test func aLongReportIsCutToFitAndTheSummaryHoldsItWhole() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/base"), to: "catalog", message: "base")
        try repository.commit(copying: TestPaths.fixture("review/breaking"), to: "catalog", message: "breaking")
        let summary = repository.url.appendingPathComponent("summary.md")
        let whole = try ToolRunner.run(["review", "git:HEAD~1"], in: repository.url.appendingPathComponent("catalog")).standardOutput
        #expect(whole.utf8.count > 600)

        let outcome = try Self.run(base: "HEAD~1", in: repository, environment: [
            "CHOOSY_COMMENT_LIMIT": "600", "GITHUB_STEP_SUMMARY": summary.path,
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "o/r", "GITHUB_RUN_ID": "99",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let body = outcome.standardOutput
        #expect(body.utf8.count <= 600 + 200)
        #expect(body.hasPrefix("<!-- choosy-data-review -->\n" + whole.prefix(200)))
        #expect(body.contains("\n*Cut to fit 600 characters: the last "))
        #expect(body.hasSuffix(
            "prints it whole.*\n\nThe whole report is in the summary of the job that posted this comment: https://github.com/o/r/actions/runs/99\n"))
        #expect(try String(contentsOf: summary, encoding: .utf8) == whole)
    }

    @Test func theActionRunsTheScriptItShips() throws {
        let action = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("\"$GITHUB_ACTION_PATH/.github/choosy-review.sh\""))
        #expect(action.contains("lint --format github"))
        #expect(FileManager.default.isExecutableFile(atPath: Self.script.path))
    }
}
