import ChoosyTestSupport
import Foundation
import Testing

/// `choosy-data matrix` as users run it: every format on the bundled and the upstream
/// catalog, how it finds its catalog, and its errors.
@Suite(.serialized)
struct MatrixEndToEndTests {
    static let upstreamConfig = "Tests/Fixtures/upstream/.choosy-data.yml"
    static let extensions = ["text": "txt", "markdown": "md", "csv": "csv", "json": "json", "html": "html"]

    @Test(arguments: ["text", "markdown", "csv", "json", "html"])
    func everyFormatOfTheBundledCatalog(format: String) throws {
        for (arguments, name) in [(["data/", "twitter", "post"], "data-twitter-post"), (["data/", "maps"], "data-maps")] {
            let outcome = try ToolRunner.run(["matrix"] + arguments + ["--format", format])
            #expect(outcome.status == 0)
            #expect(outcome.standardError.isEmpty)
            try expectMatchesGolden(outcome.standardOutput, "matrix/\(name).\(Self.extensions[format]!)")
        }
    }

    @Test(arguments: ["text", "markdown", "csv", "json", "html"])
    func everyFormatOfTheUpstreamCatalog(format: String) throws {
        let outcome = try ToolRunner.run(["matrix", "--config", Self.upstreamConfig, "--format=\(format)"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        try expectMatchesGolden(outcome.standardOutput, "matrix/upstream.\(Self.extensions[format]!)")
    }

    /// The shipped client loses what follows a second '?'; a fixed client keeps it as query.
    @Test func cellsAreTheClientsCut() throws {
        let scratch = try ScratchDirectory("matrix")
        let file = scratch.file("matrix.json")
        try #"[{"key": "t", "parameters": [{"key": "a"}, {"key": "b"}], "actions": [{"key": "go"}], "apps": [{"key": "one", "actions": [{"key": "go", "url_format": "one://p?a={{a}}?b={{b}}"}]}]}]"#
            .write(to: file, atomically: true, encoding: .utf8)
        let header = "type,action,app,state,parameter,support\r\nt,go,one,url,a,query\r\n"
        let shipped = try ToolRunner.run(["matrix", file.path, "--format", "csv"])
        let fixed = try ToolRunner.run(["matrix", file.path, "--format", "csv", "--client", "rfc3986"])
        #expect(shipped.standardOutput == header + "t,go,one,url,b,lost\r\n", "\(shipped.standardError)")
        #expect(fixed.standardOutput == header + "t,go,one,url,b,query\r\n", "\(fixed.standardError)")
    }

    @Test func withoutPathTheCatalogAboveIsUsed() throws {
        let outcome = try ToolRunner.run(["matrix", "twitter", "post"], in: TestPaths.packageRoot.appendingPathComponent("data/builtin"))
        #expect(outcome.status == 0)
        try expectMatchesGolden(outcome.standardOutput, "matrix/data-twitter-post.txt")
    }

    @Test func aFileInsideACatalogStandsForTheWholeCatalog() throws {
        let outcome = try ToolRunner.run(["matrix", "twitter", "data/builtin/twitter.yaml", "post"])
        #expect(outcome.status == 0)
        try expectMatchesGolden(outcome.standardOutput, "matrix/data-twitter-post.txt")
    }

    @Test func helpListsTheCommandAndExplainsTheCells() throws {
        #expect(try ToolRunner.run(["--help"]).standardOutput.contains("  matrix                  Show which apps use each parameter of an action"))
        let help = try ToolRunner.run(["help", "matrix"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: Show which apps use each parameter of an action, and where in the URL.\n"))
        #expect(help.standardOutput.contains("  ◦ query                 Only in the query: optional, dropped when empty.\n"))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var directory = TestPaths.packageRoot
        var showsUsage = true
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Failure(arguments: ["data/", "twiter"], message: "unknown app type 'twiter' (did you mean 'twitter'?); valid values are: browser, email, maps, twitter"),
        Failure(arguments: ["data/", "calendar"], message: "unknown app type 'calendar'; valid values are: browser, email, maps, twitter"),
        Failure(
            arguments: ["data/", "twitter", "tweet"],
            message: "app type 'twitter' has no action 'tweet'; valid values are: show_profile, post, retweet, favorite, unfavorite, timeline, mentions, retweets, direct_messages, direct_message, lists, list, favorites, search, status, follow, unfollow"),
        Failure(arguments: ["--config", upstreamConfig, "maps", "show"], message: "app type 'maps' has no action 'show' (did you mean 'show_location'?); valid values are: get_directions, search, show_location"),
        Failure(arguments: ["data/", "twitter", "post", "extra"], message: "unexpected argument 'extra'; give at most TYPE and ACTION"),
        Failure(arguments: ["data/", "./data"], message: "one catalog at a time; got 'data/' and './data'"),
        Failure(arguments: ["data/", "--config", upstreamConfig], message: "give the catalog once: 'data/' and --config both name one; keep one"),
        Failure(arguments: ["data/", "--format", "yaml"], message: "unknown format 'yaml'; valid values are: text, markdown, csv, json, html"),
        Failure(arguments: ["no/such/dir"], message: "no/such/dir: no such file or directory", showsUsage: false),
        Failure(
            arguments: ["twitter"],
            message: "no catalog here: no .choosy-data.yml in this directory, above it, or in a directory just below it (name the catalog with -C PATH, e.g. -C data/)",
            directory: URL(fileURLWithPath: "/"), showsUsage: false),
    ])
    func mistakesExitTwoWithAnError(_ failure: Failure) throws {
        let outcome = try ToolRunner.run(["matrix"] + failure.arguments, in: failure.directory)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        let lines = outcome.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map(String.init) == "Error: \(failure.message)")
        if failure.showsUsage {
            #expect(lines.count > 2 && lines[1] == "Usage: choosy-data matrix [TYPE [ACTION]] [PATH | -C PATH | --config FILE]")
            #expect(outcome.standardError.hasSuffix("  See 'choosy-data matrix --help' for more information.\n"))
        } else {
            #expect(lines.count == 2)
        }
    }

    @Test func filesThatDoNotParseAreLeftOutWithAWarning() throws {
        let scratch = try ScratchDirectory("matrix")
        let directory = scratch.url
        try #"[{"key": "t", "parameters": [{"key": "a"}], "actions": [{"key": "go"}], "apps": [{"key": "x", "actions": [{"key": "go", "url_format": "x://{{a}}"}]}]}]"#
            .write(to: directory.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        try "[{\"key\": \"u\",}]".write(to: directory.appendingPathComponent("u.json"), atomically: true, encoding: .utf8)
        let outcome = try ToolRunner.run(["matrix", ".", "--format", "csv"], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "type,action,app,state,parameter,support\r\nt,go,x,url,a,path\r\n")
        #expect(outcome.standardError == "warning: u.json:1:13: trailing comma before '}': the file takes no part in the merged catalog (see 'choosy-data lint')\n")
    }
}
