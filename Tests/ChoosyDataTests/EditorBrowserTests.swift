import ChoosySyntax
import ChoosyTestSupport
import Foundation
import Testing

/// The site's "Add an app" page in a real browser (headless Chromium), as a contributor uses it:
/// the text it gives for the type's file is what `fmt` writes and what `lint` accepts, in a
/// YAML and a JSON file, with values that need quoting; its findings are lint's, with the same
/// rule ids for the same fields; with a GitHub `--source-url` it links the file's edit page.
@Suite(.serialized, .tags(.slow, .browser))
struct EditorBrowserTests {
    /// What the page shows once the form is filled in.
    struct Snapshot: Decodable {
        let output: String
        let key: String
        let findings: [[String]]
        let editLink: String?
        /// What the page says of the file: new, changed, or why it gives none.
        let file: String
        /// The findings about the app that lint reports at another app, each with where.
        let elsewhere: [[String]]?
        let previews: [String]
        let diff: String
    }

    /// Fills in the form (`fields` by id suffix, `formats` by action key) as typing would,
    /// then reads the page; `more` is JavaScript run after the filling.
    static func filling(
        type: String, app: String? = nil, fields: [(String, String)], formats: [(String, String)], examples: [(String, String)] = [],
        more: [String] = []
    ) -> String {
        steps([set("#editor-type", type)] + (app.map { [set("#editor-app", $0)] } ?? []) + fields.map { set("#editor-\($0.0)", $0.1) }
            + formats.map { set("#editor-format-\($0.0)", $0.1) } + examples.map { set("#editor-example-\($0.0)", $0.1) } + more)
    }

    /// The JavaScript statement that gives the input `selector` finds `value`, as typing would.
    static func set(_ selector: String, _ value: String) -> String {
        "set(\(javaScript(selector)), \(javaScript(value)));"
    }

    /// The script that runs `steps` (which may `set` inputs) and then reads the page (`Snapshot`).
    static func steps(_ steps: [String]) -> String {
        """
        (() => {
          const set = (selector, value) => {
            const input = document.querySelector(selector);
            input.value = value;
            input.dispatchEvent(new Event(input.tagName === 'SELECT' ? 'change' : 'input', {bubbles: true}));
          };
          \(steps.joined(separator: "\n"))
          return {
            output: document.getElementById('editor-output').textContent,
            key: document.getElementById('editor-key').value,
            findings: Array.from(document.querySelectorAll('#editor-findings li[data-rule]:not([data-at])'), item => [item.dataset.rule, item.dataset.field, item.dataset.message, item.dataset.hint, item.dataset.severity]),
            editLink: document.getElementById('editor-edit')?.getAttribute('href') ?? null,
            file: document.getElementById('editor-file').textContent,
            elsewhere: Array.from(document.querySelectorAll('#editor-findings li[data-at]'), item => [item.dataset.rule, item.dataset.field, item.dataset.message, item.dataset.hint, item.dataset.severity, item.dataset.at]),
            previews: Array.from(document.querySelectorAll('.editor-preview'), preview => preview.textContent).filter(text => text !== ''),
            diff: document.getElementById('editor-diff').textContent
          };
        })()
        """
    }

