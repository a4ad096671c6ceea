import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyEditor

/// The language server's resident catalog: read once per workspace generation, reloaded when
/// a file changes on disk, and, when reloaded, parsed again only where a file changed; and the
/// diagnostics' schedule, which a user typing without a pause does not push back for ever.
@Suite struct ResidentCatalogTests {
    static func appType(_ key: String) -> String {
        #"[{"key": "\#(key)", "name": "T", "parameters": [], "actions": [], "apps": []}]"#
    }

    @Test func aCatalogIsReadOncePerGenerationAndReparsedOnlyWhereAFileChanged() throws {
        let scratch = try ScratchDirectory("resident", files: [
            ".choosy-data.yml": "version: 1\nlayers:\n  - name: server\n    path: app-data\n",
            "app-data/a.json": Self.appType("a"), "app-data/b.json": Self.appType("b"),
        ])
        var workspace = LSPWorkspace()
        workspace.configPath = scratch.file(".choosy-data.yml").path
        let path = scratch.file("app-data/a.json").path
        func keys() throws -> [String] { try workspace.catalog(forPath: path).layers.flatMap(\.files).flatMap(\.appTypes).compactMap(\.key).sorted() }
        let parses = { workspace.resident.parsedFiles.parseCount }

        #expect(try keys() == ["a", "b"])
        #expect(parses() == 2)
        _ = try keys()
        #expect(parses() == 2, "the same generation reads the catalog it has")
        workspace.generation += 1
        #expect(try keys() == ["a", "b"])
        #expect(parses() == 2, "a new generation reuses the trees of files that did not change")
        try Self.appType("c").write(to: scratch.file("app-data/b.json"), atomically: true, encoding: .utf8)
        #expect(try keys() == ["a", "c"], "a file changed on disk is read again")
        #expect(parses() == 3)
        try Self.appType("d").write(to: scratch.file("app-data/d.json"), atomically: true, encoding: .utf8)
        #expect(try keys() == ["a", "c", "d"], "a file added to a layer's folder is read")
    }

    /// After an edit, navigation answers at once from the catalog last merged, with the text
    /// as it is now; the diagnostics thread makes the edited snapshot's navigator
    /// (`makeNavigators`), and navigation answers from that one from then on. A rename works
    /// on the snapshot itself.
    @Test func navigationAnswersFromTheLastMergedCatalogUntilTheNewOneIsMade() throws {
        func text(_ extra: String) -> String {
            #"[{"key": "t", "parameters": [{"key": "text"}\#(extra)], "actions": [{"key": "p"}], "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://p?text={{text}}&x={{extra}}&m={{more}}"}]}]}]"#
        }
        let scratch = try ScratchDirectory("resident-navigation", files: [
            ".choosy-data.yml": "version: 1\nlayers:\n  - name: server\n    path: app-data\n", "app-data/a.json": text(""),
        ])
        var workspace = LSPWorkspace()
        workspace.configPath = scratch.file(".choosy-data.yml").path
        let path = scratch.file("app-data/a.json").path
        func open(_ text: String) {
            workspace.documents["file://" + path] = LSPDocument(
                uri: "file://" + path, path: path, version: workspace.generation, text: LSPText(text, encoding: .utf8), lastParsedBytes: nil,
                parsedFiles: workspace.resident.parsedFiles)
            workspace.generation += 1
        }
        func declarations(of placeholder: String, basis: NavigationBasis) throws -> Int {
            let navigator = try workspace.navigator(forPath: path, basis: basis)
            let offset = try #require(workspace.documents["file://" + path]?.text.bytes.firstRange(of: Array(placeholder.utf8))).lowerBound
            return navigator.definition(in: path, at: SourceLocation(line: 1, column: offset + 1, offset: offset)).count
        }

        open(text(""))
        workspace.makeNavigators()
        #expect(try declarations(of: "{{text}}", basis: .lastMerged) == 1)
        #expect(try declarations(of: "{{extra}}", basis: .lastMerged) == 0)
        open(text(#", {"key": "extra"}"#))
        #expect(try declarations(of: "{{text}}", basis: .lastMerged) == 1)
        #expect(try declarations(of: "{{extra}}", basis: .lastMerged) == 0, "the catalog last merged had no parameter extra")
        workspace.makeNavigators()
        #expect(try declarations(of: "{{extra}}", basis: .lastMerged) == 1)
        open(text(#", {"key": "extra"}, {"key": "more"}"#))
        #expect(try declarations(of: "{{more}}", basis: .lastMerged) == 0)
        #expect(try declarations(of: "{{more}}", basis: .current) == 1, "a rename reads the snapshot itself")
    }

    @Test func diagnosticsWaitForAPauseButNotLongerThanTheLongestWait() {
        let start = Date(timeIntervalSinceReferenceDate: 1000)
        // A first change: due after the delay.
        #expect(DiagnosticsScheduler.due(now: start, delay: 0.15, pendingSince: start) == start.addingTimeInterval(0.15))
        // A change 0.3 s after the first not yet linted: still the delay after it.
        let later = start.addingTimeInterval(0.3)
        #expect(DiagnosticsScheduler.due(now: later, delay: 0.15, pendingSince: start) == later.addingTimeInterval(0.15))
        // Changes that keep coming: no later than the longest wait after the first.
        let typing = start.addingTimeInterval(DiagnosticsScheduler.longestWait - 0.05)
        #expect(DiagnosticsScheduler.due(now: typing, delay: 0.15, pendingSince: start) == start.addingTimeInterval(DiagnosticsScheduler.longestWait))
    }

    /// A lint overtaken by a change is cancelled while the next one can still publish within
    /// the longest silence of the last publication, and finished once it could not.
    @Test(arguments: [(0.2, 0.3, false), (0.2, 0.7, true), (0.6, 0.3, true), (0.05, 0.7, false)])
    func anOvertakenLintIsFinishedOnlyWhenWaitingForTheNextWouldBeTooLong(lintDuration: Double, sincePublished: Double, wanted: Bool) {
        let published = Date(timeIntervalSinceReferenceDate: 1000)
        let last = LSPServer.Publication(generation: 3, at: published, lintDuration: lintDuration)
        #expect(last.wantsOvertakenLint(at: published.addingTimeInterval(sincePublished)) == wanted)
        #expect(LSPServer.Publication().wantsOvertakenLint(at: published), "nothing published yet: the first lint is finished")
    }
}
