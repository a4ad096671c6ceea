import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosySyntax

/// Loading catalogs: the config file, layers, files, and the model decoded from the tree.
struct CatalogTests {
    /// The config `text` describes, or its first mistake.
    static func config(_ text: String) -> Result<CatalogConfig, SyntaxError> {
        Result { () throws(SyntaxError) in
            let document = try YAMLLoader.load(SourceFile(path: ".choosy-data.yml", text: text))
            do throws(CatalogConfig.Problems) { return try CatalogConfig.decode(document) } catch { throw error.problems[0] }
        }
    }

    @Test func configListsLayersInOrder() throws {
        let config = try Self.config("layers:\n  - name: builtin\n    path: builtin\n  - name: server\n    paths: [a, b]\n").get()
        #expect(config.layers.map(\.name) == ["builtin", "server"])
        #expect(config.layers.map(\.paths) == [["builtin"], ["a", "b"]])
        #expect(config.layers[1].pathRanges.map(\.start.description) == ["5:13", "5:16"])
    }

    @Test func configMayNameTheMinimumClient() throws {
        let config = try Self.config("minimum_client: \"0.6.0\"\nlayers:\n  - {name: a, path: x}\n").get()
        #expect(config.minimumClient?.description == "0.6.0")
        #expect(try Self.config("layers:\n  - {name: a, path: x}\n").get().minimumClient == nil)
    }

    @Test(arguments: [
        ("layers: []\n", "'layers' must be a non-empty list of layers", 1, 9),
        ("layer: []\n", "the config has no key 'layer' (did you mean 'layers'?); valid values are: version, client, platform, minimum_client, layers, rules, ignore", 1, 1),
        ("layers:\n  - path: x\n", "a layer needs a 'name' (a non-empty string)", 2, 5),
        ("layers:\n  - name: a\n", "layer 'a' has no 'path'", 2, 5),
        ("layers:\n  - {name: a, path: x}\n  - {name: a, path: y}\n", "the layer name 'a' is used twice", 3, 12),
        ("layers:\n  - {name: a, path: x, paths: [y]}\n", "layer 'a' has both 'path' and 'paths'", 2, 5),
        ("layers:\n  - {name: a, paths: [1]}\n", "'paths' of layer 'a' must be a non-empty list of strings", 2, 22),
        ("- a\n", "the config must be a mapping, not a list", 1, 1),
        ("minimum_client: 0.6\nlayers:\n  - {name: a, path: x}\n", "'minimum_client' must be a client version MAJOR.MINOR.PATCH", 1, 17),
        ("minimum_client: [1]\nlayers:\n  - {name: a, path: x}\n", "'minimum_client' must be a client version MAJOR.MINOR.PATCH", 1, 17),
        // A second `layers:` used to replace the first without a word.
        ("layers:\n  - {name: a, path: x}\nlayers:\n  - {name: b, path: y}\n",
         "duplicate key \"layers\"; an object holds each key once (the first is on line 1)", 3, 1),
    ])
    func configMistakesSayWhere(text: String, message: String, line: Int, column: Int) {
        guard case .failure(let error) = Self.config(text) else {
            Issue.record("accepted a bad config")
            return
        }
        #expect(error.message == message)
        #expect(error.range.start.line == line)
        #expect(error.range.start.column == column)
    }

    /// One run shows every mistake, in file order, not only the first.
    @Test func everyConfigMistakeIsReportedAtOnce() throws {
        let text = "layers:\n  - {name: a, path: x, dir: y}\n  - {name: b}\nrules: {bom: loud, nope: off}\nignore:\n  - {rule: bom}\nlevel: 2\n"
        let document = try YAMLLoader.load(SourceFile(path: ".choosy-data.yml", text: text))
        #expect(throws: CatalogConfig.Problems.self) { try CatalogConfig.decode(document) }
        do throws(CatalogConfig.Problems) {
            _ = try CatalogConfig.decode(document)
        } catch {
            // The unknown rule `nope` (4:20) is lint's to report: the catalog layer does not know the rules.
            #expect(error.problems.map { "\($0.range.start.line):\($0.range.start.column)" } == ["2:24", "3:5", "4:14", "6:5", "7:1"])
            #expect(error.namedRules.map(\.id) == ["bom", "nope", "bom"])
            let findings = ConfigRule.findings(for: error.problems, namedRules: error.namedRules, in: ".choosy-data.yml")
            #expect(findings.map { "\($0.range.start.line):\($0.range.start.column)" } == ["2:24", "3:5", "4:14", "4:20", "6:5", "7:1"])
            #expect(error.problems.map(\.message).first == "a layer has no key 'dir'; valid values are: name, path, paths, frozen")
        }
    }

