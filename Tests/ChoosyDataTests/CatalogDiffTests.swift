@testable import ChoosyData
import Foundation
import Testing

/// The diff core: every change of the upstream-derived fixtures once and rightly classified,
/// renames as renames, the gate's ordering.
struct CatalogDiffTests {
    static let fixtures = TestPaths.fixture("diff")

    static func merged(_ side: String) throws -> MergedCatalog {
        MergedCatalog(try CatalogSide(fixtures.appendingPathComponent(side).path).load(currentDirectory: fixtures.path))
    }

    /// A one-file catalog from JSON text.
    static func catalog(_ json: String) -> MergedCatalog {
        MergedCatalog(Catalog(layers: [Layer(name: "server", sources: [SourceFile(path: "t.json", text: json)])]))
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
        let old = Self.catalog(#"[{"name":"T","key":"t","parameters":[{"name":"Text","key":"text","description":"d"}],"actions":[{"name":"Post","key":"post"}],"apps":[{"name":"A","key":"a","app_url_scheme":"a:","actions":[{"key":"post","url_format":"a://post?t={{text}}"}]}]}]"#)
        let new = Self.catalog(#"[{"name":"T","key":"t","parameters":[{"name":"Text","key":"message","description":"d"}],"actions":[{"name":"Post","key":"post"}],"apps":[{"name":"A","key":"a","app_url_scheme":"a:","actions":[{"key":"post","url_format":"a://post?t={{message}}"}]}]}]"#)
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
    ])
    func urlFormatChangesAreClassifiedByPlaceholders(before: String, after: String, expected: ChangeClass) {
        func catalog(_ format: String) -> MergedCatalog {
            Self.catalog(#"[{"name":"T","key":"t","parameters":[],"actions":[],"apps":[{"name":"A","key":"a","app_url_scheme":"a:","actions":[{"key":"x","url_format":"\#(format)"}]}]}]"#)
        }
        let changes = CatalogDiff(old: catalog(before), new: catalog(after)).changes
        #expect(changes.map(\.changeClass) == [expected])
    }

    @Test func changedSchemeIsBreakingAndNewRequiredParameterToo() {
        let old = Self.catalog(#"[{"name":"T","key":"t","parameters":[],"actions":[],"apps":[{"name":"A","key":"a","app_url_scheme":"a:","actions":[]}]}]"#)
        let new = Self.catalog(#"[{"name":"T","key":"t","parameters":[{"name":"P","key":"p","description":"","presence_required":true}],"actions":[],"apps":[{"name":"A","key":"a","app_url_scheme":"b:","actions":[]}]}]"#)
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
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("choosy-side-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
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
}