    static func javaScript(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    static func visit(_ expression: String) throws -> Snapshot {
        let site = try BuiltSite(["data/", "--source-url", "https://github.com/example/catalog/blob/main"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let results = try Chromium.visit([Chromium.Visit(url: site.url("editor.html"), expression: expression, width: 390)], returning: Snapshot.self)
        #expect(results[0].errors.isEmpty, "\(results[0].errors)")
        return try #require(results[0].result)
    }

    /// data/ with `path` (as the site names it, `data/…`) replaced by `text`.
    static func catalog(with text: String, at path: String) throws -> ScratchDirectory {
        let catalog = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"))
        _ = try catalog.write(String(path.dropFirst("data/".count)), text)
        return catalog
    }

    @Test(arguments: [
        ("twitter", "data/app-data/twitter.yaml", "post", "show_profile"),
        ("email", "data/app-data/email.json", "compose", nil),
    ] as [(String, String, String, String?)])
    func aNewAppIsTheFileFmtWritesAndLintAccepts(type: String, path: String, action: String, secondAction: String?) throws {
        // A name and a source that YAML must quote, and a scheme it may not.
        let parameter = type == "twitter" ? "text" : "to"
        let formats = [(action, "exampleapp://\(action)?q={{\(parameter)}}")]
            + (secondAction.map { [($0, "exampleapp://user/{{profile_screenname}}")] } ?? [])
        let snapshot = try Self.visit(Self.filling(
            type: type,
            fields: [("name", "Example: \"App\" # 1"), ("app_url_scheme", "exampleapp:"), ("source", "https://example.com/urls?x=1#y")],
            formats: formats, examples: [("\(action)-\(parameter)", "hello: world"), (action, "exampleapp://\(action)?q=hello:%20world")]))
        #expect(snapshot.key == "example_app_1")
        #expect(snapshot.findings.isEmpty, "\(snapshot.findings)")
        #expect(snapshot.editLink == "https://github.com/example/catalog/edit/main/\(path)")
        // What the client opens, as Try it renders it, with each parameter's key as its value.
        #expect(snapshot.previews.contains("With the example's values, the client opens exampleapp://\(action)?q=hello:%20world."), "\(snapshot.previews)")
        #expect(snapshot.output.contains("hello: world") && snapshot.output.contains("exampleapp://\(action)?q=hello:%20world"))
        #expect(snapshot.previews.count == formats.count)
        let catalog = try Self.catalog(with: snapshot.output, at: path)
        let lint = try ToolRunner.run(["lint", "."], in: catalog.url)
        #expect(lint.status == 0, "\(lint.standardOutput)\n\(snapshot.output)")
        let fmt = try ToolRunner.run(["fmt", "--check", "."], in: catalog.url)
        #expect(fmt.status == 0, "\(fmt.standardOutput)\(fmt.standardError)\n\(snapshot.output)")
        let show = try ToolRunner.run(["show", type, "example_app_1"], in: catalog.url)
        #expect(show.status == 0 && show.standardOutput.contains("Example: \"App\" # 1"), "\(show.standardOutput)\(show.standardError)")
    }

    /// A broken app: its name, key, scheme, the post action's url_format and its example.
    typealias BrokenApp = (name: String, key: String, scheme: String, format: String, example: [(String, String)])

    /// Broken apps, each breaking a rule the page checks, one way or another.
    static let brokenApps: [BrokenApp] = examplesThatDiffer + otherFields.map { ($0.0, $0.1, $0.2, $0.3, []) } + placeholders.map(broken(format:))
        + (invalidURLs + badQueries).map { ("Example", "example", "exampleapp:", $0, []) }

    static func broken(format: String) -> BrokenApp { ("Example", "example", "exampleapp:", "exampleapp://post?q=" + format, []) }

    static let examplesThatDiffer: [BrokenApp] = [
        ("Example", "example", "exampleapp:", "exampleapp://post?q={{text}}", [("post-text", "a b"), ("post", "exampleapp://post?q=a b")]),
        ("Example", "example", "exampleapp:", "exampleapp://post?q={{text}}", [("post-text", "a&b"), ("post", "exampleapp://post?q=a%26b")]),
        ("Example", "example", "exampleapp:", "exampleapp://post?q={{text}}", [("post-text", "x"), ("post", "exampleapp://post?q=y")]),
        ("Example", "example", "exampleapp:", "exampleapp://post?q={{text}}&v={{via}}", [("post-via", "me"), ("post", "exampleapp://post?q=")]),
    ]

    static let otherFields: [(String, String, String, String)] = [
        ("Example", "Bad Key", "exampleapp:", "exampleapp://post"), ("Example", "tweetbot", "tweetbot:", "tweetbot://post"),
        ("Example", "example", "exampleapp:", "exampleapp://post?q={{nope}}"), ("Example", "example", "", "exampleapp://post"),
        ("Example", "example", "exampleapp:", "exampleapp://post?q&&x={{text}}&"), ("Example", "example", "exampleapp:", "other://post"),
        ("Example", "example", "exampleapp:", ""), (" Example ", "example", "exampleapp:", "exampleapp://post"),
        ("  ", "example", "exampleapp:", "exampleapp://post"), ("Example", "example", "exampleapp", "exampleapp://post"),
        ("Example", "example", "1app:", "exampleapp://post"), ("Example", "example", "exampleapp://", "exampleapp://post"),
        ("Example", "example", "https://example.com", "https://example.com/post"), ("Example", "example", "exampleapp:x", "exampleapp://post"),
        ("Example", "1abc", "exampleapp:", "exampleapp://post"), ("Example", "a-b", "exampleapp:", "exampleapp://post"),
        ("Example", "ABC", "exampleapp:", "exampleapp://post"), ("Example", "A", "exampleapp:", "exampleapp://post"),
        ("\tTabbed", "example", "exampleapp:", "exampleapp://post"), ("Trailing\u{00A0}", "example", "exampleapp:", "exampleapp://post"),
        ("Example", "example", ":", "exampleapp://post"), ("Example", "example", "HTTP:x", "exampleapp://post"),
        ("Example", "example", "http://", "http://example.com/post"), ("Example", "example", "exampleapp:", "other+x://post"),
        ("Example", "example", "tweetbot:", "tweetbot://post"), ("Example", "example", "googlechrome-x-callback:", "googlechrome-x-callback://post"),
        ("Example", "example", "TWEETBOT:", "TWEETBOT://post"), ("Example", "chrome", "exampleapp:", "exampleapp://post"),
        ("Google Chrome", "chrome", "exampleapp:", "exampleapp://post"),
        ("Safari", "safari", "http:", "https://twitter.com/intent/tweet?text={{text}}"), ("Twitter", "twitter", "twitter:", "twitter://post?text={{text}}"),
        ("Safari", "safari", "http://www.twitter.com", "https://twitter.com/intent/tweet?text={{text}}&url={{url_in_tweet}}&via={{via}}&hashtags={{hashtags}}&related={{related}}&in_reply_to={{reference_tweet_id}}"),
    ]

    static let placeholders = [
        "{text}", "{{ text }}", "{{}}", "{{Text}}", "{{txet}}", "{{text}", "x/text}}", "<text>", "#{text}", "|text|", "(text)",
        "{{{text}}}", "{{hashtag}}", "{{ bad key }}", "{{  }}", "{{te xt}}", "{{text}}}", "a}}", "{{text}}{{", "<nope>", "{{TEXT}}",
        "{{via}}&x", "a#b", "{{text}}&&", "x&{{via}}&y=1", "a&#x", "a=1", "{{text}}&v=a=b=c", "{{text}}?more", "{{text}}?x=1?y",
        "a=1&#",
    ]

    /// url_formats that are no URI, one of each way: no scheme or a bad one, a space, a stray
    /// '%', characters a part does not allow, a bad port or IP literal, a second '#'.
    static let invalidURLs = [
        "exampleapp://post?text=hello world", "exampleapp://post?text=100%&via={{via}}", "//post?text={{text}}", "tweet_bot:///post",
        "exampleapp://host:8o/post", "exampleapp://post#top#{{text}}", "exampleapp:///café?q={{text}}", "exampleapp://us[er@host/",
        "exampleapp://x?q=a^b", "exampleapp://[::1/post", "1app://post", ":post", "exampleapp://[::1]x/post", "exampleapp://post?q=%{{text}}",
        "exampleapp://ho st/post?q={{text}}", "exampleapp://post?q=\u{202E}x", "exampleapp://post?q=a\"b", "exampleapp://[v1.x%]/post",
        "exampleapp://post/{{text}} {{via}}", "exampleapp://post?q=<b>",
    ]

    /// Query components with no name, a placeholder for one, or a name given twice (also
    /// spelled otherwise by canonically equivalent characters).
    static let badQueries = [
        "exampleapp://post?via=me&={{text}}", "exampleapp://post?{{via}}={{text}}", "exampleapp://post?text={{text}}&text={{via}}",
        "exampleapp://post?q=1&text={{text}}&q=2#f", "exampleapp://post?a{{via}}b={{text}}", "exampleapp://post?caf\u{E9}=1&cafe\u{301}={{text}}",
        "exampleapp://post?{{text}}{{via}}=1", "exampleapp://post?x=1&x=2",
    ]

    /// A bad key, a key the type has, a placeholder it does not declare, a scheme left out, a
    /// query component that crashes the client, a url_format for another scheme, no action at
    /// all, names padded with white space, schemes of each kind `scheme-format` reports,
    /// examples the format does not render and placeholders of each malformed kind: the page
    /// names the same rules at the same fields, in the same words and hints, as lint run on the
    /// file it gives.
    @Test func theFindingsAreLintsForTheSameFields() throws {
        let file = TestPaths.packageRoot.appendingPathComponent("data/app-data/twitter.yaml")
        let twitter = try Document.load(SourceFile(path: file.path, bytes: Array(Data(contentsOf: file))))
        let appCount = try #require(twitter.root.elements?.first?["apps"]?.elements?.count)
        let cases = Self.brokenApps
        #expect(cases.count >= 50)
        for (name, key, scheme, format, example) in cases {
            let snapshot = try Self.visit(Self.filling(
                type: "twitter", fields: [("name", name), ("key", key), ("app_url_scheme", scheme)], formats: [("post", format)], examples: example))
            let catalog = try Self.catalog(with: snapshot.output, at: "data/app-data/twitter.yaml")
            let lintRules = try Self.lintFindings(in: catalog, atApp: appCount)
            #expect(Set(snapshot.findings) == lintRules, "\(name) \(key) \(scheme) \(format): page \(snapshot.findings), lint \(lintRules)")
            #expect(!lintRules.isEmpty)
            if lintRules.contains(where: { $0.starts(with: ["query-crash", "format-post"]) }) {
                #expect(snapshot.previews.first?.contains("crash") == true, "\(snapshot.previews)")
            }
        }
    }

    /// Lint's findings about the new app of `catalog`, the one after the `appCount` apps of
    /// twitter in the server layer: at the app itself (its key), a field, its url_format or
    /// its example, each as [rule, field as the page names it, message, hint, severity].
    static func lintFindings(in catalog: ScratchDirectory, atApp appCount: Int) throws -> Set<[String]> {
        try lintFindings(in: catalog, file: "app-data/twitter.yaml") { pointer, _, missing in
            appField(pointer, at: "/0/apps/\(appCount)", actionKeys: ["post"], missing: missing)
        }
    }

    /// Lint's findings in `file` of `catalog` (nil: in any) that `field` names a field of the
    /// page for (given the pointer, the rule and the property a schema finding says is
    /// missing), each as [rule, field, message, hint, severity].
    static func lintFindings(
        in catalog: ScratchDirectory, file: String?, field: (_ pointer: String, _ rule: String, _ missing: String?) -> String?
    ) throws -> Set<[String]> {
        let lint = try ToolRunner.run(["lint", ".", "--format", "json"], in: catalog.url)
        let report = try #require(JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any], "\(lint.standardError)")
        return Set(try #require(report["findings"] as? [[String: Any]]).compactMap { finding -> [String]? in
            guard file == nil || finding["file"] as? String == file, let pointer = finding["pointer"] as? String, let rule = finding["rule"] as? String else { return nil }
            let message = finding["message"] as? String ?? ""
            let missing = message.firstMatch(of: /missing required property "([a-z_]+)"/).map { String($0.1) }
            return field(pointer, rule, missing).map { [rule, $0, message, finding["hint"] as? String ?? "", finding["severity"] as? String ?? ""] }
        })
    }

    /// The page's field for a finding at `pointer` about the app at `app` (nil for one
    /// elsewhere): the app's key for the app itself, its url_format by the action's key for the
    /// action or its url_format (the app's actions are `actionKeys`, in order), an example's url
    /// (`example-KEY` for the first, `exampleN-KEY` for the one at index N), or the member.
    static func appField(_ pointer: String, at app: String, actionKeys: [String], missing: String?) -> String? {
        guard pointer == app || pointer.hasPrefix(app + "/") else { return nil }
        let tokens = pointer.dropFirst(app.count).split(separator: "/").map(String.init)
        let actionKey = tokens.count > 1 && tokens[0] == "actions" ? Int(tokens[1]).map { actionKeys[$0] } : nil
        let example = tokens.count == 5 && tokens[2] == "examples" && tokens[4] == "url" ? (tokens[3] == "0" ? "example" : "example" + tokens[3]) : nil
        return missing ?? (tokens.isEmpty ? "key" : tokens.last == "url_format" || tokens.count == 2 ? actionKey.map { "format-" + $0 }
            : example.flatMap { example in actionKey.map { example + "-" + $0 } } ?? tokens.joined(separator: "/"))
    }

    /// Three examples for one action, added with "Add an example": each is written, in order,
    /// and the two whose url the format does not render are lint's findings, at their fields.
    @Test func everyExampleIsWrittenAndChecked() throws {
        let file = TestPaths.packageRoot.appendingPathComponent("data/app-data/twitter.yaml")
        let appCount = try #require(try Document.load(SourceFile(path: file.path, bytes: Array(Data(contentsOf: file)))).root.elements?.first?["apps"]?.elements?.count)
        let addExample = "document.querySelector('.editor-examples[data-action=post] + button').click();"
        let snapshot = try Self.visit(Self.filling(
            type: "twitter", fields: [("name", "Example"), ("app_url_scheme", "exampleapp:")], formats: [("post", "exampleapp://post?q={{text}}")],
            examples: [("post-text", "one"), ("post", "exampleapp://post?q=one")],
            more: [addExample, addExample, Self.set("#editor-example1-post-text", "two"), Self.set("#editor-example1-post", "exampleapp://post?q=2"),
                   Self.set("#editor-example2-post-text", "a b"), Self.set("#editor-example2-post", "exampleapp://post?q=a b")]))
        #expect(snapshot.output.contains("q=one") && snapshot.output.contains("q=2") && snapshot.output.contains("q=a b"), "\(snapshot.output)")
        let catalog = try Self.catalog(with: snapshot.output, at: "data/app-data/twitter.yaml")
        let lint = try Self.lintFindings(in: catalog, atApp: appCount)
        #expect(Set(snapshot.findings) == lint, "page \(snapshot.findings)\nlint \(lint)")
        #expect(Set(lint.map { [$0[0], $0[1]] }) == [["example-mismatch", "example1-post"], ["example-mismatch", "example2-post"]], "\(lint)")
    }

    /// A new app of the first type (browser) that comes before a later type's app with its
    /// scheme, or with its key but another name and scheme: lint reports those at the later
    /// app, and the page shows the same findings, saying where.
    @Test(arguments: [
        [("name", "Example"), ("key", "example"), ("app_url_scheme", "tweetbot:")],
        [("name", "Tweetbot for the web"), ("key", "tweetbot"), ("app_url_scheme", "tweetbotweb:")],
    ])
    func findingsLintReportsAtALaterTypesAppAreShownWithWhere(fields: [(String, String)]) throws {
        let scheme = try #require(fields.last?.1)
        let snapshot = try Self.visit(Self.filling(type: "browser", fields: fields, formats: [("browse", scheme + "//open?url={{url}}")]))
        let catalog = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"))
        let anyField = { (_: String, _: String, _: String?) -> String? in "" }
        let before = try Self.lintFindings(in: catalog, file: nil, field: anyField)
        _ = try catalog.write("app-data/browser.json", snapshot.output)
        let added = try Self.lintFindings(in: catalog, file: nil, field: anyField).subtracting(before)
        let elsewhere = Set((snapshot.elsewhere ?? []).map { [$0[0], "", $0[2], $0[3], $0[4]] })
        #expect(!elsewhere.isEmpty && elsewhere == added, "page \(snapshot.elsewhere)\nlint \(added)")
        #expect(Set((snapshot.elsewhere ?? []).map { $0[5] }) == ["twitter/tweetbot"], "\(snapshot.elsewhere ?? [])")
        #expect(snapshot.findings.isEmpty, "\(snapshot.findings)")
    }

    /// With a config that gives rules other severities, turns one off and ignores findings at
    /// the new app (by index, through keys, by a glob), the page says what lint says.
    @Test func theConfigsRulesAndIgnoreEntriesApply() throws {
        let catalog = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"))
        let config = try String(contentsOf: catalog.file(".choosy-data.yml"), encoding: .utf8)
        let appCount = try #require(try Document.load(SourceFile(path: "twitter.yaml", bytes: Array(Data(contentsOf: catalog.file("app-data/twitter.yaml")))))
            .root.elements?.first?["apps"]?.elements?.count)
        _ = try catalog.write(".choosy-data.yml", config.replacingOccurrences(of: "ignore:\n", with: """
            rules:
              name-whitespace: error
              query-hash: off
              scheme-format: warning
            ignore:
              - rule: key-format
                path: app-data/twitter.yaml
                pointer: /0/apps/\(appCount)
                reason: by index
              - rule: query-crash
                path: app-data/*.yaml
                at: twitter/apps/example/actions/post
                reason: through keys, by a glob
              - rule: url-valid
                path: app-data/maps.yaml
                reason: another file

            """))
        let site = try BuiltSite([catalog.url.path])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let cases: [[(String, String)]] = [
            [("name", " Example "), ("key", "Bad Key"), ("app_url_scheme", "exampleapp")],
            [("name", "Example"), ("key", "example"), ("app_url_scheme", "exampleapp://"), ("format-post", "exampleapp://post?q&x=a b#y")],
        ]
        for fields in cases {
            let expression = Self.filling(type: "twitter", fields: fields.filter { !$0.0.hasPrefix("format-") },
                formats: fields.filter { $0.0.hasPrefix("format-") }.map { (String($0.0.dropFirst("format-".count)), $0.1) })
            let results = try Chromium.visit([Chromium.Visit(url: site.url("editor.html"), expression: expression)], returning: Snapshot.self)
            let snapshot = try #require(results[0].result, "\(results[0].errors)")
            _ = try catalog.write("app-data/twitter.yaml", snapshot.output)
            let lint = try Self.lintFindings(in: catalog, atApp: appCount)
            #expect(Set(snapshot.findings) == lint, "\(fields): page \(snapshot.findings), lint \(lint)")
            #expect(!lint.isEmpty && !snapshot.findings.contains { ["key-format", "query-crash", "query-hash"].contains($0[0]) }, "\(snapshot.findings)")
        }
    }

    /// Every app of data/'s server layer that the page can edit, chosen and left as it is,
    /// gives its file unchanged and no diff: the page writes values as fmt does, and knows
    /// where each app is; and the page says of it what lint says of it there (data/'s apps
    /// override built-in values the shipped client keeps). Those it cannot edit are few and
    /// say why.
    @Test func anAppChosenAndLeftAsItIsChangesNothingAndHasLintsFindings() throws {
        let expression = """
            (() => {
              const results = [];
              const typeSelect = document.getElementById('editor-type'), appSelect = document.getElementById('editor-app');
              for (const type of Array.from(typeSelect.options, option => option.value)) {
                typeSelect.value = type;
                typeSelect.dispatchEvent(new Event('change', {bubbles: true}));
                const original = document.getElementById('editor-output').textContent;
                const path = document.getElementById('editor-diff').textContent;
                Array.from(appSelect.options).filter(option => option.value !== '').forEach((option, index) => {
                  const app = {type, index, key: option.value, state: 'disabled', diff: '', findings: []};
                  results.push(app);
                  if (option.disabled) return;
                  appSelect.value = option.value;
                  appSelect.dispatchEvent(new Event('change', {bubbles: true}));
                  app.state = document.getElementById('editor-output').textContent === original ? 'same' : 'changed';
                  app.diff = document.getElementById('editor-diff').textContent;
                  app.findings = Array.from(document.querySelectorAll('#editor-findings li[data-rule]'), item => [item.dataset.rule, item.dataset.field, item.dataset.message, item.dataset.hint, item.dataset.severity]);
                });
              }
              return results;
            })()
            """
        struct App: Decodable {
            let type: String, index: Int, key: String, state: String, diff: String, findings: [[String]]
        }
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let results = try Chromium.visit([Chromium.Visit(url: site.url("editor.html"), expression: expression)], returning: [App].self)
        #expect(results[0].errors.isEmpty, "\(results[0].errors)")
        let apps = try #require(results[0].result)
        #expect(apps.count >= 10, "\(apps.map(\.key))")
        for app in apps where app.state != "disabled" {
            #expect(app.state == "same" && app.diff.isEmpty, "\(app)")
        }
        #expect(apps.filter { $0.state == "disabled" }.count <= 2, "\(apps.filter { $0.state == "disabled" })")

        let lint = try ToolRunner.run(["lint", "data", "--format", "json"], in: TestPaths.packageRoot)
        let report = try #require(JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any])
        let lintFindings = try #require(report["findings"] as? [[String: Any]])
        var atApps = 0
        for app in apps where app.state != "disabled" {
            // The type's file in the server layer, and lint's findings at the app, by the field
            // the page names: its key for the app itself, format-<action> for a url_format.
            let path = "data/app-data/" + (try #require(try FileManager.default.contentsOfDirectory(atPath: TestPaths.packageRoot.appendingPathComponent("data/app-data").path).first { $0.hasPrefix(app.type + ".") }))
            let file = TestPaths.packageRoot.appendingPathComponent(path)
            let document = try Document.load(SourceFile(path: file.path, bytes: Array(Data(contentsOf: file))))
            let prefix = "/0/apps/\(app.index)"
            let node = try #require(document.root.elements?.first?["apps"]?.elements?[app.index])
            let lintAtApp = Set(lintFindings.compactMap { finding -> [String]? in
                guard finding["file"] as? String == path, let pointer = finding["pointer"] as? String,
                      pointer == prefix || pointer.hasPrefix(prefix + "/"), let rule = finding["rule"] as? String else { return nil }
                let rest = pointer.dropFirst(prefix.count).split(separator: "/")
                let field = rest.isEmpty ? "key" : rest.count == 3 && rest[2] == "url_format"
                    ? "format-" + (node["actions"]?.elements?[Int(rest[1]) ?? 0]["key"]?.string ?? "") : String(rest[0])
                return [rule, field, finding["message"] as? String ?? "", finding["hint"] as? String ?? "", finding["severity"] as? String ?? ""]
            })
            atApps += lintAtApp.count
            #expect(Set(app.findings) == lintAtApp, "\(app.type) \(app.key): page \(app.findings), lint \(lintAtApp)")
        }
        #expect(atApps >= 4)
    }

    /// Editing Tweetbot (a new name, one url_format changed, one removed, one added) gives a
    /// file lint accepts and fmt leaves, and the page's diff is what git diff says of it.
    @Test func editingAnAppShowsTheDiffGitShows() throws {
        let snapshot = try Self.visit(Self.filling(
            type: "twitter", app: "tweetbot", fields: [("name", "Tweetbot 7")],
            formats: [("search", "tweetbot:///search?query={{text}}"), ("follow", ""), ("direct_message", "tweetbot:///messages/{{direct_message_id}}")]))
        #expect(snapshot.key == "tweetbot")
        #expect(snapshot.findings.isEmpty, "\(snapshot.findings)")
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: TestPaths.packageRoot.appendingPathComponent("data"), to: "data", message: "data")
        try repository.write(snapshot.output, to: "data/app-data/twitter.yaml")
        let gitDiff = try repository.git("diff", "--no-color", "--", "data/app-data/twitter.yaml")
        // git's header lines, then its hunks: the page writes the same hunks under its own header.
        let hunks = gitDiff.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("@@") }.joined(separator: "\n")
        #expect(snapshot.diff == "--- a/data/app-data/twitter.yaml\n+++ b/data/app-data/twitter.yaml\n" + hunks, "\(snapshot.diff)\n---\n\(gitDiff)")
        #expect(snapshot.diff.contains("-        - key: follow") && snapshot.diff.contains("+        - key: direct_message"), "\(snapshot.diff)")
        let lint = try ToolRunner.run(["lint", "data"], in: repository.url)
        #expect(lint.status == 0, "\(lint.standardOutput)")
        let fmt = try ToolRunner.run(["fmt", "--check", "data"], in: repository.url)
        #expect(fmt.status == 0, "\(fmt.standardOutput)\(fmt.standardError)")
    }

