import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog

/// One way to name the catalog in every command (`CatalogSelection`): `-C PATH`, `--config`
/// (a file or a catalog directory), a PATH such as `data` or `data/`, or nothing: the catalog
/// around the current directory, else the only one just below it. Run on a copy of data/ in a
/// directory laid out as this repository's root, from that root and from inside the catalog.
@Suite(.serialized)
struct CatalogSelectionTests {
    /// A directory holding a copy of data/ (and a README, as a repository root does); removed
    /// when the test ends.
    struct RepositoryRoot {
        private let scratch: ScratchDirectory
        var url: URL { scratch.url }
        var data: URL { url.appendingPathComponent("data") }

        init() throws {
            scratch = try ScratchDirectory("root", files: ["README.md": "# a repository\n"])
            try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("data"), to: data)
        }

        /// Adds a second catalog, `name/`, next to data/.
        func addCatalog(_ name: String) throws {
            try FileManager.default.copyItem(at: data, to: url.appendingPathComponent(name))
        }
    }

    // MARK: The library's resolution

    @Test func nothingGivenFindsTheCatalogAroundOrJustBelow() throws {
        let root = try RepositoryRoot()
        #expect(try CatalogSelection().resolvedConfig(currentDirectory: root.url.path)?.path == "data/.choosy-data.yml")
        #expect(try CatalogSelection().resolvedConfig(currentDirectory: root.data.path)?.path == ".choosy-data.yml")
        #expect(try CatalogSelection().resolvedConfig(currentDirectory: root.data.appendingPathComponent("builtin").path)?.path == "../.choosy-data.yml")
    }

    @Test func everyWayToNameTheCatalogGivesItsConfig() throws {
        let root = try RepositoryRoot()
        let here = root.url.path
        for selection in [
            CatalogSelection(catalog: "data"), CatalogSelection(catalog: "data/"), CatalogSelection(catalog: "data/app-data/twitter.yaml"),
            CatalogSelection(catalog: "data/builtin"), CatalogSelection(catalog: "data/.choosy-data.yml"), CatalogSelection(configPath: "data/"),
            CatalogSelection(configPath: "data"),
        ] {
            #expect(try selection.resolvedConfig(currentDirectory: here)?.path == "data/.choosy-data.yml", "\(selection)")
        }
        #expect(try CatalogSelection(configPath: "data/.choosy-data.yml").resolvedConfig(currentDirectory: here)?.path == "data/.choosy-data.yml")
        #expect(try CatalogSelection(path: "data/builtin").resolvedConfig(currentDirectory: here)?.path == nil)
    }

    @Test func twoCatalogsJustBelowAreAnErrorNamingBoth() throws {
        let root = try RepositoryRoot()
        try root.addCatalog("other")
        let error = #expect(throws: CatalogSelectionError.self) { try CatalogSelection().resolvedConfig(currentDirectory: root.url.path)?.path }
        #expect(error?.description == "no catalog here, and 2 just below: data/, other/; name the one to use with -C PATH (e.g. -C data/)")
        // From inside one of them, it is the catalog.
        #expect(try CatalogSelection().resolvedConfig(currentDirectory: root.data.path)?.path == ".choosy-data.yml")
    }

    @Test func hiddenDirectoriesAndPlainOnesAreNoCandidates() throws {
        let root = try RepositoryRoot()
        try root.addCatalog(".build")
        try FileManager.default.createDirectory(at: root.url.appendingPathComponent("docs"), withIntermediateDirectories: true)
        #expect(try CatalogSelection().resolvedConfig(currentDirectory: root.url.path)?.path == "data/.choosy-data.yml")
    }

    @Test(arguments: [
        (CatalogSelection(), "no catalog here: no .choosy-data.yml in this directory, above it, or in a directory just below it (name the catalog with -C PATH, e.g. -C data/)"),
        (CatalogSelection(catalog: "docs"), "docs: not in a catalog (no .choosy-data.yml in it or above, and no app-data/ folder in it or beside it); -C names a catalog: its directory, a file inside it, or its .choosy-data.yml (a directory without one is read as one layer when given as PATH)"),
        (CatalogSelection(catalog: "nowhere"), "nowhere: no such file or directory"),
        (CatalogSelection(configPath: "docs"), "docs: a directory without a .choosy-data.yml; --config names a catalog's .choosy-data.yml or its directory"),
    ])
    func aSelectionThatFindsNoCatalogSaysWhatToPass(selection: CatalogSelection, message: String) throws {
        let scratch = try ScratchDirectory("empty")
        let directory = scratch.file("empty")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("docs"), withIntermediateDirectories: true)
        let error = #expect(throws: CatalogSelectionError.self) { try selection.resolvedConfig(currentDirectory: directory.path)?.path }
        #expect(error?.description == message)
    }

    // MARK: Every command, from the repository's root and from inside the catalog

    /// Each command that reads a catalog, with what its output starts with.
    static let commands: [(arguments: [String], output: String)] = [
        (["show", "twitter", "--format", "json"], "{\n  \"name\": \"Twitter\""),
        (["url", "twitter", "post", "text=hi", "--app", "tweetbot"], "Tweetbot  tweetbot  tweetbot:///post?text=hi\n"),
        (["matrix", "maps", "search", "--format", "csv"], "type,action,"),
        (["schemes", "--format", "text"], "comgooglemaps-x-callback\n"),
        (["codegen", "swift", "--stdout"], "// ChoosyCatalog.swift: generated by choosy-data from the catalog data "),
    ]

    @Test(arguments: commands)
    func everyCommandFindsTheCatalogFromTheRootAndFromInside(arguments: [String], output: String) throws {
        let root = try RepositoryRoot()
        for directory in [root.url, root.data, root.data.appendingPathComponent("app-data")] {
            let outcome = try ToolRunner.run(arguments, in: directory)
            #expect(outcome.status == 0, "\(directory.lastPathComponent): \(outcome.standardError)")
            #expect(outcome.standardOutput.hasPrefix(output), "\(directory.lastPathComponent)")
        }
    }

    @Test(arguments: commands)
    func everyCommandTakesTheCatalogEveryWay(arguments: [String], output: String) throws {
        let root = try RepositoryRoot()
        try root.addCatalog("other")
        let ways = [
            ["-C", "data"], ["-C", "data/"], ["--catalog", "data/app-data/twitter.yaml"], ["-C", "data/.choosy-data.yml"], ["--catalog=data"],
            ["--config", "data/"], ["--config", "data/.choosy-data.yml"], ["data"], ["data/"],
            // A folder or file inside the catalog means the whole catalog, as for lint and bundle.
            ["data/app-data"], ["data/builtin/email.json"],
        ]
        for way in ways {
            let outcome = try ToolRunner.run(arguments + way, in: root.url)
            #expect(outcome.status == 0, "\(way): \(outcome.standardError)")
            #expect(outcome.standardOutput.hasPrefix(output), "\(way)")
        }
        // With two catalogs below and none named, the command says which there are.
        let unnamed = try ToolRunner.run(arguments, in: root.url)
        #expect(unnamed.status == 2)
        #expect(unnamed.standardError == "Error: no catalog here, and 2 just below: data/, other/; name the one to use with -C PATH (e.g. -C data/)\n")
    }

    @Test(arguments: [
        ["lint"], ["lint", "-C", "data"], ["lint", "--config", "data/"], ["fmt"], ["fmt", "-C", "data/builtin"], ["fmt", "--config", "data"],
    ])
    func lintAndFmtFindTheCatalogFromTheRoot(arguments: [String]) throws {
        let root = try RepositoryRoot()
        let outcome = try ToolRunner.run(arguments, in: root.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(!outcome.standardError.hasPrefix("Error:"))
    }

    @Test func lintWithCatalogAndPathsReportsOnlyThePaths() throws {
        let root = try RepositoryRoot()
        let all = try ToolRunner.run(["lint", "-C", "data", "--format", "json"], in: root.url)
        let some = try ToolRunner.run(["lint", "-C", "data", "data/app-data/maps.yaml", "--format", "json"], in: root.url)
        #expect(all.status == 0 && some.status == 0)
        #expect(all.standardOutput.contains("data/app-data/browser.json"))
        #expect(!some.standardOutput.contains("data/app-data/browser.json"))
    }

    @Test(arguments: [["bundle", "-o", "out"], ["docs", "-o", "out"], ["bundle", "-C", "data", "-o", "out"], ["docs", "--catalog", "data/", "-o", "out"]])
    func publishingCommandsFindTheCatalogFromTheRoot(arguments: [String]) throws {
        let root = try RepositoryRoot()
        let outcome = try ToolRunner.run(arguments, in: root.url)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("Wrote "))
    }

    // MARK: Slips

    struct Slip: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var showsUsage = true
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Slip(arguments: ["url", "twitter", "post", "text"], message: "expected NAME=VALUE, got 'text'; give the parameter a value, such as text=VALUE"),
        Slip(
            arguments: ["url", "data/", "twitter", "post"],
            message: "'data/' is a catalog path, not an app type; the order is: choosy-data url TYPE ACTION [NAME=VALUE ...] [-C PATH]"),
        Slip(
            arguments: ["url", "data", "twitter", "post"],
            message: "'data' is a catalog path, not an app type; the order is: choosy-data url TYPE ACTION [NAME=VALUE ...] [-C PATH]"),
        Slip(
            arguments: ["url", "twitter", "./data", "post"],
            message: "'./data' is a catalog path, not an action; the order is: choosy-data url TYPE ACTION [NAME=VALUE ...] [-C PATH]"),
        Slip(
            arguments: ["url", "twitter", "post", "txt=hi"],
            message: "app type 'twitter' has no parameter 'txt' (did you mean 'text'?); valid values are: text, url_in_tweet, reference_tweet_id, via, hashtags, related, profile_screenname, user_id, callback_url, list_id, account_screenname, direct_message_id",
            showsUsage: true),
        Slip(
            arguments: ["url", "twitter", "pots"],
            message: "app type 'twitter' has no action 'pots' (did you mean 'post'?); valid values are: show_profile, post, retweet, favorite, unfavorite, timeline, mentions, retweets, direct_messages, direct_message, lists, list, favorites, search, status, follow, unfollow",
            showsUsage: true),
        Slip(
            arguments: ["schemes", "twiter"],
            message: "unknown app type 'twiter' (did you mean 'twitter'?); valid values are: browser, email, maps, twitter"),
        Slip(arguments: ["show", "twitter", "-C", "data", "--config", "data"], message: "give the catalog once: -C PATH or --config FILE, not both"),
        Slip(arguments: ["show", "twitter", "data/", "-C", "data"], message: "give the catalog once: 'data/' and -C both name one; keep one"),
        Slip(arguments: ["url", "twitter", "post", "data", "-C", "data"], message: "give the catalog once: 'data' and -C both name one; keep one"),
        Slip(arguments: ["matrix", "-C", "nowhere"], message: "nowhere: no such file or directory", showsUsage: false),
        Slip(arguments: ["lint", "-C", ""], message: "-C names no catalog (''); give one, such as -C data/"),
        Slip(arguments: ["schemes", "--config", ""], message: "--config names no catalog (''); give one, such as --config data/"),
    ])
    func slipsAreCaughtForWhatTheyAre(_ slip: Slip) throws {
        let root = try RepositoryRoot()
        let outcome = try ToolRunner.run(slip.arguments, in: root.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: \(slip.message)")
        #expect((lines.dropFirst().first?.hasPrefix("Usage: choosy-data \(slip.arguments[0])") ?? false) == slip.showsUsage)
    }

    @Test func aWordNamingACatalogIsTheCatalogOnlyWhenNothingElseIs() throws {
        let root = try RepositoryRoot()
        // `data` names the catalog, as `data/` does: the whole catalog is shown.
        let word = try ToolRunner.run(["show", "data", "--format", "json"], in: root.url)
        let slash = try ToolRunner.run(["show", "data/", "--format", "json"], in: root.url)
        #expect(word.status == 0 && word.standardOutput == slash.standardOutput)
        // With -C naming the catalog, `data` is a key again.
        let key = try ToolRunner.run(["show", "data", "-C", "data"], in: root.url)
        #expect(key.status == 2)
        #expect(key.standardError.hasPrefix("Error: unknown app type 'data'; valid values are: browser, email, maps, twitter\n"))
    }

    @Test func longListsOfValidValuesAreCut() {
        let keys = (1...45).map { "type\($0)" }
        let error = UnknownKeyError(kind: "app type", key: "x", validKeys: keys)
        #expect(error.description == "unknown app type 'x'; valid values are: " + keys.prefix(30).joined(separator: ", ") + " … and 15 more")
        #expect(UnknownKeyError(kind: "app type", key: "x", validKeys: Array(keys.prefix(40))).description.hasSuffix("type39, type40"))
    }
}
