import ChoosyCatalogTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosySyntax

/// An ignore entry names its finding by keys, so it stays on its value when entries move; an
/// index pointer still works, with a warning, and says where its finding moved (docs/catalog.md).
struct IgnoreEntryTests {
    typealias Scratch = CatalogReadSafetyTests.Scratch

    static func parameter(_ key: String) -> String {
        #"{"key": "\#(key)", "name": "N", "description": "What it is."}"#
    }

    /// A maps type with `parameters` (map_mode unused by every url_format, which uses `used`).
    static func maps(_ parameters: [String], using used: [String]) -> String {
        let query = used.map { "\($0)={{\($0)}}" }.joined(separator: "&")
        return #"[{"key": "maps", "name": "Maps", "actions": [{"key": "search", "name": "Search"}], "parameters": ["#
            + parameters.map(parameter).joined(separator: ", ")
            + #"], "apps": [{"key": "waze", "name": "Waze", "app_url_scheme": "waze:", "actions": [{"key": "search", "url_format": "waze://?\#(query)"}]}]}]"#
    }

    static func scratch(ignoring place: String) throws -> Scratch {
        let scratch = try Scratch("ignore")
        try scratch.config("  - {name: builtin, path: builtin}\nignore:\n  - rule: unused-parameter\n    path: builtin/maps.json\n    \(place)\n    reason: kept\n")
        try scratch.write("builtin/maps.json", maps(["query", "map_mode"], using: ["query"]))
        return scratch
    }

    /// Inserts a used parameter above the ignored one.
    static func insertParameter(in scratch: Scratch) throws {
        try scratch.write("builtin/maps.json", maps(["query", "zoom", "map_mode"], using: ["query", "zoom"]))
    }

    static func lint(_ scratch: Scratch) throws -> ToolRunner.Outcome {
        try ToolRunner.run(["lint", "--format", "json", "."], in: scratch.url)
    }

    static func findings(_ outcome: ToolRunner.Outcome) throws -> [[String: Any]] {
        let json = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        return try #require(json?["findings"] as? [[String: Any]], "\(outcome.standardOutput)")
    }

    @Test func insertingAParameterAboveAKeyedEntryKeepsTheExceptionOnTheSameValue() throws {
        let scratch = try Self.scratch(ignoring: "at: maps/parameters/map_mode")
        let before = try Self.lint(scratch)
        try Self.insertParameter(in: scratch)
        let after = try Self.lint(scratch)
        #expect(before.status == 0, "\(before.standardOutput)")
        #expect(try Self.findings(before).isEmpty)
        #expect(after.status == before.status)
        #expect(after.standardOutput == before.standardOutput)
        #expect(after.standardError == before.standardError)
    }

    @Test func aKeyedPointerWorksAsAtDoes() throws {
        let scratch = try Self.scratch(ignoring: "pointer: /maps/parameters/map_mode")
        try Self.insertParameter(in: scratch)
        #expect(try Self.findings(try Self.lint(scratch)).isEmpty)
    }

    @Test func anIndexPointerStillSilencesButWarnsWithTheKeyForm() throws {
        let scratch = try Self.scratch(ignoring: "pointer: /0/parameters/1")
        let findings = try Self.findings(try Self.lint(scratch))
        #expect(findings.map { $0["rule"] as? String } == ["ignore-by-index"])
        #expect(findings.first?["message"] as? String == "this ignore entry uses an array index (pointer: /0/parameters/1)")
        #expect(findings.first?["hint"] as? String == "write 'at: maps/parameters/map_mode' instead, so it stays on this value when entries move")
    }

