import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// `choosy-data docs`: the pages of the bundled catalog, links that all resolve, the same bytes
/// on every run, source links and dates, refusing unsafe keys, and writing only into `-o`.
@Suite(.serialized, .tags(.slow))
struct DocsSiteTests {
    static let site = "Tests/ChoosyDataTests/Fixtures/site"

    @Test func bundledCatalogPagesMatchTheirGoldenFiles() throws {
        let site = try BuiltSite(["data/"])
        #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
        #expect(site.outcome.standardError.isEmpty)
        #expect(site.outcome.standardOutput == "Wrote 82 files to \(site.directory.path); open \(site.directory.path)/index.html in a browser.\n")
        for page in [
            "index.html", "type-browser.html", "action-browser-browse.html", "action-twitter-follow.html", "parameter-maps-query.html",
            "app-safari.html", "search.html", "editor.html",
        ] {
            try expectMatchesGolden(try site.text(page), "site/\(page)")
        }
    }

    /// Titles and sidebar labels tell repeated names apart: every action and parameter page
    /// names its app type, and the key too when a sibling has the same name.
    @Test func repeatedNamesAreToldApartByTypeAndKey() throws {
        let catalog = try ScratchDirectory("repeated-names", files: ["web.json": #"""
            [{"key": "web", "name": "Web", "parameters": [{"key": "url", "name": "Address", "description": "d"}],
              "actions": [{"key": "open_link_1", "name": "Open Link"}, {"key": "open_link_2", "name": "Open Link"}, {"key": "share", "name": "Share"}],
              "apps": [{"key": "a", "name": "A", "app_url_scheme": "a:", "actions": [
                {"key": "open_link_1", "url_format": "a://1?u={{url}}"}, {"key": "open_link_2", "url_format": "a://2?u={{url}}"},
                {"key": "share", "url_format": "a://s?u={{url}}"}]}]}]
            """#])
        let site = try BuiltSite([catalog.url.path])
        #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
        func title(_ page: String) throws -> String? {
            try site.text(page).firstMatch(of: /<title>(.*)<\/title>/).map { String($0.1) }
        }
        #expect(try title("action-web-open_link_1.html") == "Open Link (open_link_1) · Web · Choosy catalog")
        #expect(try title("action-web-open_link_2.html") == "Open Link (open_link_2) · Web · Choosy catalog")
        #expect(try title("action-web-share.html") == "Share · Web · Choosy catalog")
        #expect(try title("parameter-web-url.html") == "Address · Web · Choosy catalog")
        let sidebar = try site.text("type-web.html")
        #expect(sidebar.contains(">Open Link (open_link_2)<") && sidebar.contains(">Share<"))
        #expect(try site.text("action-web-open_link_1.html").contains("<h1 id=\"top\">Open Link "))
        // Search hits too: the list without script, and the index the script shows hits from.
        #expect(try site.text("search.html").contains(">Open Link (open_link_2)</a>"))
        #expect(try site.text("search.html").contains(">Share</a>"))
        let script = try site.text("choosy.js")
        #expect(script.contains(#""label":"Open Link (open_link_1)""#) || script.contains(#""label": "Open Link (open_link_1)""#))
    }

    /// A folder of JSON that holds no app type (another format) is not a site of nothing.
    @Test func aFolderWithoutAppTypesIsNothingToDocument() throws {
        let folder = try ScratchDirectory("not-a-catalog", files: ["package.json": #"{"name": "tool"}"#, "list.json": #"[{"foo": 1}]"#])
        let site = try BuiltSite([folder.url.path])
        #expect(site.outcome.status == 2)
        #expect(site.outcome.standardOutput.isEmpty)
        #expect(site.outcome.standardError.hasSuffix("Error: nothing to document: the catalog's 2 files hold no app type (an object with a \"key\" in a file's top-level list); 'choosy-data lint' says what they hold instead; nothing was written\n"), "\(site.outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: site.directory.path))
    }

    /// With lint errors the site is built, and both the command and the index page say what it
    /// does not show as it is.
    @Test func aCatalogWithLintErrorsSaysWhatTheSiteLeavesOut() throws {
        let catalog = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"), "lint-errors")
        _ = try catalog.write("app-data/broken.json", #"[{"key": "broken","#)
        let site = try BuiltSite([catalog.url.path])
        #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
        let sentence = "the catalog has 1 lint error ('choosy-data lint' lists them); left out of the site: app-data/broken.json, which does not parse"
        #expect(site.outcome.standardError.hasSuffix("warning: \(sentence)\n"), "\(site.outcome.standardError)")
        #expect(try site.text("index.html").contains("<p class=\"omissions\" role=\"note\"><strong>Not the whole catalog:</strong> \(HTML.escaped(sentence, quotes: false)).</p>"))
        #expect(!(try BuiltSite(["data/"]).text("index.html").contains("omissions")))
    }

    @Test func everyAppTypeActionParameterAndAppHasAPage() throws {
        let site = try BuiltSite(["data/"])
        let merged = MergedCatalog(try CatalogLoader().load(path: "\(TestPaths.packageRoot.path)/data"))
        var expected: Set<String> = ["index.html", "search.html", "rules.html", "schema.html", "editor.html"]
        for type in merged.appTypes {
            expected.insert("type-\(type.key).html")
            expected.formUnion(type.actions.map { "action-\(type.key)-\($0.key).html" })
            expected.formUnion(type.parameters.map { "parameter-\(type.key)-\($0.key).html" })
            expected.formUnion(type.apps.map { "app-\($0.key).html" })
        }
        #expect(Set(site.pages) == expected)
        let rules = try site.text("rules.html")
        for rule in Linter.ruleDescriptions { #expect(rules.contains("<h2 id=\"\(rule.id)\">")) }
        let schema = try site.text("schema.html")
        #expect(schema.contains("What the value means and how to write it, for developers calling Choosy"))
        #expect(schema.contains("<h2 id=\"def-appAction\">App action <a"))
    }

    /// The site serves the schema files that schemas/ holds, linked from schema.html; with
    /// `--site-url` each has its address there as its `$id`.
    @Test func servesTheSchemaFilesWithTheirAddress() throws {
        let plain = try BuiltSite(["data/"])
        let addressed = try BuiltSite(["data/", "--site-url", "https://catalog.test/choosy"])
        #expect(addressed.outcome.status == 0, "\(addressed.outcome.standardError)")
        for schema in PublishedSchema.allCases {
            let committed = try String(contentsOf: TestPaths.schemas.appendingPathComponent(schema.fileName), encoding: .utf8)
            #expect(try plain.text(schema.fileName) == committed, "\(schema.fileName)")
            let served = try Document.load(SourceFile(path: schema.fileName, text: try addressed.text(schema.fileName)))
            #expect(served.root["$id"]?.string == "https://catalog.test/choosy/\(schema.fileName)")
            #expect(try addressed.text("schema.html").contains(#"<a href="\#(schema.fileName)">\#(schema.fileName)</a>: <code>https://catalog.test/choosy/\#(schema.fileName)</code>"#))
            #expect(try plain.text("schema.html").contains(#"<a href="\#(schema.fileName)">\#(schema.fileName)</a></li>"#))
        }
    }

    @Test(arguments: [["data/"], ["--config", "Tests/Fixtures/upstream/.choosy-data.yml"], ["\(site)/tricky"], ["\(site)/xss"]])
    func everyInternalLinkResolvesToAFileAndAnchor(arguments: [String]) throws {
        let site = try BuiltSite(arguments)
        #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
        var checked = 0
        for page in site.pages {
            let text = try site.text(page)
            // Attributes of start tags only: in text, `<` is always escaped.
            let links = text.matches(of: /<[a-z]+\s[^<>]*>/).flatMap { tag in
                tag.output.matches(of: /\s(?:href|src|action)="([^"]*)"/).map { String($0.output.1) }
            }
            for link in links {
                guard !link.hasPrefix("http://"), !link.hasPrefix("https://") else { continue }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].split(separator: "?").first.map(String.init) ?? page
                let target = file.isEmpty ? page : file
                #expect(FileManager.default.fileExists(atPath: site.directory.appendingPathComponent(target).path), "\(page): \(link)")
                if parts.count == 2, let targetText = try? site.text(target) {
                    #expect(targetText.contains("id=\"\(parts[1])\""), "\(page): \(link) names no anchor")
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func theSameCatalogGivesTheSameBytesAndDateAndSourceLinksAreOptIn() throws {
        let first = try BuiltSite(["data/"])
        let second = try BuiltSite(["data/"])
        let dated = try BuiltSite(["data/", "--date", "2025-06-01", "--source-url", "https://github.com/o/r/blob/main/"])
        for page in first.pages { #expect(try first.text(page) == second.text(page), "\(page)") }
        let plain = try first.text("type-maps.html")
        #expect(!plain.contains("2025") && !plain.contains("https://github.com/o/r"))
        #expect(plain.contains("<code>data/builtin/maps.json:2</code>"))
        let page = try dated.text("type-maps.html")
        #expect(page.contains("<p>Generated by choosy-data docs on 2025-06-01 from the catalog as the shipped Choosy iOS client 0.6.x merges it and renders its URLs.</p>"))
        #expect(page.contains("<a class=\"source\" href=\"https://github.com/o/r/blob/main/data/builtin/maps.json#L2\"><code>data/builtin/maps.json:2</code></a>"))
    }

    /// Pages name files from the top of the catalog's git work tree, so where `docs` ran
    /// changes no byte (without this: "Defined in ../../…/data/builtin/maps.json:2").
    @Test func theSiteIsTheSameBytesFromAnyWorkingDirectory() throws {
        let link = ["--source-url", "https://github.com/o/r/blob/main"]
        let fromTop = try BuiltSite(["data/"] + link)
        let fromTests = try BuiltSite(["../../data"] + link, in: TestPaths.targetDirectory())
        let fromElsewhere = try BuiltSite([TestPaths.packageRoot.appendingPathComponent("data").path] + link, in: FileManager.default.temporaryDirectory)
        #expect([fromTop, fromTests, fromElsewhere].map(\.outcome.status) == [0, 0, 0])
        #expect(fromTop.pages.count > 50 && fromTests.pages == fromTop.pages && fromElsewhere.pages == fromTop.pages)
        for page in fromTop.pages {
            let expected = try fromTop.text(page)
            #expect(try fromTests.text(page) == expected, "\(page)")
            #expect(try fromElsewhere.text(page) == expected, "\(page)")
        }
        #expect(try fromElsewhere.text("type-maps.html").contains("href=\"https://github.com/o/r/blob/main/data/builtin/maps.json#L2\"><code>data/builtin/maps.json:2</code>"))
    }

    /// Every table says what it holds in a caption, which a screen reader's table list reads
    /// (issue 23: "tables with captions and scope"). The coverage grid is named by its heading
    /// (`aria-labelledby`), as `matrix --format html` writes it, and a type page's grid by its
    /// `aria-label`.
    @Test func everyTableHasACaption() throws {
        let site = try BuiltSite(["data/"])
        var kinds = Set<String>()
        for page in site.pages {
            let text = try site.text(page)
            for table in text.components(separatedBy: "<table").dropFirst() where !table.hasPrefix(" aria-label") {
                let body = table.drop { $0 != ">" }.dropFirst().drop(while: \.isWhitespace)
                let caption = body.hasPrefix("<caption") ? body.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" } : ""
                #expect(!caption.trimmingCharacters(in: .whitespaces).isEmpty, "\(page): <table\(table.prefix(120))")
                kinds.insert(String(page.prefix { $0 != "-" && $0 != "." }))
            }
        }
        #expect(kinds == ["action", "app", "index", "parameter", "rules", "schema", "type"])
        #expect(try site.text("app-safari.html").contains("<caption>URL formats in Browser</caption>"))
    }

    /// An app page names the type's actions the app does not implement, as each action page
    /// names the apps that do not implement it.
    @Test func anAppPageNamesTheActionsItDoesNotImplement() throws {
        let site = try BuiltSite(["data/"])
        #expect(try site.text("app-gmail.html").contains(
            #"<p>Does not implement <a href="action-email-view_message.html">Open an existing email</a>; for these the client only launches it, with its app URL scheme (opens the app only).</p>"#))
        #expect(try !site.text("app-mail.html").contains("Does not implement"))
    }

    /// The pages show the catalog as the chosen client merges it and say which client that is:
    /// the shipped client keeps Safari's built-in scheme for Twitter, which the server layer
    /// corrects for a client that fixes it.
    @Test func thePagesShowTheCatalogAsTheChosenClientHoldsIt() throws {
        let shipped = try BuiltSite(["data/"])
        let fixed = try BuiltSite(["data/", "--client", "rfc3986"])
        #expect(fixed.outcome.status == 0, "\(fixed.outcome.standardError)")
        for (site, client, summary, scheme) in [
            (shipped, "shipped", ClientProfile.shipped.summary, "http://www.twitter.com"), (fixed, "rfc3986", ClientProfile.rfc3986.summary, "http:"),
        ] {
            #expect(try site.text("index.html").contains("<p>Shown as \(summary) sees it \(Platform.ios17.summary): the layers merged and every URL rendered as that client does there (client <code>\(client)</code>, platform <code>ios17</code>)."))
            #expect(try site.text("type-maps.html").contains("<p>Generated by choosy-data docs from the catalog as \(summary) merges it and renders its URLs.</p>"))
            let safari = try site.text("app-safari.html")
            let twitter = try #require(safari.range(of: "<h2 id=\"in-twitter\">"))
            #expect(safari[twitter.upperBound...].contains("<dd><code>\(scheme)</code></dd>"), "\(client)")
            #expect(try site.text("action-twitter-post.html").contains("<table id=\"try-it-results\" data-client=\"\(client)\" data-platform=\"ios17\">"))
        }
        // Try it renders for the platform asked for.
        let before = try BuiltSite(["data/", "--platform", "ios16"])
        #expect(try before.text("action-twitter-post.html").contains("<table id=\"try-it-results\" data-client=\"shipped\" data-platform=\"ios16\">"))
        #expect(try before.text("index.html").contains("sees it \(Platform.ios16.summary): "))
        #expect(try ToolRunner.run(["help", "docs"]).standardOutput.contains("  --client <client>       The client to answer for"))
    }

    /// Without `--client` the site shows the client the config names; `--client` overrides it.
    @Test func theConfigsClientIsTheDefaultAndTheOptionWins() throws {
        let scratch = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"), "site")
        let catalog = scratch.url
        let config = catalog.appendingPathComponent(".choosy-data.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        #expect(text.contains("\nclient: shipped\n"))
        try text.replacingOccurrences(of: "\nclient: shipped\n", with: "\nclient: rfc3986\n").write(to: config, atomically: true, encoding: .utf8)
        let configured = try BuiltSite([catalog.path])
        let overridden = try BuiltSite([catalog.path, "--client", "shipped"])
        for (site, client) in [(configured, "rfc3986"), (overridden, "shipped")] {
            #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
            #expect(try site.text("action-twitter-post.html").contains("data-client=\"\(client)\""))
            #expect(try site.text("index.html").contains("(client <code>\(client)</code>, platform"))
        }
    }

    /// Before (and without) the script, "Try it" shows what `url` says the client does for
    /// empty values, for each app that implements the action: what it opens, the outcome, the
    /// dropped parameters and the warnings.
    @Test(arguments: ["shipped", "rfc3986"])
    func tryItWithoutTheScriptShowsWhatURLSaysForEmptyValues(client: String) throws {
        let catalog = "\(Self.site)/tricky/"
        let site = try BuiltSite([catalog, "--client", client])
        let page = try site.text("action-tricky-go.html")
        let rows = page.matches(
            of: /<tr data-app="([^"]*)"[^>]* data-outcome="([a-z]*)">.*?<output><code>([^<]*)<\/code><\/output>.*?<p class="dropped">([^<]*)<\/p>(.*?)<\/td><\/tr>/
                .dotMatchesNewlines())
        let cli = try ToolRunner.run(["url", "tricky", "go", "--format", "json", "--client", client, catalog])
        try #require(cli.status == 0, "\(cli.standardError)")
        let expected = try JSONDecoder().decode(DocsBrowserTests.URLOutput.self, from: Data(cli.standardOutput.utf8)).implementing
        #expect(rows.map { String($0.output.1) } == expected.map(\.app))
        for (row, want) in zip(rows, expected) {
            let warnings = row.output.5.matches(of: /<li><code>([^<]*)<\/code> ([^<]*)<\/li>/).map {
                DocsBrowserTests.Warning(code: String($0.output.1), message: Self.unescaped($0.output.2))
            }
            #expect(String(row.output.2) == want.outcome, "\(want.app)")
            #expect(Self.unescaped(row.output.3) == (want.url ?? ""), "\(want.app)")
            #expect(row.output.4.split(separator: ", ").map(String.init) == want.dropped, "\(want.app)")
            #expect(warnings == want.warnings, "\(want.app)")
        }
        // The tricky formats crash the shipped client and open a URL under the other.
        #expect(Set(expected.map(\.outcome)) == (client == "shipped" ? ["url", "crash"] : ["url"]))
    }

    /// Text as it was before `HTMLWriter` escaped it.
    static func unescaped(_ text: Substring) -> String {
        // By scalar: an entity's ';' and a combining mark after it are one Character.
        let characters = ["lt": "<", "gt": ">", "quot": "\"", "#39": "'", "amp": "&"]
        return String(text).replacing(/&(lt|gt|quot|#39|amp);/.matchingSemantics(.unicodeScalar)) { characters[String($0.output.1)] ?? "" }
    }

    @Test func aKeyThatIsNotSafeAsAFileNameRefusesTheRun() throws {
        let site = try BuiltSite(["\(Self.site)/unsafe-key"])
        #expect(site.outcome.status == 1)
        #expect(site.outcome.standardOutput.isEmpty)
        #expect(site.outcome.standardError.contains("types.json:7:37: error: key \"../../escape\" must match ^[a-z][a-z0-9_]*$ [key-format]"))
        #expect(site.outcome.standardError.hasSuffix("Error: a key is not safe as a file name (see 'key-format' above); nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: site.directory.path))
    }

    @Test func aDirectoryOfOtherFilesIsNotReplacedAndAPreviousSiteIsReplacedWhole() throws {
        let scratch = try ScratchDirectory("site")
        let directory = scratch.url
        try "keep".write(to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let refused = try ToolRunner.run(["docs", "data/", "-o", directory.path])
        #expect(refused.status == 2)
        #expect(refused.standardError == "Error: \(directory.path) holds files that are not a docs site (notes.txt); choose an empty or new directory\n")
        try FileManager.default.removeItem(at: directory.appendingPathComponent("notes.txt"))
        #expect(try ToolRunner.run(["docs", "data/", "-o", directory.path]).status == 0)
        // A page the previous site had (its file list says so) and this one has not is gone.
        try "stale".write(to: directory.appendingPathComponent("type-gone.html"), atomically: true, encoding: .utf8)
        let list = directory.appendingPathComponent(GeneratedDirectory.fileListName)
        try (String(contentsOf: list, encoding: .utf8) + FNV1a64.hexDigest("stale") + "  type-gone.html\n").write(to: list, atomically: true, encoding: .utf8)
        #expect(try ToolRunner.run(["docs", "data/", "-o", directory.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("type-gone.html").path))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.hasPrefix(".\(directory.lastPathComponent).") })
    }

    /// A directory that cannot be made says why as the system says it, not as Foundation's
    /// "The operation could not be completed".
    @Test func aDirectoryThatCannotBeMadeSaysWhy() throws {
        let outcome = try ToolRunner.run(["docs", "data/", "-o", "/proc/choosy-data-test/site"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: cannot write /proc/choosy-data-test/site: No such file or directory\n")
    }

    @Test(arguments: [
        ("a.html", true), ("app-data/x.json", true), ("../x", false), ("/etc/x", false), ("a/../../x", false),
        ("a//b", false), ("./a", false), ("", false), ("a\\..\\b", false), ("a\nb.html", false), ("a\u{1B}[31m.html", false),
    ])
    func onlyPlainRelativePathsAreWritten(path: String, isContained: Bool) {
        #expect(GeneratedDirectory.isContained(path) == isContained)
    }

    @Test func aFileNamedOutsideTheDirectoryIsRefusedBeforeAnythingIsWritten() throws {
        let scratch = try ScratchDirectory("site")
        let parent = scratch.file("site")
        let files = [GeneratedDirectory.File(path: "ok.html", bytes: []), GeneratedDirectory.File(path: "../escaped.html", bytes: [])]
        #expect(throws: GeneratedDirectoryError.self) {
            try GeneratedDirectory(files: files, marker: "ok.html", kind: "a test").write(to: parent.appendingPathComponent("out").path)
        }
        #expect(!FileManager.default.fileExists(atPath: parent.path))
    }

    @Test func aFailureWhileFilesAreStreamedLeavesThePreviousDirectoryAsItWas() throws {
        let scratch = try ScratchDirectory("site")
        let parent = scratch.file("site")
        let target = parent.appendingPathComponent("out").path
        try GeneratedDirectory(files: [GeneratedDirectory.File(path: "ok.html", bytes: Array("old".utf8))], marker: "ok.html", kind: "a test").write(to: target)
        #expect(throws: GeneratedDirectoryError.self) {
            try GeneratedDirectory.write(to: target, marker: "ok.html", kind: "a test") { (sink: inout GeneratedDirectory.Sink) throws(GeneratedDirectoryError) in
                try sink.write(Array("new".utf8), to: "ok.html")
                try sink.write([], to: "../escaped.html")
            }
        }
        #expect(try String(contentsOfFile: "\(target)/ok.html", encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["out"])
    }

    /// Writing a directory again links each file that already holds the same bytes (same
    /// inode), and writes anew a changed file and whatever is not a regular file reached
    /// through real directories: a symbolic link, or a file below a linked directory.
    @Test func aFileThatDidNotChangeIsLinkedFromTheDirectoryItReplaces() throws {
        let scratch = try ScratchDirectory("site")
        let parent = scratch.file("site")
        let target = parent.appendingPathComponent("out").path
        let outside = parent.appendingPathComponent("outside").path
        func write(_ files: [String: String]) throws {
            let files = files.sorted { $0.key < $1.key }.map { GeneratedDirectory.File(path: $0.key, bytes: Array($0.value.utf8)) }
            try GeneratedDirectory(files: files, marker: "same.html", kind: "a test").write(to: target)
        }
        func status(_ path: String) -> stat {
            var status = stat()
            #expect(lstat(path, &status) == 0, "\(path) is missing")
            return status
        }
        let first = ["same.html": "same", "changed.html": "old", "sub/deep.json": "deep", "shorter.html": "abc",
                     "symbolic.html": "link", "linked/inner.json": "inner"]
        try write(first)
        // Files that a symbolic link (to a file, to a directory) puts in place of the site's own.
        try FileManager.default.createDirectory(atPath: "\(outside)/linked", withIntermediateDirectories: true)
        try "link".write(toFile: "\(outside)/symbolic.html", atomically: false, encoding: .utf8)
        try "inner".write(toFile: "\(outside)/linked/inner.json", atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(atPath: "\(target)/symbolic.html")
        try FileManager.default.createSymbolicLink(atPath: "\(target)/symbolic.html", withDestinationPath: "\(outside)/symbolic.html")
        try FileManager.default.removeItem(atPath: "\(target)/linked")
        try FileManager.default.createSymbolicLink(atPath: "\(target)/linked", withDestinationPath: "\(outside)/linked")
        let before = ["same.html", "sub/deep.json", "changed.html"].map { status("\(target)/\($0)").st_ino }

        try write(first.merging(["changed.html": "new", "shorter.html": "ab"]) { $1 })
        #expect(status("\(target)/same.html").st_ino == before[0])
        #expect(status("\(target)/sub/deep.json").st_ino == before[1])
        #expect(status("\(target)/changed.html").st_ino != before[2])
        for (path, text) in [("changed.html", "new"), ("shorter.html", "ab"), ("symbolic.html", "link"), ("linked/inner.json", "inner")] {
            #expect(try String(contentsOfFile: "\(target)/\(path)", encoding: .utf8) == text)
        }
        for (path, outsidePath) in [("symbolic.html", "symbolic.html"), ("linked/inner.json", "linked/inner.json")] {
            let written = status("\(target)/\(path)")
            #expect(written.st_mode & S_IFMT == S_IFREG && written.st_ino != status("\(outside)/\(outsidePath)").st_ino)
        }
        #expect(status("\(target)/linked").st_mode & S_IFMT == S_IFDIR)
    }

    /// A parameter's page says what each mark means once, in a legend of exactly the marks its
    /// table of uses shows (in the legend's order), and each use only by its mark.
    @Test func parameterPagesExplainTheirMarksOnce() throws {
        let site = try BuiltSite(["data/"])
        let merged = MergedCatalog(try CatalogLoader().load(path: "\(TestPaths.packageRoot.path)/data"))
        var checked = 0
        for type in merged.appTypes {
            for parameter in type.parameters {
                let page = "parameter-\(type.key)-\(parameter.key).html"
                let text = try site.text(page)
                guard let table = text.firstRange(of: /<tbody>(?s:.*?)<\/tbody>/).map({ String(text[$0]) }) else {
                    #expect(!text.contains(#"class="legend""#), "\(page)")
                    continue
                }
                let shown = Set(table.matches(of: /<span class="mark ([a-z-]+)">/).map { String($0.output.1) })
                let legend = text.matches(of: /<li><span class="mark ([a-z-]+)">[^<]*<\/span>: ([^<]*)<\/li>/)
                #expect(legend.map { String($0.output.1) } == SupportMark.allCases.map(\.rawValue).filter(shown.contains), "\(page)")
                for item in legend {
                    let mark = try #require(SupportMark(rawValue: String(item.output.1)))
                    #expect(String(item.output.2) == HTML.escaped(mark.meaning, quotes: false), "\(page)")
                    #expect(!table.contains(HTML.escaped(mark.meaning, quotes: false)), "\(page) repeats what \(mark) means")
                }
                checked += 1
            }
        }
        #expect(checked >= 5)
    }

    /// An action page leads with the apps that implement the action: its coverage grid, like
    /// its Try it (where their url_formats are), has a row for each of them, in the type's
    /// order, and the others are one folded line in each ("Not implemented by 5 apps"). The legend stands
    /// only above a grid of parameters (not on a page such as twitter lists, whose apps use no
    /// parameter and whose grid says what each app does), and each of its items says more than
    /// the cell's words.
    @Test func actionPagesListTheImplementingAppsAndFoldTheOthers() throws {
        let site = try BuiltSite(["data/"])
        let merged = MergedCatalog(try CatalogLoader().load(path: "\(TestPaths.packageRoot.path)/data"))
        var folded = 0
        for type in merged.appTypes {
            for action in type.actions {
                let page = "action-\(type.key)-\(action.key).html"
                let text = try site.text(page)
                let implementing = type.apps.filter { $0.action(action.key)?.value(\.urlFormat) != nil }
                let others = type.apps.count - implementing.count
                let foldedLines = text.matches(of: /<details class="not-implemented"><summary>Not implemented by (\d+) apps?<\/summary>/)
                #expect(foldedLines.allSatisfy { Int($0.output.1) == others }, "\(page)")
                // In Try it and the grid, which a page of no implementing app has not.
                let places: Int = others == 0 ? 0 : implementing.isEmpty ? 1 : 2
                #expect(foldedLines.count == places, "\(page)")
                folded += foldedLines.isEmpty ? 0 : 1
                let tryItRows = text.matches(of: /<tr data-app="([^"]*)"/).map { String($0.output.1) }
                #expect(tryItRows == implementing.map(\.key), "\(page)")
                let sections = text.matches(of: /<h2 id="([a-z-]+)">/).map { String($0.output.1) }
                #expect(sections.first == "try-it", "\(page): \(sections)")
                guard let grid = text.firstRange(of: /<div class="matrix">(?s:.*?)<\/tbody>/).map({ String(text[$0]) }) else {
                    #expect(implementing.isEmpty && text.contains("No app implements this action"), "\(page)")
                    #expect(!text.contains(#"class="legend""#), "\(page) has a legend without a grid")
                    continue
                }
                // A grid without parameter columns says in words what each app does: no legend.
                let hasColumns = grid.contains("data-key=")
                #expect(hasColumns || text.contains("No app's url_format for this action names a parameter"), "\(page)")
                #expect(text.contains(#"class="legend""#) == hasColumns, "\(page)")
                let rows = grid.matches(of: /<tr( class="[a-z-]+")?><th scope="row">([^<]*)<\/th>/)
                #expect(rows.map { String($0.output.2) } == implementing.map { $0.name ?? $0.key }, "\(page)")
                #expect(!grid.contains(">action not supported<"), "\(page)")
            }
        }
        #expect(folded > 0)
        #expect(!(try site.text("action-twitter-lists.html")).contains(#"class="legend""#))
        for mark in SupportMark.allCases { #expect(!mark.meaning.hasPrefix(mark.label), "\(mark)") }
    }

    /// Every type page's apps × actions grid says for each app and action what `matrix --format
    /// json` says the client does (the state of the resolved outcome), in the grid's words, and
    /// links every implemented cell to the app's row of the action page; on the tricky catalog
    /// under both clients, so that every state shows.
    @Test(arguments: [["data/"], ["\(site)/tricky/"], ["\(site)/tricky/", "--client", "rfc3986"]])
    func typePageGridsAgreeWithTheMatrix(arguments: [String]) throws {
        let built = try BuiltSite(arguments)
        try #require(built.outcome.status == 0, "\(built.outcome.standardError)")
        let matrix = try ToolRunner.run(["matrix", "--format", "json"] + arguments)
        try #require(matrix.status == 0, "\(matrix.standardError)")
        struct Matrices: Decodable {
            struct Matrix: Decodable { struct Row: Decodable { let app: String; let state: String }; let type: String; let action: String; let rows: [Row] }
            let matrices: [Matrix]
        }
        let expected = try JSONDecoder().decode(Matrices.self, from: Data(matrix.standardOutput.utf8)).matrices
        var states: Set<String> = []
        for (type, matrices) in Dictionary(grouping: expected, by: \.type) {
            let page = try built.text("type-\(type).html")
            let grid = try #require(page.firstRange(of: /<div class="outcomes">(?s:.*?)<\/tbody>/).map { String(page[$0]) }, "type-\(type).html")
            var cells: [String: [String: (state: String, link: String?)]] = [:]
            for row in grid.matches(of: /<tr data-app="([^"]*)">(.*?)<\/tr>/) {
                for cell in row.output.2.matches(of: /<td class="([a-z-]+)" data-key="([^"]*)"[^>]*>(?:<a href="([^"]*)">)?([^<]*)/) {
                    cells[String(row.output.1), default: [:]][String(cell.output.2)] = (String(cell.output.4), cell.output.3.map(String.init))
                }
            }
            for matrix in matrices {
                for row in matrix.rows {
                    let cell = try #require(cells[row.app]?[matrix.action], "type-\(type).html: \(row.app) \(matrix.action)")
                    let state = try #require(AppActionOutcome.State(rawValue: row.state))
                    #expect(cell.state == AppTypeGrid.mark(state).cell, "type-\(type).html: \(row.app) \(matrix.action)")
                    let link: String? = state == .unsupported ? nil : "action-\(type)-\(matrix.action).html#app-\(row.app)"
                    #expect(cell.link == link)
                    states.insert(row.state)
                }
            }
            let cellCount = cells.values.map(\.count).reduce(0, +)
            #expect(cellCount == matrices.map(\.rows.count).reduce(0, +), "type-\(type).html")
        }
        #expect(states.isSuperset(of: ["url", "unsupported"]), "\(states)")
        if arguments == ["\(Self.site)/tricky/"] { #expect(states.contains("crash"), "\(states)") }
    }

    @Test func examplesShowOnTheActionAndAppPages() throws {
        let site = try BuiltSite(["data/"])
        let url = "<code class=\"example-url\">googlechrome-x-callback://x-callback-url/open/?x-source=MyApp&amp;x-success=com.myapp.callback://&amp;url=http://www.google.com</code>"
        let parameters = "<code>callback_name</code> = <code>MyApp</code>, <code>callback_url</code> = <code>com.myapp.callback://</code>, <code>url</code> = <code>http://www.google.com</code>"
        for page in ["action-browser-browse.html", "app-chrome.html"] {
            let text = try site.text(page)
            #expect(text.contains(url), "\(page)")
            #expect(text.contains(parameters), "\(page)")
        }
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Failure(arguments: ["data/"], message: "missing the site directory: -o DIR"),
        Failure(arguments: ["data/", "-o", "x", "--source-url", "javascript:alert(1)"],
                message: "--source-url must be an http:// or https:// address, such as https://github.com/OWNER/REPO/blob/main"),
        Failure(arguments: ["data/", "Tests/Fixtures/lint", "-o", "x"],
                message: "the PATHs are not all inside one catalog; docs documents one catalog at a time"),
        Failure(arguments: ["data/", "--config", "data/.choosy-data.yml", "-o", "x"], message: "give the catalog once: 'data/' and --config both name one; keep one"),
        Failure(arguments: ["data/", "-o", "x", "--format", "html"], message: "unknown option '--format'; valid values are: --output, -o, --catalog, -C, --config, --source-url, --date, --client, --platform, --site-url, --since, --color, --quiet, -q, --help, -h; "
                    + "--format is an option of lint, show, url, matrix, diff, review, schemes and rules, not of docs"),
        Failure(arguments: ["data/", "-o", "x", "--client", "0.7"], message: "unknown client '0.7'; valid values are: shipped, rfc3986"),
        Failure(arguments: ["data/", "-o", "x", "--site-url", "http://catalog.test/"],
                message: "--site-url must be an https:// address without '?' or '#', such as https://OWNER.github.io/REPO/; got 'http://catalog.test/'"),
        Failure(arguments: ["data/", "-o", "x", "--site-url", "https://catalog.test/#schemas"],
                message: "--site-url must be an https:// address without '?' or '#', such as https://OWNER.github.io/REPO/; got 'https://catalog.test/#schemas'"),
    ])
    func usageMistakesExitTwo(_ failure: Failure) throws {
        let outcome = try ToolRunner.run(["docs"] + failure.arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("Error: \(failure.message)\nUsage: choosy-data docs"), "\(outcome.standardError)")
    }

    @Test func filesOfOneCatalogStandForTheWholeCatalog() throws {
        let site = try BuiltSite(["data/builtin/maps.json", "data/app-data/twitter.yaml"])
        #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
        #expect(site.pages.contains("type-browser.html"))
    }

    @Test func helpListsTheCommand() throws {
        #expect(try ToolRunner.run(["--help"]).standardOutput.contains("  docs                    Write a static website documenting every app type"))
        let help = try ToolRunner.run(["help", "docs"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("  --source-url <base>     Link every \"defined in\" to BASE/<file>#L<line>, e.g.\n"))
    }
}