    /// A type with no file in the server layer (browser, once data/'s is gone) gets a new one,
    /// in the language of most of the layer's files (YAML with data/'s other files, JSON once
    /// only email.json is left), that lint accepts and fmt leaves; GitHub's new-file link
    /// carries its name and its text.
    @Test(arguments: [
        (["browser.json"], "yaml"), (["browser.json", "maps.yaml", "twitter.yaml"], "json"),
    ])
    func aTypeWithoutAFileInTheLayerGetsANewFileAndItsLink(removed: [String], language: String) throws {
        let catalog = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"))
        for file in removed { try FileManager.default.removeItem(at: catalog.file("app-data/\(file)")) }
        let site = try BuiltSite([catalog.url.path, "--source-url", "https://github.com/example/catalog/blob/main"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let expression = Self.filling(
            type: "browser", fields: [("name", "Example Browser"), ("app_url_scheme", "examplebrowser:")],
            formats: [("browse", "examplebrowser://open?url={{url}}")])
        let results = try Chromium.visit([Chromium.Visit(url: site.url("editor.html"), expression: expression)], returning: Snapshot.self)
        #expect(results[0].errors.isEmpty, "\(results[0].errors)")
        let snapshot = try #require(results[0].result)
        #expect(snapshot.findings.isEmpty, "\(snapshot.findings)")
        let link = try #require(snapshot.editLink.flatMap(URLComponents.init(string:)))
        #expect(link.path == "/example/catalog/new/main/")
        let path = try #require(link.queryItems?.first { $0.name == "filename" }?.value)
        #expect(path.hasSuffix("/app-data/browser.\(language)"), "\(path)")
        #expect(link.queryItems?.first { $0.name == "value" }?.value == snapshot.output)
        _ = try catalog.write("app-data/browser.\(language)", snapshot.output)
        let lint = try ToolRunner.run(["lint", "."], in: catalog.url)
        let findingsInTheNewFile = lint.standardOutput.split(separator: "\n").filter { $0.hasPrefix("app-data/browser.\(language):") }
        #expect(lint.status == 0 && findingsInTheNewFile.isEmpty, "\(lint.standardOutput)\n\(snapshot.output)")
        let fmt = try ToolRunner.run(["fmt", "--check", "."], in: catalog.url)
        #expect(fmt.status == 0, "\(fmt.standardOutput)\(fmt.standardError)\n\(snapshot.output)")
        let show = try ToolRunner.run(["show", "browser", "example_browser"], in: catalog.url)
        #expect(show.status == 0, "\(show.standardError)")
    }

    /// A type page links the editor with its type chosen; a link can name the app to start from.
    @Test func aLinkChoosesTheTypeAndTheAppToStartFrom() throws {
        let site = try BuiltSite(["data/"])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        #expect(try site.text("type-email.html").contains(#"<a href="editor.html?type=email">Add an app to Email</a>"#))
        let expression = "[document.getElementById('editor-type').value, document.getElementById('editor-app').value, document.getElementById('editor-key').value]"
        let results = try Chromium.visit([
            Chromium.Visit(url: site.url("editor.html") + "?type=email", expression: expression),
            Chromium.Visit(url: site.url("editor.html") + "?type=maps&app=waze", expression: expression),
        ], returning: [String].self)
        for result in results { #expect(result.errors.isEmpty, "\(result.errors)") }
        #expect(results.map(\.result) == [["email", "", ""], ["maps", "waze", "waze"]])
    }
}
