import ChoosyTestSupport
import Foundation
import Testing

/// `choosy-data review` as users run it: on a repository with a breaking, a feature and a docs
/// commit (golden files), JSON, escaping of hostile keys, exit codes and errors.
@Suite(.serialized)
struct ReviewEndToEndTests {
    static let fixtures = "Tests/ChoosyDataTests/Fixtures/review"

    /// A repository whose `catalog` directory is committed four times: base, a breaking change
    /// (a placeholder removed), a feature (a placeholder and an app added), a docs change.
    private static func repository() throws -> TemporaryGitRepository {
        let repository = try TemporaryGitRepository()
        for step in ["base", "breaking", "feature", "docs"] {
            try repository.commit(copying: TestPaths.fixture("review/\(step)"), to: "catalog", message: step)
        }
        return repository
    }

    @Test(arguments: [
        (["HEAD~3", "HEAD~2"], "review-breaking.md"), (["HEAD~2", "HEAD~1"], "review-feature.md"),
        (["HEAD~1"], "review-docs.md"), (["HEAD~3"], "review-all.md"),
    ])
    func eachCommitMatchesItsGoldenFile(sides: [String], golden: String) throws {
        let repository = try Self.repository()
        let outcome = try ToolRunner.run(["review"] + sides, in: repository.url.appendingPathComponent("catalog"))
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        try expectMatchesGolden(outcome.standardOutput, "e2e/\(golden)")
    }

    @Test func jsonHoldsTheSameContent() throws {
        let repository = try Self.repository()
        let outcome = try ToolRunner.run(["review", "HEAD~3", "--format", "json"], in: repository.url.appendingPathComponent("catalog"))
        #expect(outcome.status == 0)
        try expectMatchesGolden(outcome.standardOutput, "e2e/review-all.json")
        // From the repository's root, both sides are the only catalog just below it, catalog/.
        let fromRoot = try ToolRunner.run(["review", "HEAD~3", "--format", "json"], in: repository.url)
        #expect(fromRoot.status == 0, "\(fromRoot.standardError)")
        #expect(fromRoot.standardOutput == outcome.standardOutput)
    }

    /// `--max-characters` cuts after the last whole line that fits, with a line saying how much
    /// is left out; a report that fits is untouched; JSON is never cut.
    @Test(arguments: [500, 1200, 2500, 100_000])
    func maxCharactersCutsAtALine(limit: Int) throws {
        let repository = try Self.repository()
        let catalog = repository.url.appendingPathComponent("catalog")
        let whole = try ToolRunner.run(["review", "HEAD~3"], in: catalog).standardOutput
        let cut = try ToolRunner.run(["review", "HEAD~3", "--max-characters", "\(limit)"], in: catalog)
        #expect(cut.status == 0)
        guard whole.utf16.count > limit else {
            #expect(cut.standardOutput == whole)
            return
        }
        let text = cut.standardOutput
        #expect(text.utf16.count <= limit)
        let note = try #require(text.range(of: "\n*Cut to fit \(limit) characters: the last ", options: .backwards))
        #expect(whole.hasPrefix(text[..<note.lowerBound]))
        let kept = text[..<note.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let total = whole.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(text.hasSuffix(" the last \(total - kept) of the report's \(total) lines are left out; `choosy-data review` prints it whole.*\n"))
    }

    @Test(arguments: [
        (["--max-characters", "499"], "--max-characters takes a number of at least 500; got '499'"),
        (["--max-characters", "many"], "--max-characters takes a number of at least 500; got 'many'"),
        (["--max-characters", "900", "--format", "json"], "--max-characters cuts the markdown report; json is never cut"),
    ])
    func maxCharactersMistakesExitTwo(options: [String], message: String) throws {
        let repository = try Self.repository()
        let outcome = try ToolRunner.run(["review", "HEAD~3"] + options, in: repository.url.appendingPathComponent("catalog"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: \(message)\n"))
    }

    /// The URL of a changed url_format, before and after, for the catalog's example.
    @Test func aChangedURLFormatShowsTheURLBeforeAndAfter() throws {
        let repository = try Self.repository()
        let outcome = try ToolRunner.run(["review", "HEAD~3", "git:HEAD~2"], in: repository.url.appendingPathComponent("catalog"))
        #expect(outcome.standardOutput.contains(
            "| example: location=`52.5,13.4`, query=`coffee & tea` | `waze://?q=coffee%20&%20tea&ll=52.5,13.4` | `waze://?q=coffee%20&%20tea` |\n"))
    }

    @Test(arguments: [
        ([], 0), (["--fail-on", "breaking"], 1), (["--fail-on", "feature"], 1), (["--fail-on", "any"], 1),
    ] as [([String], Int32)])
    func exitCodesFollowDiffsGate(options: [String], status: Int32) throws {
        let repository = try Self.repository()
        let outcome = try ToolRunner.run(["review", "HEAD~3", "HEAD~2"] + options, in: repository.url.appendingPathComponent("catalog"))
        #expect(outcome.status == status)
    }

    @Test func aDocsChangePassesTheFeatureGate() throws {
        let repository = try Self.repository()
        let catalog = repository.url.appendingPathComponent("catalog")
        #expect(try ToolRunner.run(["review", "HEAD~1", "--fail-on", "feature"], in: catalog).status == 0)
        #expect(try ToolRunner.run(["review", "HEAD~1", "--fail-on", "any"], in: catalog).status == 1)
    }

    /// Keys and values that would end a `<details>` block, inject HTML, a link or a table cell
    /// come out as text: outside code spans no `<`, `[` or `!` is unescaped, and every table
    /// row has as many cells as its header.
    @Test func hostileKeysAndValuesCannotBreakTheComment() throws {
        let outcome = try ToolRunner.run(["review", "\(Self.fixtures)/hostile-old", "\(Self.fixtures)/hostile-new"])
        #expect(outcome.status == 0)
        let report = outcome.standardOutput
        #expect(report.contains("#### maps › \\`\\|\\*\\_\\[x\\]\\(y\\) › search (feature)\n"))
        var columns = 0
        for line in report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let (outside, cells) = Self.scan(line)
            #expect(!outside.contains { "<[!".contains($0) }, "unescaped markup in: \(line)")
            guard line.hasPrefix("|") else {
                columns = 0
                continue
            }
            if columns == 0 { columns = cells }
            #expect(cells == columns, "row with \(cells) cells under a header of \(columns): \(line)")
        }
    }