    @Test func bundledCatalogLoadsBothLayersWithEveryFile() throws {
        let catalog = try CatalogLoader().load(path: TestPaths.packageRoot.appendingPathComponent("data").path)
        #expect(catalog.layers.map(\.name) == ["builtin", "server"])
        for layer in catalog.layers {
            #expect(layer.unloadableFiles.isEmpty)
            let keys = layer.files.flatMap(\.appTypes).compactMap(\.key).sorted()
            #expect(keys == ["browser", "email", "maps", "twitter"])
        }
    }

    @Test func modelKeepsUnknownMembersAndNodes() throws {
        let text = """
            [{"name": "Notes", "key": "notes", "x_note": 1,
              "parameters": [{"name": "Text", "key": "text", "description": "d", "value_required": true}],
              "actions": [{"name": "New", "key": "new"}],
              "apps": [{"name": "Bear", "key": "bear", "app_url_scheme": "bear:", "source": "https://bear.app",
                        "actions": [{"key": "new", "url_format": "bear://create?text={{text}}", "extra": []}]}]}]
            """
        let file = CatalogFile(document: try JSONParser.parse(SourceFile(path: "notes.json", text: text)))
        let appType = try #require(file.appTypes.first)
        #expect(appType.unknownMembers.map(\.key) == ["x_note"])
        #expect(appType.parameters.first?.valueRequired == true)
        #expect(appType.parameters.first?.presenceRequired == nil)
        let app = try #require(appType.apps.first)
        #expect(app.source == "https://bear.app")
        let action = try #require(app.actions.first)
        #expect(action.urlFormat?.placeholders.map(\.name) == ["text"])
        #expect(action.unknownMembers.map(\.key) == ["extra"])
        #expect(action.node.pointer.description == "/0/apps/0/actions/0")
        #expect(action.node.range.start.line == 5)
    }

    @Test func directoryWithoutConfigIsOneLayerOfItsFilesInOrder() throws {
        let catalog = try CatalogLoader().load(path: TestPaths.sharedFixture("lint").path)
        #expect(catalog.layers.count == 1)
        let paths = catalog.sourceFiles.keys.map { ($0 as NSString).lastPathComponent }.sorted()
        #expect(paths == ["bom.json", "duplicate-key.json", "duplicate-key.yaml", "trailing-comma.json", "unclosed.yaml"])
        #expect(catalog.fileCount == 5)
    }

    @Test func readingADirectoryAsAFileIsAnInputError() {
        #expect(throws: InputError(path: TestPaths.fixtures().path, reason: "is a directory, not a file")) {
            try SourceFile.read(path: TestPaths.fixtures().path)
        }
    }

    @Test func readingAMissingFileIsAnInputError() {
        #expect(throws: InputError(path: "/no/such/file.json", reason: "No such file or directory")) {
            try SourceFile.read(path: "/no/such/file.json")
        }
    }

    /// Root reads every file, so this runs only for other users; the FIFO end-to-end test
    /// covers unreadable input everywhere.
    @Test(.enabled(if: getuid() != 0)) func unreadableFileIsAnInputError() throws {
        let scratch = try ScratchDirectory("unreadable")
        let url = scratch.file("unreadable.json")
        try Data("[]".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: url.path)
        #expect(throws: InputError(path: url.path, reason: "permission denied")) {
            try SourceFile.read(path: url.path)
        }
    }
}