    @Test func aStaleIndexPointerSaysWhereItsFindingMoved() throws {
        let scratch = try Self.scratch(ignoring: "pointer: /0/parameters/1")
        try Self.insertParameter(in: scratch)
        let findings = try Self.findings(try Self.lint(scratch))
        #expect(Set(findings.map { $0["rule"] as? String }) == ["stale-ignore", "unused-parameter"])
        let stale = try #require(findings.first { $0["rule"] as? String == "stale-ignore" })
        #expect(stale["message"] as? String == "this ignore entry for rule 'unused-parameter' no longer matches a finding at /0/parameters/1, "
            + "but the rule reports one of the same shape: the finding may have moved to /0/parameters/2 (at: maps/parameters/map_mode)")
        #expect(stale["hint"] as? String == "if it is the value the entry was written for, write 'at: maps/parameters/map_mode' so it stays on it "
            + "when entries move; otherwise the problem is gone: remove the entry")
    }

    @Test func aStaleEntryWithNothingOfItsShapeLeftIsGone() throws {
        let scratch = try Self.scratch(ignoring: "at: maps/parameters/map_mode")
        try scratch.write("builtin/maps.json", Self.maps(["query", "map_mode"], using: ["query", "map_mode"]))
        let findings = try Self.findings(try Self.lint(scratch))
        #expect(findings.map { $0["message"] as? String } == ["this ignore entry for rule 'unused-parameter' matches no finding"])
        #expect(findings.first?["hint"] as? String == "the problem is gone: remove the entry")
    }

    @Test(arguments: [
        ("at: mpas/parameters/map_mode", 6, 9,
         "this ignore entry's at: names nothing in the catalog: unknown app type 'mpas' (did you mean 'maps'?); valid values are: maps",
         "correct the entry's at: to name a value of the catalog, or remove the entry"),
        ("at: maps/apps/nonexist/app_url_scheme", 6, 9,
         "this ignore entry's at: names nothing in the catalog: app type 'maps' has no app 'nonexist'; valid values are: waze",
         "correct the entry's at: to name a value of the catalog, or remove the entry"),
        ("pointer: /0/parameters/7", 6, 14,
         "this ignore entry's pointer: names nothing in the catalog: app type 'maps' has no parameter '7'; valid values are: query, map_mode",
         "correct the entry's pointer: to name a value of the catalog, or remove the entry"),
        ("path: builtin/nope.json", 6, 11,
         "this ignore entry's path: matches no file of the catalog: unknown file 'builtin/nope.json' (did you mean 'builtin/maps.json'?); "
            + "valid values are: builtin/maps.json",
         "correct the entry's path: to match a file of the catalog (relative to its root), or remove the entry"),
    ])
    func anEntryNamingNothingSaysWhatIsUnknown(place: String, line: Int, column: Int, message: String, hint: String) throws {
        let scratch = try Scratch("ignore")
        try scratch.config("  - {name: builtin, path: builtin}\nignore:\n  - rule: unused-parameter\n    \(place)\n    reason: kept\n")
        try scratch.write("builtin/maps.json", Self.maps(["query", "map_mode"], using: ["query", "map_mode"]))
        let outcome = try Self.lint(scratch)
        let findings = try Self.findings(outcome)
        #expect(outcome.status == 0)
        #expect(findings.map { $0["rule"] as? String } == ["stale-ignore"])
        #expect(findings.first?["message"] as? String == message)
        #expect(findings.first?["hint"] as? String == hint)
        #expect(findings.first?["line"] as? Int == line)
        #expect(findings.first?["column"] as? Int == column)
    }

    @Test(arguments: [
        ("/mpas", "unknown app type 'mpas' (did you mean 'maps'?); valid values are: maps", 0),
        ("/maps/paramters", "app type 'maps' has no key 'paramters' (did you mean 'parameters'?); valid values are: key, name, actions, parameters, apps", 1),
        ("/maps/parameters/mapmode", "app type 'maps' has no parameter 'mapmode' (did you mean 'map_mode'?); valid values are: query, map_mode", 2),
        ("/maps/apps/waze/actions/serch", "app 'waze' has no action 'serch' (did you mean 'search'?); valid values are: search", 4),
        ("/0/name/x", "app type 'maps' has no key 'x'; there are none", 2),
    ])
    func aPointerNamingNothingSaysItsFirstUnknownKey(pointer: String, error: String, depth: Int) throws {
        let document = try JSONParser.parse(SourceFile(path: "maps.json", text: Self.maps(["query", "map_mode"], using: ["query"])))
        let missing = try #require(KeyedPointer.missing(pointer, in: document.root))
        #expect(missing.error.description == error)
        #expect(missing.depth == depth)
    }

    @Test(arguments: ["", "/0", "/maps/parameters/1", "/maps/parameters/map_mode/description", "/0/apps/waze/actions/0/url_format"])
    func aPointerNamingAValueIsNotMissing(pointer: String) throws {
        let document = try JSONParser.parse(SourceFile(path: "maps.json", text: Self.maps(["query", "map_mode"], using: ["query"])))
        #expect(KeyedPointer.missing(pointer, in: document.root) == nil)
    }

    @Test func theIndexWarningPointsAtThePointer() throws {
        let scratch = try Self.scratch(ignoring: "pointer: /0/parameters/1")
        let finding = try #require(try Self.findings(try Self.lint(scratch)).first)
        #expect(finding["rule"] as? String == "ignore-by-index")
        #expect(finding["line"] as? Int == 7)
        #expect(finding["column"] as? Int == 14)
        #expect(finding["endColumn"] as? Int == 29)
    }

    @Test(arguments: [
        ("/0/parameters/1/description", "/maps/parameters/map_mode/description"),
        ("/0/apps/0/actions/0/url_format", "/maps/apps/waze/actions/search/url_format"),
        ("/0", "/maps"),
        ("", ""),
        ("/0/parameters/9", "/maps/parameters/9"),
        ("/0/parameters/01", "/maps/parameters/01"),
        ("/0/name/x", "/maps/name/x"),
    ])
    func keyedPointersNameElementsByKey(pointer: String, keyed: String) throws {
        let document = try JSONParser.parse(SourceFile(path: "maps.json", text: Self.maps(["query", "map_mode"], using: ["query"])))
        #expect(KeyedPointer.keyed(pointer, in: document.root) == keyed)
    }

    @Test func aKeyWithASlashIsEscapedAsInAPointer() throws {
        let document = try JSONParser.parse(SourceFile(path: "x.json", text: #"[{"key": "a/b~c"}]"#))
        #expect(KeyedPointer.keyed("/0", in: document.root) == "/a~1b~0c")
        #expect(JSONPointer.tokens(of: "/a~1b~0c/0") == ["a/b~c", "0"])
    }

    @Test(arguments: [
        ("{rule: bom, at: x, pointer: /0, reason: r}", "an ignore entry has both 'at' and 'pointer'"),
        ("{rule: bom, at: /maps, reason: r}", "'at' of an ignore entry must name a value by its keys"),
        ("{rule: bom, at: '', reason: r}", "'at' of an ignore entry must name a value by its keys"),
        ("{rule: bom, at: [maps], reason: r}", "'at' of an ignore entry must be a string"),
    ])
    func badAtIsAConfigError(entry: String, message: String) {
        #expect(throws: SyntaxError.self) { try CatalogConfig.oneLayer(and: "ignore:\n  - \(entry)\n") }
        do {
            _ = try CatalogConfig.oneLayer(and: "ignore:\n  - \(entry)\n")
        } catch {
            #expect(error.message == message)
        }
    }
}
