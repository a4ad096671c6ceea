import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosySyntax
@testable import ChoosyTools

/// `bundle`: the client's wire format, valid against the schema, loading back to the same
/// values, written all at once, refused for catalogs with lint errors.
@Suite(.serialized)
struct BundleTests {
    @Test func bundledCatalogWritesServerLayerAndManifest() throws {
        let scratch = try ScratchDirectory("bundle")
        let output = scratch.file("output")
        let outcome = try ToolRunner.run(["bundle", "data", "-o", output.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "Wrote 5 files to \(output.path).\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("app-data").path).sorted()
        #expect(files == ["browser.json", "email.json", "maps.json", "twitter.json"])
        try expectMatchesGolden(try String(contentsOf: output.appendingPathComponent("app-data/browser.json"), encoding: .utf8), "bundle/browser.json")
        try expectMatchesGolden(try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8), "bundle/manifest.json")
        // Nothing is left beside the bundle.
        let siblings = try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.hasPrefix(".\(output.lastPathComponent).") })
    }

    @Test func bundleValidatesAgainstTheSchemaAndLoadsBackToTheServerLayer() throws {
        let catalog = try CatalogLoader().load(path: TestPaths.packageRoot.appendingPathComponent("data").path)
        let bundle = try CatalogBundle(catalog)
        let server = catalog.layers.last!.files.flatMap(\.appTypes)
        let dataFiles = bundle.files.filter { $0.path.hasPrefix("app-data/") }
        #expect(dataFiles.count == server.count)
        for file in dataFiles {
            let document = try Document.load(SourceFile(path: file.path, bytes: file.bytes))
            #expect(AppTypeSchema.validator.validate(document.root).isEmpty, "\(file.path)")
            let loaded = CatalogFile(document: document).appTypes
            #expect(loaded.count == 1)
            let original = try #require(server.first { $0.key == loaded.first?.key })
            // The same values, whatever the source's format and member order.
            #expect(CanonicalJSON.appType(loaded[0].node) == CanonicalJSON.appType(original.node))
            #expect(!file.bytes.contains(UInt8(ascii: "\n")))
        }
        let manifest = try Document.load(SourceFile(path: "manifest.json", bytes: bundle.files.last!.bytes)).root
        for (entry, file) in zip(manifest["files"]?.elements ?? [], dataFiles) {
            #expect(entry["path"]?.string == file.path)
            #expect(entry["size"]?.numberText == String(file.bytes.count))
            #expect(entry["sha256"]?.string == SHA256.hexDigest(file.bytes))
        }
    }

    @Test func canonicalOrderPutsNameKeyDescriptionFirstThenSchemaOrder() throws {
        let source = SourceFile(path: "t.yaml", text: """
            - apps: []
              actions: []
              parameters: [{description: d, key: k, value_required: true, name: N}]
              key: t
              name: T

            """)
        let text = CanonicalJSON.file(try Document.load(source).root).compactText()
        #expect(text == #"[{"name":"T","key":"t","parameters":[{"name":"N","key":"k","description":"d","value_required":true}],"actions":[],"apps":[]}]"#)
    }

    /// `bundle X` reads the catalog `lint X` checks: inside a catalog, any folder or file of it
    /// means the whole catalog, so the bundle is the same one.
    @Test(arguments: ["data/app-data", "data/builtin/email.json", "data/app-data/maps.yaml"])
    func aPathInsideTheCatalogBundlesTheWholeCatalog(path: String) throws {
        let scratch = try ScratchDirectory("bundle")
        let whole = try ToolRunner.run(["bundle", "data", "-o", scratch.file("whole").path])
        let part = try ToolRunner.run(["bundle", path, "-o", scratch.file("part").path])
        #expect(whole.status == 0 && part.status == 0, "\(part.standardError)")
        let bundled = { (name: String) in try String(contentsOf: scratch.file("\(name)/app-data/email.json"), encoding: .utf8) }
        #expect(try bundled("part") == bundled("whole"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("part/app-data").path).count == 4)
    }

    /// Outside any catalog, a folder is one layer for `bundle` as for `lint`: the upstream
    /// server layer alone has the same errors in both.
    @Test func aFolderOutsideACatalogIsTheSameOneLayerAsForLint() throws {
        let scratch = try ScratchDirectory("bundle")
        let serverLayer = TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data/app-data").path
        let lint = try ToolRunner.run(["lint", serverLayer, "--color", "never"])
        let bundle = try ToolRunner.run(["bundle", serverLayer, "-o", scratch.file("out").path, "--color", "never"])
        #expect(lint.status == 1 && bundle.status == 1)
        // "4 files checked: 72 errors": bundle counts the same files and errors (and shows no warnings).
        let files = { (text: String) in text.split(separator: "\n").last { $0.contains(" checked: ") }?.split(separator: ",").first }
        #expect(files(lint.standardOutput) != nil)
        #expect(files(bundle.standardError) == files(lint.standardOutput))
    }

    @Test func catalogWithLintErrorsIsRefused() throws {
        let scratch = try ScratchDirectory("bundle")
        let output = scratch.file("output")
        let outcome = try ToolRunner.run(["bundle", "Tests/Fixtures/lint", "-o", output.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.contains(": error: "))
        #expect(outcome.standardError.hasSuffix("Error: the catalog has lint errors; nothing was written to \(output.path)\n"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// `?flag` has no `=`: the shipped client crashes the host app on it (`query-crash`, an
    /// error), so the catalog must not reach phones.
    @Test func catalogWhoseURLFormatCrashesTheShippedClientIsRefused() throws {
        let scratch = try ScratchDirectory("bundle")
        let catalog = scratch.file("catalog")
        let output = scratch.file("output")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let format = "a://post?text={{text}}&flag"
        try #"[{"name": "T", "key": "t", "parameters": [{"name": "Text", "key": "text", "description": "The text."}], "actions": [{"name": "Post", "key": "post"}], "apps": [{"name": "A", "key": "a", "app_url_scheme": "a:", "actions": [{"key": "post", "url_format": "\#(format)"}]}]}]"#
            .write(to: catalog.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        for client in [[], ["--client", "rfc3986"]] {
            let outcome = try ToolRunner.run(["bundle", catalog.path, "-o", output.path] + client)
            #expect(outcome.status == 1)
            #expect(outcome.standardError.contains("error: the query component 'flag' has no '='"))
            #expect(outcome.standardError.contains("[query-crash]"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
        // The same catalog with the flag written name=value is bundled.
        try #"[{"name": "T", "key": "t", "parameters": [{"name": "Text", "key": "text", "description": "The text."}], "actions": [{"name": "Post", "key": "post"}], "apps": [{"name": "A", "key": "a", "app_url_scheme": "a:", "actions": [{"key": "post", "url_format": "\#(format)=1"}]}]}]"#
            .write(to: catalog.appendingPathComponent("t.json"), atomically: true, encoding: .utf8)
        let fixed = try ToolRunner.run(["bundle", catalog.path, "-o", output.path])
        #expect(fixed.status == 0, "\(fixed.standardError)")
    }

    @Test func directoryOfOtherFilesIsNotReplaced() throws {
        let scratch = try ScratchDirectory("bundle")
        let output = scratch.file("output")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try "keep".write(to: output.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        let outcome = try ToolRunner.run(["bundle", "data", "-o", output.path])
        #expect(outcome.status == 2)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("notes.txt").path))
        // A previous bundle is replaced whole: a file it wrote that this run does not is gone.
        try FileManager.default.removeItem(at: output.appendingPathComponent("notes.txt"))
        #expect(try ToolRunner.run(["bundle", "data", "-o", output.path]).status == 0)
        try "stale".write(to: output.appendingPathComponent("app-data/stale.json"), atomically: true, encoding: .utf8)
        let list = output.appendingPathComponent(GeneratedDirectory.fileListName)
        try (String(contentsOf: list, encoding: .utf8) + FNV1a64.hexDigest("stale") + "  app-data/stale.json\n").write(to: list, atomically: true, encoding: .utf8)
        #expect(try ToolRunner.run(["bundle", "data", "-o", output.path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("app-data/stale.json").path))
    }

    @Test func missingOutputIsAUsageError() throws {
        let outcome = try ToolRunner.run(["bundle", "data"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: missing the bundle directory: -o DIR\nUsage: choosy-data bundle"))
    }
}
