import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosySyntax

/// `choosy-data show`, run as users run it: the merged bundled catalog in each format, and
/// the mistakes a user can make.
@Suite(.serialized)
struct ShowEndToEndTests {
    @Test(arguments: [
        (["data/"], "show/data.txt"),
        (["data/", "--format", "json"], "show/data.json"),
        (["twitter", "data/"], "show/twitter.txt"),
        (["twitter", "--format=json", "data/"], "show/twitter.json"),
        (["data/", "twitter", "twitterific"], "show/twitter-twitterific.txt"),
        (["twitter", "twitterific", "--format", "json", "--config", "data/.choosy-data.yml"], "show/twitter-twitterific.json"),
    ])
    func showsTheMergedCatalog(arguments: [String], golden: String) throws {
        let outcome = try ToolRunner.run(["show"] + arguments)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        try expectMatchesGolden(outcome.standardOutput, golden, in: TestPaths.sharedFixtures)
    }

    @Test func withoutPathShowsTheCatalogAboveTheCurrentDirectory() throws {
        let outcome = try ToolRunner.run(["show", "email", "gmail"], in: TestPaths.packageRoot.appendingPathComponent("data/app-data"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("name: Gmail"))
        // Paths print relative to the current directory, as lint prints them.
        #expect(outcome.standardOutput.contains("(email.json:20)") && !outcome.standardOutput.contains("../app-data"))
    }

    /// The bundled catalog's Safari in the twitter type: app-data overrides its built-in
    /// app_url_scheme, which the shipped client ignores and a fixed client takes.
    @Test func theClientDecidesWhichValueIsShownAndWhichIsIgnored() throws {
        let shipped = try ToolRunner.run(["show", "twitter", "safari", "data/"])
        let fixed = try ToolRunner.run(["show", "twitter", "safari", "data/", "--client", "rfc3986"])
        let shippedJSON = try ToolRunner.run(["show", "twitter", "safari", "data/", "--format", "json"])
        #expect(shipped.status == 0 && fixed.status == 0 && shippedJSON.status == 0)
        let shippedLines = shipped.standardOutput.split(separator: "\n").map { $0.replacing(/\s+\(/, with: " (") }
        #expect(shippedLines.contains("app_url_scheme: http://www.twitter.com (data/builtin/twitter.yaml:43)"))
        #expect(shippedLines.contains("# ignored: app_url_scheme \"http:\" (data/app-data/twitter.yaml:43)"))
        let fixedLines = fixed.standardOutput.split(separator: "\n").map { $0.replacing(/\s+\(/, with: " (") }
        #expect(fixedLines.contains("app_url_scheme: http: (data/app-data/twitter.yaml:43)"))
        #expect(!fixed.standardOutput.contains("# ignored"))
        // The wire format is what the client holds, without annotations.
        #expect(shippedJSON.standardOutput.contains(#""app_url_scheme": "http://www.twitter.com""#))
        #expect(!shippedJSON.standardOutput.contains("http:\""))
    }

    @Test func aFileInsideACatalogShowsTheWholeCatalog() throws {
        let outcome = try ToolRunner.run(["show", "data/builtin/maps.json", "maps", "--format", "json"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("\"key\": \"googlemaps\""))
    }

    @Test func aFileThatDoesNotParseIsNamedOnStandardError() throws {
        let outcome = try ToolRunner.run(["show", "Tests/Fixtures/lint/trailing-comma.json"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "[]\n")
        #expect(outcome.standardError.hasPrefix("warning: Tests/Fixtures/lint/trailing-comma.json:"))
        #expect(outcome.standardError.hasSuffix(": the file takes no part in the merged catalog (see 'choosy-data lint')\n"))
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        /// Usage mistakes print the usage after the message; unreadable input does not.
        let showsUsage: Bool
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        ErrorCase(
            arguments: ["twiter", "data/"],
            message: "unknown app type 'twiter' (did you mean 'twitter'?); valid values are: browser, email, maps, twitter", showsUsage: true),
        ErrorCase(
            arguments: ["twitter", "tweetbott", "data/"],
            message: "app type 'twitter' has no app 'tweetbott' (did you mean 'tweetbot'?); valid values are: safari, twitter, tweetbot, twitterific, echofon, twittelator",
            showsUsage: true),
        ErrorCase(
            arguments: ["data/", "--format", "xml"], message: "unknown format 'xml'; valid values are: text, json, yaml", showsUsage: true),
        ErrorCase(arguments: ["a", "b", "c", "data/"], message: "unexpected argument 'c'; give at most TYPE and APP", showsUsage: true),
        ErrorCase(
            arguments: ["data/", "--client", "0.6"], message: "unknown client '0.6'; valid values are: shipped, rfc3986",
            showsUsage: true),
        ErrorCase(arguments: ["data/", "data/builtin"], message: "one catalog at a time; got 'data/' and 'data/builtin'", showsUsage: true),
        ErrorCase(
            arguments: ["data/", "--config", "data/.choosy-data.yml"], message: "give the catalog once: 'data/' and --config both name one; keep one", showsUsage: true),
        ErrorCase(arguments: ["no/such/catalog"], message: "no/such/catalog: no such file or directory", showsUsage: false),
    ])
    func mistakesExitTwoWithAnError(_ error: ErrorCase) throws {
        let outcome = try ToolRunner.run(["show"] + error.arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: \(error.message)")
        if error.showsUsage {
            #expect(lines.dropFirst().first?.hasPrefix("Usage: choosy-data show") == true)
            #expect(lines.last == "  See 'choosy-data show --help' for more information.")
        } else {
            #expect(lines.count == 1)
        }
    }
}

/// `show --format yaml` prints the same merged value as `--format json`.
struct ShowYAMLTests {
    @Test func yamlAndJSONHoldTheSameValue() throws {
        let json = try ToolRunner.run(["show", "twitter", "data/", "--format", "json"])
        let yaml = try ToolRunner.run(["show", "twitter", "data/", "--format", "yaml"])
        #expect(json.status == 0 && yaml.status == 0)
        let fromJSON = try JSONParser.parse(SourceFile(path: "show.json", text: json.standardOutput)).root
        let fromYAML = try YAMLLoader.load(SourceFile(path: "show.yaml", text: yaml.standardOutput)).root
        #expect(fromYAML.hasSameValue(as: fromJSON))
        #expect(yaml.standardOutput.hasPrefix("name: Twitter\nkey: twitter\n"))
    }
}
