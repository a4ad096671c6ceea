import ChoosyTestSupport
import Foundation
import Testing

/// The editor page's "A new app type" in a real browser (headless Chromium): the file it gives
/// for a new type and its app is what `fmt` writes and what `lint` accepts, and for broken
/// types its findings are lint's, with the same rule ids for the same fields, in the same words.
@Suite(.serialized, .tags(.slow, .browser))
struct EditorNewTypeBrowserTests {
    /// A new type as a contributor fills it in: its name (and key, when typed), its parameters
    /// (name, key when typed, description) and actions (name, key when typed), and the app's
    /// url_format for some of its actions.
    struct NewType {
        var name = "Podcasts"
        var key: String? = nil
        var parameters: [(name: String, key: String?, description: String)] = [("Feed URL", nil, "The address of the podcast's feed")]
        var actions: [(name: String, key: String?)] = [("Subscribe", nil)]
        var app: [(name: String, value: String)] = [("name", "Overcast"), ("app_url_scheme", "overcast:")]
        var formats: [(action: String, format: String)] = [("subscribe", "overcast://x-callback-url/add?url={{feed_url}}")]
        /// JavaScript run once everything is filled in.
        var more: [String] = []

        /// The script that chooses "A new app type", adds the rows and fills every field in, as
        /// typing would, then reads the page (`EditorBrowserTests.Snapshot`).
        var filling: String {
            let set = EditorBrowserTests.set
            // Rows are numbered in the order they are added: the parameters', then the actions'.
            var steps = [set("#editor-type", "new-type"), set("#editor-type-name", name)] + (key.map { [set("#editor-type-key", $0)] } ?? [])
            for (row, parameter) in parameters.enumerated() {
                steps += ["document.getElementById('editor-add-parameters').click();", set("#editor-parameter-\(row)-name", parameter.name)]
                steps += (parameter.key.map { [set("#editor-parameter-\(row)-key", $0)] } ?? []) + [set("#editor-parameter-\(row)-description", parameter.description)]
            }
            for (offset, action) in actions.enumerated() {
                let row = parameters.count + offset
                steps += ["document.getElementById('editor-add-type-actions').click();", set("#editor-action-\(row)-name", action.name)]
                steps += action.key.map { [set("#editor-action-\(row)-key", $0)] } ?? []
            }
            return EditorBrowserTests.steps(steps + app.map { set("#editor-\($0.name)", $0.value) } + formats.map { set("#editor-format-\($0.action)", $0.format) } + more)
        }
    }

    /// A new type of two parameters and two actions, with an app for both: the page finds
    /// nothing, GitHub's new-file link carries the file's name and text, and the file, added to
    /// data/, is one lint accepts, fmt leaves as it is and `show` reads.
    @Test func aNewTypeIsTheFileFmtWritesAndLintAccepts() throws {
        var type = NewType()
        type.parameters.append(("Episode: \"title\"", "episode", "The episode's title, as the feed gives it # exactly"))
        type.actions.append(("Play an episode", "play"))
        type.formats.append(("play", "overcast://play?feed={{feed_url}}&episode={{episode}}"))
        let snapshot = try EditorBrowserTests.visit(type.filling)
        // The keys suggested from the names: the type's, the app's.
        #expect(snapshot.output.contains("\"key\": \"podcasts\"") && snapshot.key == "overcast", "\(snapshot.output)")
        #expect(snapshot.findings.isEmpty, "\(snapshot.findings)")
        let link = try #require(snapshot.editLink.flatMap(URLComponents.init(string:)))
        #expect(link.path == "/example/catalog/new/main/")
        #expect(link.queryItems?.first { $0.name == "filename" }?.value == "data/app-data/podcasts.json")
        #expect(link.queryItems?.first { $0.name == "value" }?.value == snapshot.output)
        #expect(snapshot.diff.hasPrefix("--- /dev/null\n+++ b/data/app-data/podcasts.json\n@@ -0,0 +1,"), "\(snapshot.diff)")
        let catalog = try EditorBrowserTests.catalog(with: snapshot.output, at: "data/app-data/podcasts.json")
        try Self.expectAccepted(snapshot.output, as: "podcasts.json", in: catalog, showing: "overcast://play?feed={{feed_url}}&episode={{episode}}")
    }

    /// `lint` finds nothing in the new file `name` of `catalog`, `fmt --check` leaves it, and
    /// `show` reads the new type's app with the url_format `format`.
    static func expectAccepted(_ text: String, as name: String, in catalog: ScratchDirectory, showing format: String) throws {
        let lint = try ToolRunner.run(["lint", "."], in: catalog.url)
        #expect(lint.status == 0 && !lint.standardOutput.contains(name), "\(lint.standardOutput)\n\(text)")
        let fmt = try ToolRunner.run(["fmt", "--check", "."], in: catalog.url)
        #expect(fmt.status == 0, "\(fmt.standardOutput)\(fmt.standardError)\n\(text)")
        let show = try ToolRunner.run(["show", "podcasts", "overcast"], in: catalog.url)
        #expect(show.status == 0 && show.standardOutput.contains(format), "\(show.standardOutput)\(show.standardError)")
    }

