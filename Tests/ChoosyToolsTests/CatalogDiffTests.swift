import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyTools

/// The diff core: every change of the upstream-derived fixtures once and rightly classified,
/// renames as renames, the gate's ordering.
struct CatalogDiffTests {
    static let fixtures = TestPaths.sharedFixture("diff")

    static func merged(_ side: String) throws -> MergedCatalog {
        MergedCatalog(try CatalogSide(fixtures.appendingPathComponent(side).path).load(currentDirectory: fixtures.path))
    }

    /// Pairing by hash map keeps what the list search did: an old value pairs with the first
    /// new value of its key, and renames take the unpaired new values of equal content in order.
    @Test func pairingTakesFirstKeyAndEqualContentsInOrder() {
        let old = ["a=1", "b=2", "c=2", "d=3", "e=9"]
        let new = ["a=7", "a=8", "x=2", "y=3", "z=2", "w=2", "b=5"]
        func key(_ value: String) -> String { String(value.prefix(1)) }
        func content(_ value: String) -> JSONValue { .string(String(value.dropFirst(2))) }
        let pairing = KeyedPairing(old: old, new: new, oldKey: key, newKey: key, oldContent: content, newContent: content)
        #expect(pairing.common.map { "\($0.old)>\($0.new)" } == ["a=1>a=7", "b=2>b=5"])
        #expect(pairing.renamed.map { "\($0.old)>\($0.new)" } == ["c=2>x=2", "d=3>y=3"])
        #expect(pairing.removed == ["e=9"])
        #expect(pairing.added == ["z=2", "w=2"])
        let withoutContents = KeyedPairing(old: old, new: new, oldKey: key, newKey: key)
        #expect(withoutContents.renamed.isEmpty)
        #expect(withoutContents.removed == ["c=2", "d=3", "e=9"])
        #expect(withoutContents.added == ["x=2", "y=3", "z=2", "w=2"])
    }

