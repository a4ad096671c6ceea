import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyTools

/// `choosy-data url` end to end on the bundled catalog: golden output in both formats, and the
/// errors a user can hit, each exiting 2 with the valid keys.
@Suite(.serialized)
struct URLCommandTests {
    @Test(arguments: [
        (["twitter", "post", "text=Hello, world & co", "url_in_tweet=https://example.com/?a=1", "data"], "url-twitter-post.txt"),
        (["twitter", "search", "text=#swift", "callback_url=myapp://back", "data"], "url-twitter-search.txt"),
        (["maps", "get_directions", "end_address=1 Infinite Loop, Cupertino", "latitude_longitude=37.33,-122.03", "data", "--format", "json"], "url-maps-get_directions.json"),
        (["email", "view_message", "message_id=<1234@example.com>", "--format=json", "data"], "url-email-view_message.json"),
        (["browser", "browse", "url=https://example.com/a?b=c", "callback_name=Ünïcode 👍", "data/app-data/browser.json"], "url-browser-browse.txt"),
    ])
    func rendersEveryAppOfTheType(arguments: [String], golden: String) throws {
        let outcome = try ToolRunner.run(["url"] + arguments)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        try expectMatchesGolden(outcome.standardOutput, "e2e/\(golden)")
    }

    /// On the upstream catalog, Twittelator's `post` keeps a placeholder no parameter fills:
    /// phones of today open it percent-encoded, with a warning; builds before iOS 17 open only
    /// the app. Each says what the other platform does, in one line.
    @Test func thePlatformDecidesWhatALeftoverPlaceholderOpens() throws {
        let upstream = ["--config", "Tests/Fixtures/upstream/.choosy-data.yml", "--app", "twittelator"]
        let encoded = "twit:///post?message=hi&replyToScreenName=%7B%7Bprofile_username%7D%7D"
        let today = try ToolRunner.run(["url", "twitter", "post", "text=hi"] + upstream)
        #expect(today.status == 0, "\(today.standardError)")
        #expect(today.standardOutput == """
            Twittelator  twittelator  \(encoded)
                note: on builds before iOS 17 this opens only the app (twit:)
                warning: the rendered text 'twit:///post?message=hi&replyToScreenName={{profile_username}}' holds '{' in its query, which the system percent-encodes: the app is opened with '\(encoded)' [encoded-by-system]

            """)
        let before = try ToolRunner.run(["url", "twitter", "post", "text=hi", "--platform", "ios16", "--format", "json"] + upstream)
        #expect(before.status == 0, "\(before.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(before.standardOutput.utf8)) as? [String: Any])
        #expect(json["platform"] as? String == "ios16")
        let result = try #require((json["results"] as? [[String: Any]])?.first)
        #expect(result["outcome"] as? String == "app")
        #expect(result["url"] as? String == "twit:")
        #expect((result["warnings"] as? [[String: String]])?.map { $0["code"] } == ["invalid-url"])
        let other = try #require(result["on_other_platform"] as? [String: Any])
        #expect(other["platform"] as? String == "ios17")
        #expect(other["outcome"] as? String == "url")
        #expect(other["url"] as? String == encoded)
        #expect(other["note"] as? String == "from iOS 17 this opens '\(encoded)'")
    }

    /// The config's `platform:` chooses as `--platform` does, and the option wins over it.
    @Test func theConfigChoosesThePlatformAndTheOptionOverridesIt() throws {
        let scratch = try ScratchDirectory("platform")
        let directory = scratch.url
        try "version: 1\nplatform: ios16\nlayers:\n  - {name: builtin, path: t.json}\n"
            .write(to: directory.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
        try #"[{"key": "t", "actions": [{"key": "go"}], "apps": [{"key": "a", "app_url_scheme": "a:", "actions": [{"key": "go", "url_format": "a://x/a b"}]}]}]"#
            .write(to: directory.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let fromConfig = try ToolRunner.run(["url", "t", "go", "-C", directory.path])
        #expect(fromConfig.standardOutput.hasPrefix("a  a  a:  (the rendered text is not a valid URL; opens the app only)\n"), "\(fromConfig)")
        let fromOption = try ToolRunner.run(["url", "t", "go", "-C", directory.path, "--platform", "ios17"])
        #expect(fromOption.standardOutput.hasPrefix("a  a  a://x/a%20b\n"), "\(fromOption)")
    }

    @Test func appOptionRendersOneApp() throws {
        let outcome = try ToolRunner.run(["url", "twitter", "post", "--app", "tweetbot", "text=a=b", "data"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == """
            Tweetbot  tweetbot  tweetbot:///post?text=a=b
                warning: the value of 'text' holds '=', which the client does not escape: the app reads the query differently from the value passed [value-splits-query]

            """)
    }

    @Test func wholeURLFormatWithoutItsValueSaysSo() throws {
        let outcome = try ToolRunner.run(["url", "browser", "browse", "--app", "safari", "data"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "Safari  safari  (empty URL)\n")
    }

    @Test func catalogIsFoundFromTheCurrentDirectory() throws {
        let outcome = try ToolRunner.run(["url", "maps", "search", "query=pizza", "--app=waze"], in: TestPaths.packageRoot.appendingPathComponent("data/builtin"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "Waze  waze  waze://?q=pizza\n")
    }

    @Test func upstreamCatalogRendersWithItsConfig() throws {
        let outcome = try ToolRunner.run([
            "url", "twitter", "post", "text=hi", "--app", "tweetbot", "--format", "json",
            "--config", "Tests/Fixtures/upstream/.choosy-data.yml",
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains(#""supported": true"#))
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        /// A calling mistake prints the usage after the message; a catalog error does not.
        var printsUsage = true
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        ErrorCase(arguments: ["twiter", "post", "data"], message: "Error: unknown app type 'twiter' (did you mean 'twitter'?); valid values are: browser, email, maps, twitter\n"),
        ErrorCase(arguments: ["maps", "browse", "data"], message: "Error: app type 'maps' has no action 'browse'; valid values are: get_directions, search, show_location\n"),
        ErrorCase(arguments: ["email", "compose", "--app", "gmal", "data"], message: "Error: app type 'email' has no app 'gmal' (did you mean 'gmail'?); valid values are: mail, gmail, mailbox, ymail, dispatch\n"),
        ErrorCase(
            arguments: ["maps", "search", "qeury=pizza", "zoom=3", "data"],
            message: "Error: app type 'maps' has no parameter 'qeury' (did you mean 'query'?); valid values are: query, start_address, end_address, map_mode, latitude_longitude, start_navigating, callback_url, callback_name\n"),
        ErrorCase(arguments: ["maps", "search", "query=a", "query=b", "data"], message: "Error: parameter 'query' is given twice; give each parameter once\n"),
        ErrorCase(arguments: ["maps", "search", "query=a", "no/such/dir"], message: "Error: no/such/dir: no such file or directory\n", printsUsage: false),
    ])
    func keysThatDoNotExistExitTwoListingTheValidOnes(_ testCase: ErrorCase) throws {
        let outcome = try ToolRunner.run(["url"] + testCase.arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        let usage = "Usage: choosy-data url TYPE ACTION [NAME=VALUE ...] [--app APP] [--format text|json]\n"
            + "                      [--client shipped|rfc3986] [--platform ios17|ios16] [PATH | -C PATH | --config FILE]\n"
            + "  See 'choosy-data url --help' for more information.\n"
        #expect(outcome.standardError == testCase.message + (testCase.printsUsage ? usage : ""))
    }

    @Test(arguments: [
        (["url"], "missing TYPE and ACTION"),
        (["url", "maps"], "missing ACTION after TYPE 'maps'"),
        (["url", "q=x"], "missing TYPE and ACTION"),
        (["url", "maps", "search", "=x", "data"], "'=x' has no parameter name before '='"),
        (["url", "maps", "search", "data", "./more"], "unexpected argument './more'; give at most one PATH"),
        (["url", "maps", "search", "--format", "xml", "data"], "unknown format 'xml'; valid values are: text, json"),
    ])
    func usageErrorsPrintTheUsage(arguments: [String], message: String) throws {
        let outcome = try ToolRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("Error: \(message)\nUsage: choosy-data url TYPE ACTION"))
    }

    @Test func noCatalogAroundTheCurrentDirectoryIsAnError() throws {
        let outcome = try ToolRunner.run(["url", "maps", "search"], in: URL(fileURLWithPath: "/"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: no catalog here"))
    }

    @Test func unparsableFilesAreLeftOutWithAWarning() throws {
        let scratch = try ScratchDirectory("url", files: [
            "t.json": #"[{"key": "t", "actions": [{"key": "p"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://p"}]}]}]"#,
            "broken.json": "[",
        ])
        let directory = scratch.url
        let outcome = try ToolRunner.run(["url", "t", "p", "."], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "a  a  a://p\n")
        #expect(outcome.standardError == "warning: broken.json does not parse and takes no part; run 'choosy-data lint' on it\n")
    }

    /// `NAME=VALUE` splits at the first `=` scalar, so a value may hold `=` and may start with a
    /// combining mark, which makes one `Character` of the `=` before it.
    @Test(arguments: [
        ("text=\u{301}x", "text", "\u{301}x"), ("text==\u{301}", "text", "=\u{301}"), ("text=a=b", "text", "a=b"),
        ("text=", "text", ""), ("=x", "", "x"),
    ])
    func aParameterSplitsAtItsFirstEqualsScalar(argument: String, key: String, value: String) {
        let parameter = URLPreviewRequest.parameter(argument)
        #expect(parameter?.key == key && parameter?.value == value)
    }

    @Test func aValueMayStartWithACombiningMark() throws {
        #expect(URLPreviewRequest.parameter("text") == nil)
        let outcome = try ToolRunner.run(["url", "twitter", "post", "--app", "tweetbot", "text=\u{301}a", "data"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "Tweetbot  tweetbot  tweetbot:///post?text=%CC%81a\n")
    }

    /// Only a missing or `null` url_format means that the app does not implement the action: the
    /// shipped client raises an exception on any other value that is not a string, and the host
    /// app crashes. The `rfc3986` client counts such a value as missing (docs/merge.md).
    @Test(arguments: [
        ("5", "crash"), ("true", "crash"), (#"["a://x"]"#, "crash"), (#"{"f": "a://x"}"#, "crash"), ("null", "app"), (#""a://x""#, "url"),
    ])
    func aURLFormatThatIsNoStringCrashesTheShippedClient(format: String, outcome: String) throws {
        let scratch = try ScratchDirectory("url", files: [
            "t.json": #"[{"key": "t", "actions": [{"key": "p"}], "apps": [{"key": "a", "app_url_scheme": "a:", "actions": [{"key": "p", "url_format": \#(format)}]}]}]"#,
        ])
        let directory = scratch.url
        func result(as client: ClientProfile) throws -> URLPreview.Result {
            let request = URLPreviewRequest(appType: "t", action: "p", parameters: [], path: directory.path, currentDirectory: directory.path, client: client)
            return try #require(try URLPreview.run(request).results.first)
        }
        let shipped = try result(as: .shipped)
        #expect(shipped.rendering.outcome.rawValue == outcome)
        #expect(shipped.supported == (outcome != "app"))
        let isString = outcome == "url"
        let rfc3986 = try result(as: .rfc3986)
        #expect(rfc3986.rendering.outcome == (isString ? .url : .app) && rfc3986.supported == isString)
    }

    @Test func aCrashForAURLFormatThatIsNoStringSaysWhy() throws {
        let scratch = try ScratchDirectory("url", files: [
            "t.json": #"[{"key": "t", "actions": [{"key": "p"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": 5}]}]}]"#,
        ])
        let directory = scratch.url
        let outcome = try ToolRunner.run(["url", "t", "p", "."], in: directory)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == """
            a  a  (crashes the host app)
                warning: the url_format is a number, not a string: the client raises an exception using it, which crashes the host app [crash]

            """)
    }

    /// The client fills one declared parameter after the other, so a key declared twice is
    /// filled twice: the second fill completes the placeholder the first left (`{{a}}`).
    @Test func aParameterDeclaredTwiceIsFilledTwice() throws {
        let scratch = try ScratchDirectory("url", files: [
            "t.json": #"""
                [{"key": "t", "parameters": [{"key": "a"}, {"key": "a"}], "actions": [{"key": "p"}],
                  "apps": [{"key": "x", "app_url_scheme": "x:", "actions": [{"key": "p", "url_format": "x://{{{{a}}}}"}]}]}]
                """#,
        ])
        let directory = scratch.url
        let outcome = try ToolRunner.run(["url", "t", "p", "a=a", "."], in: directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "x  x  x://a\n")
    }

    @Test func rendersTheMergedTypeInAppOrder() throws {
        let preview = try URLPreview.run(URLPreviewRequest(
            appType: "email", action: "compose", parameters: [("to", "a@b.example"), ("subject", "")],
            path: TestPaths.packageRoot.appendingPathComponent("data").path, currentDirectory: TestPaths.packageRoot.path))
        #expect(preview.results.map(\.app) == ["mail", "gmail", "mailbox", "ymail", "dispatch"])
        #expect(preview.results.allSatisfy { $0.supported })
        #expect(preview.results[0].rendering == ClientRendering(
            outcome: .url, url: "mailto:a@b.example", rendered: "mailto:a@b.example", dropped: ["cc", "subject", "body"], warnings: []))
    }
}