    /// In a layer mostly of YAML (data/ without browser.json), with a parameter row removed and
    /// an action renamed after its url_format was written: the file is YAML, the url_format
    /// stays with the renamed action, and lint, fmt and show accept the file.
    @Test func aNewTypeInAYAMLLayerWithARowRemovedAndAnActionRenamed() throws {
        let catalog = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"))
        try FileManager.default.removeItem(at: catalog.file("app-data/browser.json"))
        let site = try BuiltSite([catalog.url.path, "--source-url", "https://github.com/example/catalog/blob/main"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        var type = NewType()
        type.parameters += [("Left out", nil, "Removed before the file is taken"), ("Episode", nil, "Its title")]
        type.actions = [("Subscribe", "sub")]
        type.formats = [("sub", "overcast://add?url={{feed_url}}&episode={{episode}}")]
        type.more = [
            "document.getElementById('editor-parameter-1-name').parentElement.querySelector('button').click();",
            EditorBrowserTests.set("#editor-action-3-key", "subscribe"),
        ]
        let results = try Chromium.visit([Chromium.Visit(url: site.url("editor.html"), expression: type.filling, width: 390)], returning: EditorBrowserTests.Snapshot.self)
        let snapshot = try #require(results[0].result, "\(results[0].errors)")
        #expect(snapshot.findings.isEmpty, "\(snapshot.findings)")
        #expect(!snapshot.output.contains("Left out") && snapshot.output.contains("- key: subscribe\n"), "\(snapshot.output)")
        let link = try #require(snapshot.editLink.flatMap(URLComponents.init(string:)))
        let path = try #require(link.queryItems?.first { $0.name == "filename" }?.value)
        #expect(path.hasSuffix("/app-data/podcasts.yaml"), "\(path)")
        _ = try catalog.write("app-data/podcasts.yaml", snapshot.output)
        try Self.expectAccepted(snapshot.output, as: "podcasts.yaml", in: catalog, showing: "overcast://add?url={{feed_url}}&episode={{episode}}")
    }

    /// Broken new types, one way each: members left out, keys lint rejects, names padded with
    /// white space, an empty description, keys given twice, a parameter no url_format uses, an
    /// action no app implements, a placeholder the new type does not declare.
    static let brokenTypes: [NewType] = {
        var cases: [NewType] = []
        func broken(_ change: (inout NewType) -> Void) {
            var type = NewType()
            change(&type)
            cases.append(type)
        }
        broken { $0.name = ""; $0.key = "podcasts" }
        broken { $0.key = "Pod Casts" }
        broken { $0.name = " Podcasts" }
        broken { $0.name = "   "; $0.key = "podcasts" }
        broken { $0.parameters[0].description = "" }
        broken { $0.parameters[0].description = " \t " }
        broken { $0.parameters[0].key = "Feed-URL" }
        broken { $0.parameters[0].name = "Feed URL\u{00A0}" }
        broken { $0.parameters[0].name = ""; $0.parameters[0].key = "feed_url" }
        broken { $0.parameters.append(("Feed", "feed_url", "Another")) }
        broken { $0.parameters.append(("Episode", nil, "Its title")) }
        broken { $0.actions.append(("Play", nil)) }
        broken { $0.actions.append(("Add", "subscribe")) }
        broken { $0.actions[0] = ("", "subscribe") }
        broken { $0.actions[0].key = "1subscribe"; $0.formats = [("1subscribe", "overcast://add?url={{feed_url}}")] }
        broken { $0.formats = [("subscribe", "overcast://add?url={{feed}}")] }
        broken { $0.formats = [("subscribe", "overcast://add?url={{feed_url}}&{{feed_url}}")] }
        broken { $0.formats = [] }
        broken { $0.parameters = [] }
        broken { $0.app = [("name", "Overcast"), ("app_url_scheme", "tweetbot:")] }
        return cases
    }()

    /// For each broken type, the page and lint (run on data/ with the page's file added) name the
    /// same rules at the same fields, in the same words, hints and severities.
    @Test func aNewTypesFindingsAreLintsForTheSameFields() throws {
        for type in Self.brokenTypes {
            let snapshot = try EditorBrowserTests.visit(type.filling)
            let link = try #require(snapshot.editLink.flatMap(URLComponents.init(string:)), "\(snapshot)")
            let path = try #require(link.queryItems?.first { $0.name == "filename" }?.value)
            let catalog = try EditorBrowserTests.catalog(with: snapshot.output, at: path)
            let appActions = type.formats.filter { !$0.format.isEmpty }.map(\.action)
            let lint = try EditorBrowserTests.lintFindings(in: catalog, file: String(path.dropFirst("data/".count))) { pointer, rule, missing in
                Self.field(pointer, rule: rule, missing: missing, appActions: appActions)
            }
            #expect(Set(snapshot.findings) == lint, "\(type.name) \(type.key ?? "") \(type.parameters) \(type.actions) \(type.formats)\npage \(snapshot.findings)\nlint \(lint)\n\(snapshot.output)")
            #expect(!lint.isEmpty, "\(type.name) \(type.key ?? "-") \(type.app) \(type.parameters) \(type.actions) \(type.formats)\n\(snapshot.output)")
        }
    }

    /// The page's field for a lint finding in the new type's file: `type-…` for the type,
    /// `parameter-N-…` and `action-N-…` for its rows (the row's key, or the member a rule
    /// reports), and the app's fields as `EditorBrowserTests.appField` names them.
    static func field(_ pointer: String, rule: String, missing: String?, appActions: [String]) -> String? {
        if let app = EditorBrowserTests.appField(pointer, at: "/0/apps/0", actionKeys: appActions, missing: missing) { return app }
        let tokens = pointer.split(separator: "/").map(String.init)
        switch tokens.count {
        case 1: return "type-" + (missing ?? "key")
        case 2: return "type-" + tokens[1]
        case 3, 4:
            let entity = tokens[1] == "parameters" ? "parameter" : "action"
            return "\(entity)-\(tokens[2])-" + (tokens.count == 4 ? tokens[3] : missing ?? (rule == "empty-description" ? "description" : "key"))
        default: return nil
        }
    }

    /// With a config whose ignore entries cover the new file (a glob path, a keyed pointer, an
    /// index pointer; one for another file) and that sets a rule's severity, the page says what
    /// lint says of the file it gives.
    @Test func theConfigAppliesToTheNewTypesFile() throws {
        let catalog = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"))
        let config = try String(contentsOf: catalog.file(".choosy-data.yml"), encoding: .utf8)
        _ = try catalog.write(".choosy-data.yml", config.replacingOccurrences(of: "ignore:\n", with: """
            rules:
              name-whitespace: error
            ignore:
              - rule: unused-parameter
                path: app-data/pod*.json
                reason: a glob
              - rule: unimplemented-action
                path: app-data/podcasts.json
                at: podcasts/actions/play
                reason: through keys
              - rule: key-format
                path: app-data/podcasts.json
                pointer: /0/parameters/1
                reason: by index
              - rule: empty-description
                path: app-data/maps.yaml
                reason: another file

            """))
        let site = try BuiltSite([catalog.url.path, "--source-url", "https://github.com/example/catalog/blob/main"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        var type = NewType()
        type.parameters += [("Episode", "Episode", " "), ("Unused", nil, "Nothing uses it")]
        type.actions += [("Play", nil), ("Share", nil)]
        type.parameters[0].name = "Feed URL "
        let results = try Chromium.visit([Chromium.Visit(url: site.url("editor.html"), expression: type.filling)], returning: EditorBrowserTests.Snapshot.self)
        let snapshot = try #require(results[0].result, "\(results[0].errors)")
        _ = try catalog.write("app-data/podcasts.json", snapshot.output)
        let lint = try EditorBrowserTests.lintFindings(in: catalog, file: "app-data/podcasts.json") { pointer, rule, missing in
            Self.field(pointer, rule: rule, missing: missing, appActions: ["subscribe"])
        }
        #expect(Set(snapshot.findings) == lint, "page \(snapshot.findings)\nlint \(lint)")
        // What the entries leave: the padded name (an error now), the empty description, the
        // action nothing implements but is not ignored.
        #expect(Set(lint.map { [$0[0], $0[1], $0[4]] }) == [
            ["name-whitespace", "parameter-0-name", "error"], ["empty-description", "parameter-1-description", "warning"],
            ["unimplemented-action", "action-2-key", "warning"],
        ], "\(lint)")
    }

    /// A key an app type of the catalog has (as the shipped client finds keys, whatever their
    /// case), or one naming a file the layer has, gives no file and no link, and says what to do
    /// instead.
    @Test(arguments: [
        ("twitter", "The catalog has an app type with the key twitter: choose it in the list to add the app to it."),
        ("Maps", "The catalog has an app type with the key Maps: choose it in the list to add the app to it."),
        ("Email!", "The layer has a file named data/app-data/email.json: give the new type another key."),
    ])
    func aKeyTakenGivesNoFile(key: String, refusal: String) throws {
        var type = NewType()
        type.key = key
        let snapshot = try EditorBrowserTests.visit(type.filling)
        #expect(snapshot.output.isEmpty && snapshot.editLink == nil && snapshot.diff.isEmpty, "\(snapshot)")
        #expect(snapshot.file == refusal)
    }
}