    /// The characters of `line` outside code spans that no backslash escapes, and the number of
    /// table cells (unescaped pipes, less one), as GitHub reads a table row.
    private static func scan(_ line: String) -> (outside: [Character], cells: Int) {
        let characters = Array(line)
        var outside: [Character] = []
        var pipes = 0
        var index = 0
        var fence = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                index += 2
                continue
            }
            if character == "`" {
                var run = 0
                while index < characters.count, characters[index] == "`" { run += 1; index += 1 }
                fence = fence == 0 ? run : fence == run ? 0 : fence
                continue
            }
            if character == "|" { pipes += 1 } else if fence == 0 { outside.append(character) }
            index += 1
        }
        return (outside, max(pipes - 1, 0))
    }

    /// A server layer that overrides a built-in app's scheme: the shipped client ignores it, so
    /// it is a docs change with its own section, not a lint finding of the table.
    @Test func aNewIgnoredOverrideHasItsOwnSection() throws {
        let outcome = try ToolRunner.run(["review", "\(Self.fixtures)/layered-old", "\(Self.fixtures)/layered-new"])
        #expect(outcome.status == 0)
        let report = outcome.standardOutput
        #expect(report.contains("**3 changes**: 0 breaking, 0 feature, 0 fix, 3 docs · lint: 0 introduced, 0 fixed · client: shipped\n"))
        #expect(report.contains("\n### Overrides the shipped client ignores\n\n| file | pointer | message |\n|---|---|---|\n"
            + "| Tests\\/ChoosyDataTests\\/Fixtures\\/review\\/layered\\-new\\/server\\/maps\\.yaml\\:11 | `/0/apps/1/app_url_scheme` "
            + "| the shipped client ignores this app\\_url\\_scheme\\: "))
        #expect(report.contains("- must add: none\n- may drop: none\n"))
    }

    /// The same finding at a revision and in the work tree is one finding, whatever the files'
    /// names (`HEAD:catalog/data/maps.yaml` and `data/maps.yaml`).
    @Test func aFindingOnBothSidesIsNeitherIntroducedNorFixed() throws {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.fixture("review/breaking"), to: "catalog", message: "breaking")
        let catalog = repository.url.appendingPathComponent("catalog")
        #expect(try ToolRunner.run(["lint", "."], in: catalog).standardOutput.contains("[unused-parameter]"))
        let outcome = try ToolRunner.run(["review", "HEAD"], in: catalog)
        #expect(outcome.standardOutput.contains("· lint: 0 introduced, 0 fixed ·"))
        #expect(outcome.standardOutput.contains("### Lint findings\n\nNone introduced or fixed.\n"))
    }

    /// A pull request that inserts an app at the top of a list moves the other apps' indices,
    /// not their keys: their findings are neither introduced nor fixed, and the new app's URLs
    /// are shown, opened by no app before.
    @Test func anAppInsertedAtTheTopIsTheOnlyChange() throws {
        let repository = try TemporaryGitRepository()
        func maps(_ apps: String...) -> String {
            "- key: maps\n  name: Maps\n  parameters:\n    - {key: query, name: Query, description: What to look up.}\n"
                + "  actions:\n    - {key: search, name: Search}\n  apps:\n" + apps.joined()
        }
        func app(_ key: String, _ format: String) -> String {
            "    - key: \(key)\n      name: \(key)\n      app_url_scheme: \"\(key):\"\n      actions:\n"
                + "        - {key: search, url_format: \"\(format)\"}\n"
        }
        // Each url_format crashes the shipped client: a finding at each app.
        let waze = app("waze", "waze://?q={{query}}&navigate")
        let google = app("google", "google://?q={{query}}&view")
        try repository.write("version: 1\nlayers:\n  - name: main\n    path: data\n", to: ".choosy-data.yml")
        try repository.write(maps(waze, google), to: "data/maps.yaml")
        try repository.commitAll(message: "base")
        try repository.write(maps(app("apple", "apple://?q={{query}}"), waze, google), to: "data/maps.yaml")
        #expect(try ToolRunner.run(["lint"], in: repository.url).standardOutput.contains("2 errors"))

        let outcome = try ToolRunner.run(["review", "HEAD"], in: repository.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = outcome.standardOutput
        #expect(report.contains("**1 change**: 0 breaking, 1 feature, 0 fix, 0 docs · lint: 0 introduced, 0 fixed · client: shipped\n"), "\(report)")
        #expect(report.contains("### Lint findings\n\nNone introduced or fixed.\n"))
        #expect(report.contains("""
            #### maps › apple › search (feature)

            | values | before | after |
            |---|---|---|
            | standard: query=`query 1&2` | no such app | `apple://?q=query%201&2` |
            | standard: query=*empty* | no such app | `apple://` (drops query) |

            """), "\(report)")
    }

    /// The config's ignore entries have no keys: an entry inserted above a stale one leaves the
    /// older entry's `stale-ignore` the same finding, and only the new entry's is introduced.
    @Test func anIgnoreEntryInsertedAboveAStaleOneIsTheOnlyNewFinding() throws {
        let repository = try TemporaryGitRepository()
        func config(_ entries: String...) -> String {
            "version: 1\nlayers:\n  - name: main\n    path: data\nignore:\n" + entries.joined()
        }
        let old = "  - {rule: query-crash, at: maps, reason: none left}\n"
        let new = "  - {rule: empty-description, at: maps, reason: none either}\n"
        try repository.commit(copying: TestPaths.fixture("review/base/data"), to: "data", message: "data")
        try repository.write(config(old), to: ".choosy-data.yml")
        try repository.commitAll(message: "base")
        try repository.write(config(new, old), to: ".choosy-data.yml")
        #expect(try ToolRunner.run(["lint"], in: repository.url).standardOutput.components(separatedBy: "[stale-ignore]").count == 3)

        let outcome = try ToolRunner.run(["review", "HEAD"], in: repository.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("· lint: 1 introduced, 0 fixed ·"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("| `/ignore/0` | this ignore entry for rule \\'empty\\-description\\' matches no finding |"))
    }

    /// A catalog at the top of its repository (the Action's default, `catalog: .`): the ignore
    /// entries of the revision's config apply to its files (`HEAD:builtin/maps.json`, root
    /// `HEAD:`), so data/'s ignored findings are neither introduced nor fixed.
    @Test func aCatalogAtTheRepositoryTopKeepsItsIgnoreEntriesAtARevision() throws {
        let repository = try TemporaryGitRepository()
        for entry in try FileManager.default.contentsOfDirectory(atPath: TestPaths.packageRoot.appendingPathComponent("data").path) {
            try FileManager.default.copyItem(
                at: TestPaths.packageRoot.appendingPathComponent("data").appendingPathComponent(entry),
                to: repository.url.appendingPathComponent(entry))
        }
        try repository.commitAll(message: "data")
        let outcome = try ToolRunner.run(["review", "HEAD"], in: repository.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("· lint: 0 introduced, 0 fixed ·"), "\(outcome.standardOutput)")
    }

    @Test(arguments: [["review"], ["review", "a", "b", "c"], ["review", "HEAD", "--format", "text"]])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let outcome = try ToolRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: "))
        #expect(outcome.standardError.contains("See 'choosy-data review --help'"))
    }

    @Test func anUnknownRevisionNamesTheSide() throws {
        let repository = try Self.repository()
        let outcome = try ToolRunner.run(["review", "no-such-revision"], in: repository.url.appendingPathComponent("catalog"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: BASE (no-such-revision): "))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func withoutACatalogAroundHeadDefaultIsAnError() throws {
        let outcome = try ToolRunner.run(["review", TestPaths.fixture("review/base").path], in: URL(fileURLWithPath: "/"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: HEAD (work tree): no catalog here: no .choosy-data.yml in this directory, above it, "
            + "or in a directory just below it; run review inside the catalog, or name HEAD as a directory\n")
    }
}
