import ChoosyTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyEditor
@testable import ChoosyLint
@testable import ChoosySyntax

/// Hover, completion, definition and references in a catalog of two layers: app type
/// `twitter` declared in a JSON file, and an app added to it in a YAML file of a later layer.
/// Each case fills the fixture's slots (`⟨name⟩`, or `⟨name|default⟩`) with text holding the
/// cursor `‸` and the `↓` marks of the expected answers; slots not named are left at their
/// default.
struct CatalogNavigatorTests {
    static let builtin = """
        [{"name": "Twitter", "key": ⟨typeKey⟩"twitter",
          "parameters": [{"name": "Text", "key": ⟨textKey⟩"text", ⟨textDescription|"description": "The text of the tweet."⟩},
                         {"name": "Profile", "key": ⟨profileKey⟩"profile_username", "description": "A user name, without @."}],
          "actions": [{"name": "Post a tweet", "key": ⟨postKey⟩"post"}, {"name": "Show a profile", "key": "show_profile"}],
          "apps": [{"name": "Tweetbot", "key": "tweetbot", "app_url_scheme": "tweetbot:",
                    "actions": [{"key": ⟨tweetbotPost|"post"⟩, "url_format": ⟨tweetbotFormat|"tweetbot:///post?text=⟨tweetbotText⟩{{te⟨inTweetbotText⟩xt}}"⟩}]}]}]

        """

    static let server = """
        - key: ⟨serverTypeKey⟩twitter
          apps:
            - name: Twitterrific
              key: ⟨appKey⟩twitterrific
        ⟨appLine⟩      app_url_sc⟨inField⟩heme: "twitterrific:"
              actions:
                - key: ⟨serverPost⟩post
                  url_format: ⟨serverFormat|"twitterrific:///post?message=⟨serverText⟩{{te⟨inServerText⟩xt}}&u=⟨serverProfile⟩{{profile_username}}"⟩
                - key: ⟨showProfileKey|show_profile⟩
                  url_format: twitterrific:///profile?screen_name=⟨serverProfile2⟩{{profile⟨inServerProfile⟩_username}}

        """

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let slots: [String: String]
        var testDescription: String { name }

        init(_ name: String, _ slots: [String: String]) {
            self.name = name
            self.slots = slots
        }

        var catalog: MarkedCatalog {
            MarkedCatalog([("builtin.json", Self.fill(builtin, slots)), ("server.yaml", Self.fill(server, slots))])
        }

