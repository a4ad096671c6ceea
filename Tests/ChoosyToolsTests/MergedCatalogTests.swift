import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosySyntax
@testable import ChoosyTools

/// The merge rules of docs/merge.md on small in-memory catalogs. The shipped client: by key at
/// every level, the earliest definition whole, later layers only add keys. The rfc3986
/// profile: later layer wins, by key, at every level, field by field. Both: order is the
/// earlier layer's with new keys appended.
struct MergedCatalogTests {
    /// The catalog merged as `profile` merges it, as compact JSON text, member order kept.
    static func mergedJSON(_ layers: [[String]], profile: ClientProfile) throws -> String {
        let text = MergedCatalog(Catalog(layerTexts: layers), profile: profile).tree.jsonValue.rendered()
        return JSONValue(try JSONParser.parse(SourceFile(path: "out.json", text: text)).root).compactText()
    }

    /// `text` as compact JSON text, for writing expectations readably.
    static func compact(_ text: String) throws -> String {
        JSONValue(try JSONParser.parse(SourceFile(path: "expected.json", text: text)).root).compactText()
    }

    /// The shipped client fills one declared parameter after the other: a key declared twice in
    /// a type is filled twice, in both places; a later layer adds only the keys it declares anew
    /// (as often as it declares them), since it can change nothing built in.
    @Test func keysInFillOrderKeepEveryDeclarationTheClientKeeps() throws {
        let merged = MergedCatalog(Catalog(layerTexts: [
            [#"[{"key": "t", "parameters": [{"key": "a"}, {"key": "b"}, {"key": "A"}]}]"#],
            [#"[{"key": "t", "parameters": [{"key": "b"}, {"key": "c"}, {"key": "a"}, {"key": "c"}]}]"#],
        ]), profile: .shipped)
        let appType = try #require(merged.appType("t"))
        #expect(appType.parameterKeys == ["a", "b", "c"])
        #expect(appType.keysInFillOrder == ["a", "b", "a", "c", "c"])
    }

    /// Lookups by key find the same value as a search of the list, for short lists (searched)
    /// and long ones (indexed), across two layers, and nothing for a key not in the list.
    @Test(arguments: [3, 17, 60])
    func lookupsByKeyFindWhatTheListsHold(count: Int) throws {
        func type(_ key: String, keys: Range<Int>) -> String {
            let actions = keys.map { #"{"key": "go\#($0)", "url_format": "x://\#($0)"}"# }.joined(separator: ", ")
            return #"""
                {"key": "\#(key)", "parameters": [\#(keys.map { #"{"key": "p\#($0)"}"# }.joined(separator: ", "))],
                 "actions": [\#(keys.map { #"{"key": "go\#($0)"}"# }.joined(separator: ", "))],
                 "apps": [\#(keys.map { #"{"key": "a\#($0)", "actions": [\#(actions)]}"# }.joined(separator: ", "))]}
                """#
        }
        let first = "[" + (0..<count).map { type("t\($0)", keys: 0..<count / 2) }.joined(separator: ", ") + "]"
        let second = "[" + (0..<count).map { type("t\($0)", keys: count / 2..<count) }.joined(separator: ", ") + "]"
        let merged = MergedCatalog(Catalog(layerTexts: [[first], [second]]))
        #expect(merged.appTypes.count == count)
        for key in ["t0", "t\(count - 1)", "t\(count)"] {
            #expect(merged.appType(key)?.key == merged.appTypes.first { $0.key == key }?.key)
        }
        let appType = try #require(merged.appType("t\(count - 1)"))
        #expect(appType.apps.count == count && appType.actions.count == count && appType.parameters.count == count)
        #expect(appType.actionKeys == appType.actions.map(\.key) && appType.parameterKeys == appType.parameters.map(\.key))
        for index in [0, count / 2, count - 1, count] {
            #expect(appType.app("a\(index)") === appType.apps.first { $0.key == "a\(index)" })
            #expect(appType.action("go\(index)")?.key == (index < count ? "go\(index)" : nil))
            #expect(appType.parameter("p\(index)")?.key == (index < count ? "p\(index)" : nil))
        }
        let app = try #require(appType.app("a0"))
        #expect(app.actions.count == count / 2)
        #expect(app.action("go0")?.definitions.count == 1)
        #expect(app.action("go\(count / 2)") == nil)
    }

    struct MergeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let layers: [[String]]
        let expected: String
        var testDescription: String { name }
    }

    static let app = #""name": "A", "key": "a", "app_url_scheme": "a:""#

    @Test(arguments: [
        MergeCase(
            name: "a later app type name wins; fields a later layer omits keep the earlier value",
            layers: [
                [#"[{"name": "Mail", "key": "email", "parameters": [], "actions": [], "apps": []}]"#],
                [#"[{"name": "Email", "key": "email"}]"#],
            ],
            expected: #"[{"name": "Email", "key": "email", "parameters": [], "actions": [], "apps": []}]"#),
        MergeCase(
            name: "a parameter is overridden field by field",
            layers: [
                [#"[{"key": "t", "parameters": [{"name": "To", "key": "to", "description": "old", "value_required": true}]}]"#],
                [#"[{"key": "t", "parameters": [{"key": "to", "description": "new", "value_required": false}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [{"name": "To", "key": "to", "description": "new", "value_required": false}],
                  "actions": [], "apps": []}]
                """#),
        MergeCase(
            name: "an app's scheme is overridden and its name and source kept",
            layers: [
                [#"[{"key": "t", "apps": [{"name": "A", "key": "a", "app_url_scheme": "a:", "source": "https://a.example", "actions": []}]}]"#],
                [#"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "a-x-callback:"}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [],
                  "apps": [{"name": "A", "key": "a", "app_url_scheme": "a-x-callback:", "source": "https://a.example", "actions": []}]}]
                """#),
        MergeCase(
            name: "null and values of the wrong type are no value: the earlier one stays",
            layers: [
                [#"[{"name": "Maps", "key": "t", "actions": [{"name": "Search", "key": "search"}]}]"#],
                [#"[{"name": null, "key": "t", "actions": [{"name": 42, "key": "search"}]}]"#],
            ],
            expected: #"[{"name": "Maps", "key": "t", "parameters": [], "actions": [{"name": "Search", "key": "search"}], "apps": []}]"#),
        MergeCase(
            name: "an empty string is a value and wins",
            layers: [
                [#"[{"key": "t", "parameters": [{"key": "p", "description": "text"}]}]"#],
                [#"[{"key": "t", "parameters": [{"key": "p", "description": ""}]}]"#],
            ],
            expected: #"[{"key": "t", "parameters": [{"key": "p", "description": ""}], "actions": [], "apps": []}]"#),
        MergeCase(
            name: "an empty list removes nothing",
            layers: [
                [#"[{"key": "t", "actions": [{"name": "Go", "key": "go"}]}]"#],
                [#"[{"key": "t", "actions": []}]"#],
            ],
            expected: #"[{"key": "t", "parameters": [], "actions": [{"name": "Go", "key": "go"}], "apps": []}]"#),
        MergeCase(
            name: "new keys are appended after the earlier layer's, in their own order",
            layers: [
                [#"[{"key": "t", "actions": [{"key": "b"}, {"key": "a"}]}, {"key": "u"}]"#],
                [#"[{"key": "v"}, {"key": "t", "actions": [{"key": "d"}, {"key": "a", "name": "A"}, {"key": "c"}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [{"key": "b"}, {"name": "A", "key": "a"}, {"key": "d"}, {"key": "c"}], "apps": []},
                 {"key": "u", "parameters": [], "actions": [], "apps": []},
                 {"key": "v", "parameters": [], "actions": [], "apps": []}]
                """#),
        MergeCase(
            name: "an app in both layers has its actions merged by key",
            layers: [
                [#"[{"key": "t", "apps": [{\#(app), "actions": [{"key": "post", "url_format": "a://post"}, {"key": "show", "url_format": "a://old"}]}]}]"#],
                [#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "show", "url_format": "a://new"}, {"key": "find", "url_format": "a://find"}]}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [], "apps": [{"name": "A", "key": "a", "app_url_scheme": "a:", "actions": [
                  {"key": "post", "url_format": "a://post"}, {"key": "show", "url_format": "a://new"}, {"key": "find", "url_format": "a://find"}]}]}]
                """#),
        MergeCase(
            name: "an app type only in the later layer is added whole",
            layers: [
                [#"[{"key": "t"}]"#],
                [#"[{"name": "Notes", "key": "notes", "parameters": [{"key": "text"}], "actions": [{"key": "new"}], "apps": []}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [], "apps": []},
                 {"name": "Notes", "key": "notes", "parameters": [{"key": "text"}], "actions": [{"key": "new"}], "apps": []}]
                """#),
        MergeCase(
            name: "a duplicate key within one layer: the later definition wins field by field",
            layers: [[
                #"[{"key": "t", "apps": [{\#(app), "actions": []}, {"key": "a", "name": "A2"}]}]"#,
                #"[{"key": "t", "apps": [{"key": "a", "source": "https://a.example"}]}]"#,
            ]],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [],
                  "apps": [{"name": "A2", "key": "a", "app_url_scheme": "a:", "source": "https://a.example", "actions": []}]}]
                """#),
        MergeCase(
            name: "values without a string key take no part",
            layers: [
                [#"[{"name": "No key"}, {"key": "t", "actions": [{"name": "x"}, {"key": 1}], "apps": [{"name": "B", "actions": []}]}]"#],
                [#"[{"key": "t", "parameters": [{"name": "Nameless"}]}, {"key": null}]"#],
            ],
            expected: #"[{"key": "t", "parameters": [], "actions": [], "apps": []}]"#),
        MergeCase(
            name: "three layers: each field from the last layer that has it",
            layers: [
                [#"[{"name": "One", "key": "t", "apps": [{\#(app), "source": "https://1.example", "actions": [{"key": "go", "url_format": "a://1"}]}]}]"#],
                [#"[{"name": "Two", "key": "t", "apps": [{"key": "a", "source": "https://2.example", "actions": [{"key": "go", "url_format": "a://2"}]}]}]"#],
                [#"[{"key": "t", "apps": [{"key": "a", "name": "Three", "actions": [{"key": "go", "url_format": "a://3"}]}]}]"#],
            ],
            expected: #"""
                [{"name": "Two", "key": "t", "parameters": [], "actions": [], "apps": [
                  {"name": "Three", "key": "a", "app_url_scheme": "a:", "source": "https://2.example", "actions": [{"key": "go", "url_format": "a://3"}]}]}]
                """#),
        MergeCase(
            name: "examples are replaced whole and sit after url_format",
            layers: [
                [#"[{"key": "t", "apps": [{"key": "a", "actions": [{"examples": [{"parameters": {}, "url": "a://1"}], "url_format": "a://", "key": "go"}]}]}]"#],
                [#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "go", "examples": [{"parameters": {"q": "x"}, "url": "a://x"}]}]}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [], "apps": [{"key": "a", "actions": [
                  {"key": "go", "url_format": "a://", "examples": [{"parameters": {"q": "x"}, "url": "a://x"}]}]}]}]
                """#),
        MergeCase(
            name: "unknown members are kept after the known ones, a later non-null value winning",
            layers: [
                [#"[{"x_note": 1.50, "key": "t", "apps": [{"key": "a", "actions": [{"key": "go", "url_format": "a://old", "zeta": true}]}]}]"#],
                [#"[{"key": "t", "x_note": null, "apps": [{"key": "a", "actions": [{"key": "go", "url_fromat": "a://new"}]}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [], "apps": [{"key": "a", "actions": [
                  {"key": "go", "url_format": "a://old", "zeta": true, "url_fromat": "a://new"}]}], "x_note": 1.50}]
                """#),
    ])
    func laterLayersWinFieldByFieldForTheRFC3986Client(_ merge: MergeCase) throws {
        #expect(try Self.mergedJSON(merge.layers, profile: .rfc3986) == Self.compact(merge.expected))
    }

    /// The shipped client (0.6.x): the built-in type is the base; a server parameter, action,
    /// app or app action with a new key is appended in server order; a server entry with a
    /// built-in key changes nothing, not even a field the built-in one lacks; keys lowercased.
    @Test(arguments: [
        MergeCase(
            name: "a type only one layer has is used whole, after the built-in types",
            layers: [[#"[{"key": "a", "name": "A"}]"#], [#"[{"key": "b", "name": "B", "actions": [{"key": "go"}]}]"#]],
            expected: #"""
                [{"name": "A", "key": "a", "parameters": [], "actions": [], "apps": []},
                 {"name": "B", "key": "b", "parameters": [], "actions": [{"key": "go"}], "apps": []}]
                """#),
        MergeCase(
            name: "the server's name of a built-in type is ignored",
            layers: [[#"[{"key": "t", "name": "Twitter"}]"#], [#"[{"key": "t", "name": "Twitter / X"}]"#]],
            expected: #"[{"name": "Twitter", "key": "t", "parameters": [], "actions": [], "apps": []}]"#),
        MergeCase(
            name: "parameters: a new key is appended, a built-in one keeps every field, even one it lacks",
            layers: [
                [#"[{"key": "t", "parameters": [{"key": "q", "name": "Query"}, {"key": "r"}]}]"#],
                [#"[{"key": "t", "parameters": [{"key": "s", "name": "S"}, {"key": "q", "name": "Search", "description": "What to find."}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [{"name": "Query", "key": "q"}, {"key": "r"}, {"name": "S", "key": "s"}],
                  "actions": [], "apps": []}]
                """#),
        MergeCase(
            name: "actions: a new key is appended in server order, a built-in one is not renamed",
            layers: [
                [#"[{"key": "t", "actions": [{"key": "show", "name": "Show"}, {"key": "post", "name": "Post"}]}]"#],
                [#"[{"key": "t", "actions": [{"key": "search"}, {"key": "post", "name": "Tweet"}, {"key": "dm"}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [],
                  "actions": [{"name": "Show", "key": "show"}, {"name": "Post", "key": "post"}, {"key": "search"}, {"key": "dm"}],
                  "apps": []}]
                """#),
        MergeCase(
            name: "a built-in app keeps its name, scheme and source, gains only new actions",
            layers: [
                [#"[{"key": "t", "apps": [{"name": "Old", "key": "a", "app_url_scheme": "a:", "actions": [{"key": "go", "url_format": "a://go"}]}]}]"#],
                [#"[{"key": "t", "apps": [{"name": "New", "key": "a", "app_url_scheme": "b:", "source": "https://b.example", "actions": [{"key": "go", "url_format": "b://go"}, {"key": "more", "url_format": "a://more"}]}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [],
                  "apps": [{"name": "Old", "key": "a", "app_url_scheme": "a:",
                            "actions": [{"key": "go", "url_format": "a://go"}, {"key": "more", "url_format": "a://more"}]}]}]
                """#),
        MergeCase(
            name: "new apps are appended in server order, whole",
            layers: [
                [#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "go", "url_format": "a://"}]}]}]"#],
                [#"[{"key": "t", "apps": [{"key": "c", "app_url_scheme": "c:", "actions": [{"key": "go", "url_format": "c://"}]}, {"key": "b", "actions": []}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [],
                  "apps": [{"key": "a", "actions": [{"key": "go", "url_format": "a://"}]},
                           {"key": "c", "app_url_scheme": "c:", "actions": [{"key": "go", "url_format": "c://"}]},
                           {"key": "b", "actions": []}]}]
                """#),
        MergeCase(
            name: "keys are lowercased, so differently cased keys are one value",
            layers: [[#"[{"key": "Maps", "apps": [{"key": "Waze", "actions": [{"key": "Search", "url_format": "waze://"}]}]}]"#], [#"[{"key": "maps", "apps": [{"key": "waze", "app_url_scheme": "waze:"}]}]"#]],
            expected: #"""
                [{"key": "maps", "parameters": [], "actions": [], "apps": [{"key": "waze", "actions": [{"key": "search", "url_format": "waze://"}]}]}]
                """#),
        MergeCase(
            name: "nothing is removed: an empty server list adds nothing",
            layers: [[#"[{"key": "t", "parameters": [{"key": "q"}], "apps": [{"key": "a", "actions": [{"key": "go", "url_format": "a://"}]}]}]"#], [#"[{"key": "t", "parameters": [], "apps": [{"key": "a", "actions": []}]}]"#]],
            expected: #"""
                [{"key": "t", "parameters": [{"key": "q"}], "actions": [], "apps": [{"key": "a", "actions": [{"key": "go", "url_format": "a://"}]}]}]
                """#),
        MergeCase(
            name: "three layers: the earliest definition of each key counts",
            layers: [
                [#"[{"key": "t", "apps": [{"key": "a", "name": "One", "actions": [{"key": "go", "url_format": "a://1"}]}]}]"#],
                [#"[{"key": "t", "apps": [{"key": "a", "name": "Two", "actions": [{"key": "go", "url_format": "a://2"}, {"key": "x", "url_format": "a://x2"}]}]}]"#],
                [#"[{"key": "t", "apps": [{"key": "a", "name": "Three", "actions": [{"key": "x", "url_format": "a://x3"}, {"key": "y", "url_format": "a://y3"}]}]}]"#],
            ],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [], "apps": [{"name": "One", "key": "a", "actions": [
                  {"key": "go", "url_format": "a://1"}, {"key": "x", "url_format": "a://x2"}, {"key": "y", "url_format": "a://y3"}]}]}]
                """#),
        MergeCase(
            name: "a duplicate within one layer: the first is read, as Apple's reader keeps the first",
            layers: [[#"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "go", "url_format": "a://1"}, {"key": "go", "url_format": "a://2"}]}]}]"#]],
            expected: #"""
                [{"key": "t", "parameters": [], "actions": [], "apps": [{"key": "a", "actions": [{"key": "go", "url_format": "a://1"}]}]}]
                """#),
    ])
    func theShippedClientKeepsTheEarliestDefinitionWhole(_ merge: MergeCase) throws {
        #expect(try Self.mergedJSON(merge.layers, profile: .shipped) == Self.compact(merge.expected))
    }

    /// A value's definitions, one or many, come in layer order (the first is kept apart from
    /// the later ones, which only values defined more than once have).
    @Test func definitionsComeInLayerOrder() throws {
        func layer(_ actions: String) -> [String] {
            [#"[{"key": "t", "apps": [{"key": "a", "actions": [\#(actions)]}]}]"#]
        }
        let merged = MergedCatalog(Catalog(layerTexts: [
            layer(#"{"key": "go", "url_format": "a://1"}"#),
            layer(#"{"key": "only", "url_format": "a://only"}"#),
            layer(#"{"key": "go", "url_format": "a://3"}, {"key": "go", "url_format": "a://3b"}"#),
        ]))
        let app = try #require(merged.appType("t")?.app("a"))
        #expect(app.definitions.map(\.file) == ["layer1/file1.json", "layer2/file1.json", "layer3/file1.json"])
        let go = try #require(app.action("go"))
        #expect(go.definitions.map { $0.urlFormat?.text } == ["a://1", "a://3", "a://3b"])
        #expect(go.definitions.count == 3 && go.definitions[0].file == "layer1/file1.json" && go.definitions[2].urlFormat?.text == "a://3b")
        #expect(app.action("only")?.definitions.map(\.file) == ["layer2/file1.json"])
    }

    @Test func eachValueRemembersTheDefinitionItCameFrom() throws {
        let merged = MergedCatalog(Catalog(layerTexts: [
            [#"[{"key": "t", "apps": [{\#(Self.app), "actions": [{"key": "go", "url_format": "a://1"}]}]}]"#],
            ["[\n{\"key\": \"t\", \"apps\": [\n{\"key\": \"a\", \"actions\": [\n{\"key\": \"go\", \"url_format\": \"a://2\"}]}]}]"],
        ]), profile: .rfc3986)
        let app = try #require(merged.appType("t")?.app("a"))
        #expect(app.definitions.map(\.file) == ["layer1/file1.json", "layer2/file1.json"])
        let action = try #require(app.action("go"))
        #expect(action.value(\.urlFormat)?.text == "a://2")
        #expect(action.definition(providing: \.urlFormat)?.node.range.start.line == 4)
        guard case .source(let node, let file)? = app.tree["actions"].flatMap({ if case .array(let actions) = $0 { actions.first } else { nil } })?["url_format"] else {
            Issue.record("no url_format in the merged tree")
            return
        }
        #expect(file == "layer2/file1.json")
        #expect(node.range.start.line == 4)
        guard case .source(_, let nameFile)? = app.tree["name"] else {
            Issue.record("no name in the merged tree")
            return
        }
        #expect(nameFile == "layer1/file1.json")
    }

    @Test func textShowsWhereEachValueCameFrom() {
        let merged = MergedCatalog(Catalog(layerTexts: [
            ["[{\"name\": \"Tools\", \"key\": \"t\",\n \"apps\": [{\"name\": \"A\", \"key\": \"a\", \"app_url_scheme\": \"a:\", \"actions\": [{\"key\": \"go\", \"url_format\": \"a://1\"}]}]}]"],
            ["[{\"key\": \"t\",\n \"apps\": [{\"key\": \"a\",\n \"actions\": [{\"key\": \"go\",\n \"url_format\": \"a://2\", \"examples\": [\n {\"parameters\": {}, \"url\": \" a://2\"}]}]}]}]"],
        ]), profile: .rfc3986)
        #expect(MergedTextRenderer.render(merged.tree) == """
            - name: Tools                  (layer1/file1.json:1)
              key: t                       (layer1/file1.json:1)
              parameters: []
              actions: []
              apps:
                - name: A                  (layer1/file1.json:2)
                  key: a                   (layer1/file1.json:2)
                  app_url_scheme: a:       (layer1/file1.json:2)
                  actions:
                    - key: go              (layer1/file1.json:2)
                      url_format: a://2    (layer2/file1.json:4)
                      examples:            (layer2/file1.json:4)
                        - parameters: {}   (layer2/file1.json:5)
                          url: " a://2"    (layer2/file1.json:5)

            """)
    }

    @Test(arguments: [
        ("twiter", nil, "unknown app type 'twiter' (did you mean 'twitter'?); valid values are: twitter, email"),
        ("notes", nil, "unknown app type 'notes'; valid values are: twitter, email"),
        ("twitter", "tweetbott", "app type 'twitter' has no app 'tweetbott' (did you mean 'tweetbot'?); valid values are: tweetbot"),
        ("email", "mail", "app type 'email' has no app 'mail'; there are none"),
    ] as [(String, String?, String)])
    func unknownKeysListTheValidOnes(type: String, app: String?, message: String) {
        let merged = MergedCatalog(Catalog(layerTexts: [[
            #"[{"key": "twitter", "apps": [{"key": "tweetbot"}]}, {"key": "email"}]"#,
        ]]))
        let error = #expect(throws: UnknownKeyError.self) { try merged.tree(appType: type, app: app) }
        #expect(error?.description == message)
    }

    @Test func bundledCatalogMergesToTheGolden() throws {
        let catalog = try CatalogLoader().load(path: TestPaths.packageRoot.appendingPathComponent("data").path)
        try expectMatchesGolden(MergedCatalog(catalog).tree.jsonValue.rendered(), "show/data.json", in: TestPaths.sharedFixtures)
    }
}