    @Test func fixtureChangesAreReportedOnceEach() throws {
        let diff = CatalogDiff(old: try Self.merged("old"), new: try Self.merged("new"))
        let summary = diff.changes.map { "\($0.changeClass.rawValue) \($0.kind.rawValue) \($0.entity.rawValue) \($0.type)/\($0.app ?? "-")/\($0.key)" }
        #expect(summary == [
            "breaking renamed action twitter/-/home_timeline",
            "breaking removed app twitter/-/echofon",
            "breaking changed app_action twitter/tweetbot/search",
            "feature added parameter maps/-/zoom",
            "fix changed app_action maps/waze/show_location",
            "docs changed parameter twitter/-/list_id",
        ])
        #expect(diff.changes[2].placeholdersRemoved == ["callback_url"])
        #expect(diff.changes[2].placeholdersAdded.isEmpty)
    }

    @Test func sameCatalogHasNoChanges() throws {
        #expect(CatalogDiff(old: try Self.merged("old"), new: try Self.merged("old")).changes.isEmpty)
    }

    @Test func renamedParameterIsOneChangeEvenWhereURLFormatsUseIt() {
        let old = MergedCatalog(Catalog(text: #"[{"name":"T","key":"t","parameters":[{"name":"Text","key":"text","description":"d"}],"actions":[{"name":"Post","key":"post"}],"apps":[{"name":"A","key":"a","app_url_scheme":"a:","actions":[{"key":"post","url_format":"a://post?t={{text}}"}]}]}]"#, layer: "server"))
        let new = MergedCatalog(Catalog(text: #"[{"name":"T","key":"t","parameters":[{"name":"Text","key":"message","description":"d"}],"actions":[{"name":"Post","key":"post"}],"apps":[{"name":"A","key":"a","app_url_scheme":"a:","actions":[{"key":"post","url_format":"a://post?t={{message}}"}]}]}]"#, layer: "server"))
        let changes = CatalogDiff(old: old, new: new).changes
        #expect(changes.map(\.kind) == [.renamed])
        #expect(changes.first?.oldKey == "text")
        #expect(changes.first?.key == "message")
        #expect(changes.first?.changeClass == .breaking)
    }

    @Test(arguments: [
        // url_format before, after, class
        ("a://x?t={{text}}", "a://x?t={{text}}&u={{url}}", ChangeClass.feature),
        ("a://x?t={{text}}&u={{url}}", "a://x?t={{text}}", ChangeClass.breaking),
        ("a://x?t={{text}}", "a://y?t={{text}}", ChangeClass.fix),
        // An undeclared placeholder is no caller's value: removing it takes nothing away.
        ("a://x?t={{text}}&r={{profile_username}}", "a://x?t={{text}}", ChangeClass.fix),
        // A format that crashed the host app and now opens a URL is fixed, whatever it fills.
        ("a://x?{{text}}&u={{url}}", "a://x?t={{text}}", ChangeClass.fix),
        // One that opened a URL and now crashes is broken, though it fills the same.
        ("a://x?t={{text}}", "a://x?{{text}}", ChangeClass.breaking),
    ])
    func urlFormatChangesAreClassifiedByWhatTheClientDoes(before: String, after: String, expected: ChangeClass) {
        func catalog(_ format: String) -> MergedCatalog {
            MergedCatalog(Catalog(text: #"[{"name":"T","key":"t","parameters":[{"key":"text"},{"key":"url"}],"actions":[],"apps":[{"name":"A","key":"a","app_url_scheme":"a:","actions":[{"key":"x","url_format":"\#(format)"}]}]}]"#, layer: "server"))
        }
        let changes = CatalogDiff(old: catalog(before), new: catalog(after)).changes
        #expect(changes.map(\.changeClass) == [expected])
    }

    @Test func aCrashFixedSaysWhatTheClientDidAndDoes() throws {
        func catalog(_ format: String) -> MergedCatalog {
            MergedCatalog(Catalog(text: #"[{"key":"t","parameters":[{"key":"text"}],"apps":[{"key":"a","actions":[{"key":"x","url_format":"\#(format)"}]}]}]"#, layer: "server"))
        }
        let change = try #require(CatalogDiff(old: catalog("a://x?{{text}}"), new: catalog("a://x?t={{text}}")).changes.first)
        #expect(change.outcomes?.before == .crash && change.outcomes?.after == .url)
        #expect(change.sentence(code: { $0 }).hasSuffix("; the client crashes the host app before, opens a URL now"))
        #expect(DiffJSONReporter.render(CatalogDiff(old: catalog("a://x?{{text}}"), new: catalog("a://x?t={{text}}"))).contains(#""outcome": {"#))
    }

    @Test func aNewOrderOfTheAppsIsReportedOnce() throws {
        func catalog(_ keys: [String]) -> MergedCatalog {
            let apps = keys.map { #"{"key":"\#($0)","name":"\#($0)","actions":[]}"# }.joined(separator: ",")
            return MergedCatalog(Catalog(text: #"[{"key":"t","apps":[\#(apps)]}]"#, layer: "server"))
        }
        let changes = CatalogDiff(old: catalog(["a", "b", "c"]), new: catalog(["c", "a", "b", "d"])).changes
        #expect(changes.map(\.kind) == [.added, .reordered])
        let reordered = try #require(changes.last)
        #expect(reordered.changeClass == .docs)
        #expect(reordered.sentence(code: { $0 }) == "reordered the apps of app type t (the order the picker lists them in): a, b, c → c, a, b")
        // Adding and removing apps alone leaves the others' order as it was.
        #expect(CatalogDiff(old: catalog(["a", "b", "c"]), new: catalog(["a", "c", "d"])).changes.map(\.kind) == [.removed, .added])
    }

    /// A built-in layer and a server layer overriding its values, merged as `profile` does.
    static func layered(server: String, profile: ClientProfile) -> MergedCatalog {
        let builtin = #"[{"key":"t","name":"T","parameters":[{"key":"p","name":"P"},{"key":"q","name":"Q"}],"actions":[{"key":"go","name":"Go"}],"apps":[{"key":"a","name":"A","app_url_scheme":"a:","actions":[{"key":"go","url_format":"a://go?p={{p}}"}]}]}]"#
        return MergedCatalog(Catalog(texts: [
            ("builtin", [("builtin/t.json", builtin)]),
            ("server", [("server/t.json", server)]),
        ]), profile: profile)
    }

    static let overrides = (
        old: #"[{"key":"t","parameters":[{"key":"p","description":"Old."}],"apps":[{"key":"a","app_url_scheme":"b:","actions":[{"key":"go","url_format":"b://go?p={{p}}&q={{q}}"}]}]}]"#,
        new: #"[{"key":"t","name":"T2","parameters":[{"key":"p","description":"New."}],"apps":[{"key":"a","app_url_scheme":"c:","actions":[{"key":"go","url_format":"b://go?p={{p}}"}]}]}]"#)

    @Test func changesToValuesTheShippedClientIgnoresAreDocsMarkedSo() {
        let changes = CatalogDiff(
            old: Self.layered(server: Self.overrides.old, profile: .shipped), new: Self.layered(server: Self.overrides.new, profile: .shipped)).changes
        #expect(changes.map { "\($0.changeClass.rawValue) \($0.entity.rawValue) \($0.key) \($0.field ?? "")" } == [
            "docs app_type t name", "docs parameter p description", "docs app a app_url_scheme", "docs app_action go url_format",
        ])
        #expect(changes.allSatisfy { $0.isIgnoredByClient })
        // The values compared are the ignored overrides, not the built-in values kept.
        #expect(changes[2].before == .object([("app_url_scheme", .string("b:"))]) && changes[2].after == .object([("app_url_scheme", .string("c:"))]))
        #expect(changes[3].placeholdersRemoved == ["q"])
        #expect(changes[3].sentence { $0 }.hasSuffix("; removes {{q}}; ignored by the shipped client"))
        #expect(changes[0].sentence { $0 } == "changed name of app type t: (none) → \"T2\"; ignored by the shipped client")
    }

    @Test func theSameOverridesChangeAFixedClient() {
        let changes = CatalogDiff(
            old: Self.layered(server: Self.overrides.old, profile: .rfc3986), new: Self.layered(server: Self.overrides.new, profile: .rfc3986)).changes
        #expect(changes.map { "\($0.changeClass.rawValue) \($0.entity.rawValue) \($0.key) \($0.field ?? "")" } == [
            "breaking app a app_url_scheme", "breaking app_action go url_format", "docs app_type t name", "docs parameter p description",
        ])
        #expect(!changes.contains { $0.isIgnoredByClient })
    }

    @Test func aChangeToAKeptValueAndToItsIgnoredOverrideAreTwoChanges() {
        let builtinChanged = MergedCatalog(Catalog(texts: [
            ("builtin", [("builtin/t.json", #"[{"key":"t","apps":[{"key":"a","app_url_scheme":"z:"}]}]"#)]),
            ("server", [("server/t.json", #"[{"key":"t","apps":[{"key":"a","app_url_scheme":"c:"}]}]"#)]),
        ]), profile: .shipped)
        let old = MergedCatalog(Catalog(texts: [
            ("builtin", [("builtin/t.json", #"[{"key":"t","apps":[{"key":"a","app_url_scheme":"a:"}]}]"#)]),
            ("server", [("server/t.json", #"[{"key":"t","apps":[{"key":"a","app_url_scheme":"b:"}]}]"#)]),
        ]), profile: .shipped)
        let changes = CatalogDiff(old: old, new: builtinChanged).changes
        #expect(changes.map { "\($0.changeClass.rawValue) \($0.isIgnoredByClient)" } == ["breaking false", "docs true"])
    }

    /// A built-in layer (frozen when `frozen`) declaring app `a`'s scheme as `builtinScheme`, and a
    /// server layer adding app `s` with `serverScheme`.
    static func frozenBuiltin(builtinScheme: String, serverScheme: String, frozen: Bool = true) -> MergedCatalog {
        MergedCatalog(Catalog(texts: [
            ("builtin", [("builtin/t.json", #"[{"key":"t","name":"T","apps":[{"key":"a","name":"A","app_url_scheme":"\#(builtinScheme)"}]}]"#)]),
            ("server", [("server/t.json", #"[{"key":"t","apps":[{"key":"s","name":"S","app_url_scheme":"\#(serverScheme)"}]}]"#)]),
        ], frozen: frozen ? ["builtin"] : []), profile: .shipped)
    }

    @Test func anEditToAFrozenLayerSaysItReachesNoPhoneAndKeepsItsClass() throws {
        let diff = CatalogDiff(
            old: Self.frozenBuiltin(builtinScheme: "a:", serverScheme: "s:"), new: Self.frozenBuiltin(builtinScheme: "b:", serverScheme: "z:"))
        #expect(diff.changes.map { "\($0.key) \($0.changeClass.rawValue) \($0.isInFrozenLayer)" } == ["a breaking true", "s breaking false"])
        #expect(diff.frozenLayerCount == 1)
        let frozen = try #require(diff.changes.first)
        #expect(frozen.sentence { $0 } == "changed app_url_scheme of app a: \"a:\" → \"b:\"; Info.plist needs scheme b; " + CatalogChange.frozenNote)
        #expect(!diff.changes[1].sentence { $0 }.contains(CatalogChange.frozenNote))
        // The same edit in a layer that is not frozen says nothing of the kind.
        let unfrozen = CatalogDiff(
            old: Self.frozenBuiltin(builtinScheme: "a:", serverScheme: "s:", frozen: false),
            new: Self.frozenBuiltin(builtinScheme: "b:", serverScheme: "s:", frozen: false))
        #expect(unfrozen.changes.map(\.isInFrozenLayer) == [false])
    }

    @Test func anAppAddedToTheFrozenLayerIsMarkedButOneAddedByTheServerIsNot() {
        let old = Self.frozenBuiltin(builtinScheme: "a:", serverScheme: "s:")
        let new = MergedCatalog(Catalog(texts: [
            ("builtin", [("builtin/t.json", #"[{"key":"t","name":"T","apps":[{"key":"a","name":"A","app_url_scheme":"a:"},{"key":"b","name":"B","app_url_scheme":"b:"}]}]"#)]),
            ("server", [("server/t.json", #"[{"key":"t","apps":[{"key":"s","name":"S","app_url_scheme":"s:"},{"key":"c","name":"C","app_url_scheme":"c:"}]}]"#)]),
        ], frozen: ["builtin"]), profile: .shipped)
        let added = CatalogDiff(old: old, new: new).changes.filter { $0.kind == .added }
        #expect(added.map { "\($0.key) \($0.isInFrozenLayer)" } == ["b true", "c false"])
    }

    @Test func changedSchemeIsBreakingAndNewRequiredParameterToo() {
        let old = MergedCatalog(Catalog(text: #"[{"name":"T","key":"t","parameters":[],"actions":[],"apps":[{"name":"A","key":"a","app_url_scheme":"a:","actions":[]}]}]"#, layer: "server"))
        let new = MergedCatalog(Catalog(text: #"[{"name":"T","key":"t","parameters":[{"name":"P","key":"p","description":"","presence_required":true}],"actions":[],"apps":[{"name":"A","key":"a","app_url_scheme":"b:","actions":[]}]}]"#, layer: "server"))
        let changes = CatalogDiff(old: old, new: new).changes
        #expect(changes.map { "\($0.changeClass.rawValue) \($0.kind.rawValue) \($0.entity.rawValue) \($0.field ?? "")" } == [
            "breaking added parameter ", "breaking changed app app_url_scheme",
        ])
    }

    @Test(arguments: [
        (DiffGate.breaking, [ChangeClass.breaking], [ChangeClass.feature, .fix, .docs]),
        (DiffGate.feature, [.breaking, .feature], [.fix, .docs]),
        (DiffGate.any, [.breaking, .feature, .fix, .docs], []),
    ])
    func gateOrdering(gate: DiffGate, reaching: [ChangeClass], notReaching: [ChangeClass]) {
        #expect(reaching.allSatisfy(gate.isReached(by:)))
        #expect(!notReaching.contains(where: gate.isReached(by:)))
    }

    @Test func sideSyntaxErrorNamesFileAndPosition() throws {
        let scratch = try ScratchDirectory("side")
        let directory = scratch.url
        try "[{\"key\": 1,}]\n".write(to: directory.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        #expect {
            try CatalogSide(directory.path).load(currentDirectory: directory.path)
        } throws: { error in
            "\(error)".hasSuffix("/t.json:1:11: trailing comma before '}' (remove the comma; JSON does not allow one after the last item)")
        }
    }

    @Test(arguments: [
        ("data", CatalogSide.path("data")),
        ("git:HEAD~1", CatalogSide.git(revision: "HEAD~1", path: nil)),
        ("git:v1.0:data/app-data", CatalogSide.git(revision: "v1.0", path: "data/app-data")),
    ])
    func sidesParse(argument: String, expected: CatalogSide) {
        #expect(CatalogSide(argument) == expected)
    }

    /// Every kind of change reads as a sentence, never as JSON: examples as the values and
    /// URLs that disappear and appear, a member that one side lacks as `(none)`.
    @Test func everyChangeKindReadsAsASentenceWithoutJSON() {
        let old = MergedCatalog(Catalog(text: #"""
            [{"key": "t", "name": "T", "parameters": [{"key": "text", "name": "Text", "description": "Said."}, {"key": "gone", "name": "Gone"}],
              "actions": [{"key": "post", "name": "Post"}, {"key": "read", "name": "Read"}],
              "apps": [{"key": "a", "name": "A", "app_url_scheme": "a:", "actions": [
                 {"key": "post", "url_format": "a://post?t={{text}}", "examples": [{"parameters": {"text": "hi"}, "url": "a://post?t=hi"}]},
                 {"key": "read", "url_format": "a://read", "examples": [{"parameters": {}, "url": "a://read"}, {"parameters": {"text": "x"}, "url": "a://read"}]}]}]}]
            """#, layer: "server"))
        let new = MergedCatalog(Catalog(text: #"""
            [{"key": "t", "name": "T", "parameters": [{"key": "text", "name": "Text", "value_required": true}],
              "actions": [{"key": "post", "name": "Post"}, {"key": "read", "name": "Read"}],
              "apps": [{"key": "a", "name": "A", "app_url_scheme": "a:", "actions": [
                 {"key": "post", "url_format": "a://post?t={{text}}"},
                 {"key": "read", "url_format": "a://read", "examples": [{"parameters": {"text": "x"}, "url": "a://read"}, {"parameters": {}, "url": "a://read"}]}]},
               {"key": "b", "name": "B", "app_url_scheme": "https:", "actions": [
                 {"key": "post", "url_format": "https://b/?t={{text}}", "examples": [{"parameters": {"text": "a`b"}, "url": "https://b/?t=a%60b"}]}]}]}]
            """#, layer: "server"))
        let sentences = CatalogDiff(old: old, new: new).changes.map { $0.sentence { "`\($0)`" } }
        #expect(sentences == [
            "removed parameter `gone` (Gone)",
            "changed value_required of parameter `text`: `false` → `true`",
            "added app `b` (B)",
            "changed description of parameter `text`: `\"Said.\"` → (none)",
            "changed examples of app action `post` of app `a`: removed example `text=hi` → `a://post?t=hi`",
            "changed examples of app action `read` of app `a`: same examples, reordered or rewritten",
        ])
        #expect(!sentences.contains { $0.contains("null") || $0.contains("[") || $0.contains("{\"") })
        let added = ExampleListChange(before: nil, after: .object([("examples", .array([
            .object([("parameters", .object([("text", .string("a`b")), ("n", .integer(2))])), ("url", .string("u:"))]),
            .object([("parameters", .object([]))]),
        ]))]))
        #expect(added.clauses(code: DiffMarkdownReporter.code) == "added example ``text=a`b``, `n=2` → `u:`; added example without parameters → no URL")
    }

    /// A new or changed app_url_scheme names the scheme the app's Info.plist now needs, in the
    /// text, JSON and Markdown reports; a web scheme and other changes name none.
    @Test func newSchemesNameTheInfoPlistImpact() throws {
        let old = MergedCatalog(Catalog(text: #"[{"key": "t", "apps": [{"key": "a", "name": "A", "app_url_scheme": "old:"}]}]"#, layer: "server"))
        let new = MergedCatalog(Catalog(text: #"""
            [{"key": "t", "apps": [{"key": "a", "name": "A", "app_url_scheme": "New:"}, {"key": "b", "name": "B", "app_url_scheme": "added://"},
                                   {"key": "w", "name": "W", "app_url_scheme": "https://example.com"}]},
             {"key": "u", "apps": [{"key": "c", "app_url_scheme": "cee:"}, {"key": "d", "app_url_scheme": "dee:"}]}]
            """#, layer: "server"))
        let diff = CatalogDiff(old: old, new: new)
        #expect(diff.changes.map { $0.sentence { "`\($0)`" } } == [
            #"changed app_url_scheme of app `a`: `"old:"` → `"New:"`; Info.plist needs scheme `new`"#,
            "added app `b` (B); Info.plist needs scheme `added`",
            "added app `w` (W)",
            "added app type `u`; Info.plist needs schemes `cee`, `dee`",
        ])
        #expect(DiffTextReporter().render(diff).contains("    added app b (B); Info.plist needs scheme added\n"))
        #expect(DiffMarkdownReporter.render(diff).contains("- Added app `b` (B); Info.plist needs scheme `added`\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(DiffJSONReporter.render(diff).utf8)) as? [String: Any])
        let changes = try #require(json["changes"] as? [[String: Any]])
        #expect(changes.map { $0["info_plist_schemes"] as? [String] } == [["new"], ["added"], [], ["cee", "dee"]])
    }

    /// A name is free text: in Markdown (release notes) it is escaped, so no name can open HTML,
    /// a link or a table cell, or end the list item.
    @Test func aNameInMarkdownIsTextNotMarkup() {
        let old = MergedCatalog(Catalog(text: #"[{"key": "t", "apps": []}]"#, layer: "server"))
        let new = MergedCatalog(Catalog(text: #"[{"key": "t", "apps": [{"key": "e", "name": "</details><img src=x> | [x](http://e.vil) `\n", "app_url_scheme": "e:"}]}]"#, layer: "server"))
        let markdown = DiffMarkdownReporter.render(CatalogDiff(old: old, new: new))
        #expect(markdown.contains(#"- Added app `e` (\<\/details\>\<img src\=x\> \| \[x\]\(http\:\/\/e\.vil\) \`\\n); "#), "\(markdown)")
        #expect(!markdown.contains(/[^\\][<>\[|]/), "every <, >, [ and | is escaped")
    }
}