        static func fill(_ template: String, _ slots: [String: String]) -> String {
            var text = template
            // Innermost first: a default may hold slots of its own.
            while let slot = text.firstMatch(of: /⟨(\w+)(?:\|([^⟨⟩]*))?⟩/) {
                text.replaceSubrange(slot.range, with: slots[String(slot.1)] ?? slot.2.map(String.init) ?? "")
            }
            return text
        }
    }

    @Test(arguments: [
        Case("a YAML placeholder leads to the parameter in the JSON layer", ["inServerText": "‸", "textKey": "↓"]),
        Case("a JSON placeholder leads to its parameter", ["inTweetbotText": "‸", "textKey": "↓"]),
        Case("a YAML app action leads to the action in the JSON layer", ["serverPost": "‸", "postKey": "↓"]),
        Case("a JSON app action leads to its action", ["tweetbotPost": #"‸"post""#, "postKey": "↓"]),
        Case("an app type's key leads to its definitions in every layer", ["serverTypeKey": "‸↓", "typeKey": "↓"]),
        Case("an undeclared placeholder leads nowhere", ["serverFormat": "x:{{nope‸}}"]),
        Case("a field name leads nowhere", ["inField": "‸"]),
    ])
    func definition(_ testCase: Case) {
        let marked = testCase.catalog
        let links = CatalogNavigator(catalog: marked.catalog).definition(in: marked.cursorFile.path, at: marked.cursor)
        #expect(Set(links.map(MarkedCatalog.mark)) == marked.marks)
    }

    @Test(arguments: [
        Case("a parameter's placeholders in every layer", ["textKey": "‸↓", "tweetbotText": "↓", "serverText": "↓"]),
        Case(
            "from a placeholder in a plain YAML scalar",
            ["inServerProfile": "‸", "profileKey": "↓", "serverProfile": "↓", "serverProfile2": "↓"]),
        Case("an action's app actions in every layer", ["postKey": "‸↓", "tweetbotPost": #"↓"post""#, "serverPost": "↓"]),
    ])
    func references(_ testCase: Case) {
        let marked = testCase.catalog
        let links = CatalogNavigator(catalog: marked.catalog).references(in: marked.cursorFile.path, at: marked.cursor, includeDeclaration: true)
        #expect(Set(links.map(MarkedCatalog.mark)) == marked.marks)
        #expect(links.count == marked.marks.count, "each place once")
    }

    @Test(arguments: [
        Case("a parameter in every layer, from a placeholder", ["inServerProfile": "‸", "profileKey": "↓", "serverProfile": "↓", "serverProfile2": "↓"]),
        Case("an action and its app actions in every layer", ["postKey": "‸↓", "tweetbotPost": #"↓"post""#, "serverPost": "↓"]),
        Case("an app", ["appKey": "‸↓"]),
    ])
    func rename(_ testCase: Case) throws {
        let marked = testCase.catalog
        let edits = try CatalogNavigator(catalog: marked.catalog).renameEdits(in: marked.cursorFile.path, at: marked.cursor, to: "renamed")
        #expect(Set(edits.map { "\($0.file)@\($0.range.start.offset)" }) == marked.marks)
        #expect(edits.count == marked.marks.count)
        // Each in its file's own way: a JSON string, a plain YAML scalar, a placeholder.
        for edit in edits {
            let expected = edit.newText.hasPrefix("{{") ? "{{renamed}}" : edit.file.hasSuffix(".json") ? "\"renamed\"" : "renamed"
            #expect(edit.newText == expected, "\(edit.file)@\(edit.range.start.offset)")
        }
    }

    @Test(arguments: [
        (Case("", ["inServerText": "‸"]), "profile_username", RenameRefusal.taken(entity: "parameter", key: "profile_username", appType: "twitter")),
        (Case("", ["serverTypeKey": "‸"]), "x", RenameRefusal.appType("twitter")),
        (Case("", ["inServerText": "‸"]), "9lives", RenameRefusal.invalidKey("9lives")),
        (Case("", ["inField": "‸"]), "x", RenameRefusal.notRenamable),
    ])
    func renameRefusals(_ testCase: Case, newName: String, refusal: RenameRefusal) {
        let marked = testCase.catalog
        #expect(throws: refusal) { try CatalogNavigator(catalog: marked.catalog).renameEdits(in: marked.cursorFile.path, at: marked.cursor, to: newName) }
    }

    @Test func referencesWithoutTheDeclaration() {
        let marked = Case("", ["inServerText": "‸", "tweetbotText": "↓", "serverText": "↓"]).catalog
        let links = CatalogNavigator(catalog: marked.catalog).references(in: marked.cursorFile.path, at: marked.cursor, includeDeclaration: false)
        #expect(Set(links.map(MarkedCatalog.mark)) == marked.marks)
    }

    @Test(arguments: [
        Case("a placeholder shows its parameter", ["inServerText": "‸"]),
        Case("a parameter's key shows the parameter", ["textKey": "‸"]),
        Case("an undeclared placeholder says so", ["serverFormat": "x:{{no‸pe}}"]),
        Case("an app action shows its action and who implements it", ["tweetbotPost": #""po‸st""#]),
        Case("an app's key shows the app", ["appKey": "‸"]),
        Case("an app type's key shows the app type", ["typeKey": "‸"]),
    ])
    func hover(_ testCase: Case) throws {
        let marked = testCase.catalog
        let hover = try #require(CatalogNavigator(catalog: marked.catalog).hover(in: marked.cursorFile.path, at: marked.cursor))
        let expected: [String: String] = [
            "a placeholder shows its parameter": Self.textHover,
            "a parameter's key shows the parameter": Self.textHover,
            "an undeclared placeholder says so": "`{{nope}}` is not a parameter of app type `twitter`",
            "an app action shows its action and who implements it": """
                **Post a tweet** — action `post` of app type `twitter`

                Opens a URL in Tweetbot (`tweetbot`), Twitterrific (`twitterrific`).

                Declared in `builtin.json:4:47`
                """,
            "an app's key shows the app": """
                **Twitterrific** — app `twitterrific` of app type `twitter`

                URL scheme: `twitterrific:`

                Implements `post`, `show_profile`.

                Declared in `server.yaml:4:12`
                """,
            "an app type's key shows the app type": """
                **Twitter** — app type `twitter`

                2 parameters, 2 actions, 2 apps

                Declared in `builtin.json:1:29`, `server.yaml:1:8`
                """,
        ]
        #expect(hover.markdown == expected[testCase.name])
        let text = marked.cursorFile.bytes
        #expect(hover.range.start.offset <= marked.cursor.offset && marked.cursor.offset <= hover.range.end.offset)
        #expect(hover.range.end.offset <= text.count)
    }

    @Test func hoverNamesFilesRelativeToTheCatalogRoot() throws {
        let marked = MarkedCatalog([("data/builtin.json", Case.fill(Self.builtin, [:])), ("data/server.yaml", Case.fill(Self.server, ["inServerText": "‸"]))])
        let catalog = Catalog(layers: marked.catalog.layers, root: "data")
        let hover = try #require(CatalogNavigator(catalog: catalog).hover(in: marked.cursorFile.path, at: marked.cursor))
        #expect(hover.markdown.hasSuffix("Declared in `builtin.json:2:42`"))
    }

    static let textHover = """
        **Text** — parameter `text` of app type `twitter`

        The text of the tweet.

        Declared in `builtin.json:2:42`
        """

    @Test func hoverOnAFieldShowsItsDeclaredDescription() throws {
        let marked = Case("", ["inField": "‸"]).catalog
        let hover = try #require(CatalogNavigator(catalog: marked.catalog).hover(in: marked.cursorFile.path, at: marked.cursor))
        let field = try #require(CatalogEntity.app.fields.first { $0.name == "app_url_scheme" })
        #expect(hover.markdown == "**app_url_scheme** (URL scheme) — required field of an app\n\n" + field.description)
    }

    /// A completion case: the slots, and the items expected as `label → insert text`, in order.
    struct CompletionCase: Sendable, CustomTestStringConvertible {
        let name: String
        let slots: [String: String]
        let items: [String]
        var testDescription: String { name }
    }

    @Test(arguments: [
        CompletionCase(
            name: "parameter keys after {{ in JSON, the closing braces already there",
            slots: ["tweetbotFormat": #""tweetbot:///post?text={{↓te‸}}""#], items: ["text → text", "profile_username → profile_username"]),
        CompletionCase(
            name: "parameter keys after {{ in a YAML string left open (the file does not parse)",
            slots: ["serverFormat": #""twitterrific:///post?message={{↓‸"#], items: ["text → text}}", "profile_username → profile_username}}"]),
        CompletionCase(
            name: "parameter keys after {{ in a plain YAML scalar",
            slots: ["serverFormat": "twitterrific:///post?message={{↓t‸"], items: ["text → text}}", "profile_username → profile_username}}"]),
        CompletionCase(
            name: "action keys as a JSON app action's key",
            slots: ["tweetbotPost": #""↓po‸""#], items: ["post → post", "show_profile → show_profile"]),
        CompletionCase(
            name: "action keys as a YAML app action's key",
            slots: ["showProfileKey": "↓sh‸"], items: ["post → post", "show_profile → show_profile"]),
        CompletionCase(
            name: "the fields a JSON parameter does not have yet, in a key left open",
            slots: ["textDescription": #""↓‸"#], items: ["description → description\": ", "presence_required → presence_required\": ", "value_required → value_required\": "]),
        CompletionCase(
            name: "the fields a JSON parameter does not have yet, in a key whose quotes are closed",
            slots: ["textDescription": #""↓‸""#], items: ["description → description", "presence_required → presence_required", "value_required → value_required"]),
        CompletionCase(
            name: "the fields a JSON parameter does not have yet, before any quote",
            slots: ["textDescription": "↓‸"], items: [#"description → "description": "#, #"presence_required → "presence_required": "#, #"value_required → "value_required": "#]),
        CompletionCase(
            name: "the fields a YAML app does not have yet, on a line being typed",
            slots: ["appLine": "      ↓so‸\n"], items: ["source → source: "]),
        CompletionCase(name: "nothing outside a placeholder", slots: ["tweetbotFormat": #""tweetbot:///p‸ost""#], items: []),
    ])
    func completion(_ testCase: CompletionCase) throws {
        let marked = Case(testCase.name, testCase.slots).catalog
        let items = CatalogNavigator(catalog: marked.catalog).completions(in: marked.cursorFile, at: marked.cursor)
        #expect(items.map { "\($0.label) → \($0.insertText)" } == testCase.items)
        for item in items {
            #expect([MarkedCatalog.mark(SourceLink(file: marked.cursorFile.path, range: item.replaceRange))] == Array(marked.marks))
            #expect(item.replaceRange.end == marked.cursor)
        }
    }

    /// While the only file declaring the app type does not parse, the catalog is read with its
    /// last text that did (as the server reads it), and the buffer as it is gives the context.
    @Test func completionInABrokenFileUsesTheCatalogOfItsLastParsedText() throws {
        let marked = Case("", ["tweetbotFormat": #""tweetbot:///post?text={{‸"#]).catalog
        #expect(marked.catalog.layers[0].files.isEmpty, "the buffer does not parse")
        #expect(CatalogNavigator(catalog: marked.catalog).completions(in: marked.cursorFile, at: marked.cursor).isEmpty)
        let lastParsed = SourceFile(path: "builtin.json", text: Case.fill(Self.builtin, [:]))
        let catalog = Catalog(layers: [Layer(name: "layer1", sources: [lastParsed]), marked.catalog.layers[1]])
        let items = CatalogNavigator(catalog: catalog).completions(in: marked.cursorFile, at: marked.cursor)
        #expect(items.map(\.label) == ["text", "profile_username"])
    }

    @Test(arguments: [
        ("rules:\n  empty-description: warning\n  ↓unu‸\n", "unused-parameter: "),
        ("rules:\n  empty-description: warning\n  ↓unu‸: off\n", "unused-parameter"),
        ("ignore:\n  - rule: ↓unu‸\n    path: a.json\n", "unused-parameter"),
        ("ignore:\n  - path: a.json\n    rule: \"↓‸\"\n", "unused-parameter"),
    ])
    func ruleIDsInTheConfig(text: String, insertText: String) throws {
        let marked = MarkedCatalog([(CatalogConfig.fileName, text)])
        let items = CatalogNavigator(catalog: marked.catalog).completions(in: marked.cursorFile, at: marked.cursor)
        let item = try #require(items.first { $0.label == "unused-parameter" })
        #expect(item.insertText == insertText)
        #expect(item.kind == .rule)
        #expect(item.documentation == UnusedParameterRule.description.summary)
        #expect([MarkedCatalog.mark(SourceLink(file: CatalogConfig.fileName, range: item.replaceRange))] == Array(marked.marks))
        #expect(!items.contains { $0.label == ConfigRule.description.id }, "the config rule cannot be set")
        #expect(!items.contains { $0.label == "empty-description" } || text.hasPrefix("ignore"), "a rule already set is not offered again")
    }
}

extension CatalogNavigatorTests {
    /// A rule's value under `rules:` completes to the severities; an ignore entry's `rule:`
    /// offers `*` with the rule ids.
    @Test func severitiesAndEveryRuleInTheConfig() throws {
        let severities = MarkedCatalog([(CatalogConfig.fileName, "rules:\n  unused-parameter: ↓wa‸\n")])
        let items = CatalogNavigator(catalog: severities.catalog).completions(in: severities.cursorFile, at: severities.cursor)
        #expect(items.map(\.label) == ["error", "warning", "off"])
        #expect(items.allSatisfy { $0.kind == .severity && [MarkedCatalog.mark(SourceLink(file: CatalogConfig.fileName, range: $0.replaceRange))] == Array(severities.marks) })
        let ignore = MarkedCatalog([(CatalogConfig.fileName, "ignore:\n  - rule: ↓‸\n")])
        let every = try #require(CatalogNavigator(catalog: ignore.catalog).completions(in: ignore.cursorFile, at: ignore.cursor).first { $0.label == "*" })
        #expect(every.insertText == "\"*\"")
    }
}

/// Every position of the files of data/ (those up to 2.6 kB, JSON, YAML and the config: each
/// position scans the whole file), as they are and cut short there as if being typed: the
/// navigator answers without crashing, and what it answers is around the cursor.
struct CatalogNavigatorEveryPositionTests {
    @Test(.tags(.slow)) func everyPositionOfTheDataCatalog() throws {
        let catalog = try CatalogLoader().load(path: TestPaths.packageRoot.appendingPathComponent("data").path)
        let navigator = CatalogNavigator(catalog: catalog)
        for (path, file) in catalog.sourceFiles.sorted(by: { $0.key < $1.key }) where file.bytes.count <= 2_600 {
            let lines = SourceLines(of: file, hasByteOrderMark: false)
            for offset in 0...file.bytes.count {
                let location = lines.location(ofOffset: UInt32(offset))
                for item in navigator.completions(in: file, at: location) {
                    #expect(item.replaceRange.start.offset <= offset && offset <= item.replaceRange.end.offset, "\(path)@\(offset): \(item)")
                }
                let typed = SourceFile(path: path, bytes: Array(file.bytes[..<offset]))
                for item in navigator.completions(in: typed, at: location) {
                    #expect(item.replaceRange.start.offset <= offset && item.replaceRange.end.offset == offset, "\(path)@\(offset) typed: \(item)")
                }
                if let hover = navigator.hover(in: path, at: location) {
                    #expect(hover.range.start.offset <= offset && offset <= hover.range.end.offset, "\(path)@\(offset): \(hover)")
                }
                for link in navigator.definition(in: path, at: location) + navigator.references(in: path, at: location, includeDeclaration: true) {
                    #expect(catalog.sourceFiles[link.file].map { link.range.end.offset <= $0.bytes.count } == true, "\(path)@\(offset): \(link)")
                }
            }
        }
    }
}
