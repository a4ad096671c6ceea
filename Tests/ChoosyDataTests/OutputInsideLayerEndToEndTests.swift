import ChoosyTestSupport
import Foundation
import Testing

/// No command writes its `-o` directory inside a folder a layer reads, where the next run would
/// read the output as the catalog's; a folder of the catalog that no layer reads is fine.
@Suite(.serialized)
struct OutputInsideLayerEndToEndTests {
    static func refusal(_ output: String, folder: String, layer: String, inside: Bool = true) -> String {
        "Error: cannot write to \(output): it is \(inside ? "inside " : "")\(folder), which layer '\(layer)' reads, so the next run would "
            + "read what is written there as the catalog's files; choose a directory outside the folders the layers read\n"
    }

    @Test(arguments: [["bundle"], ["docs"], ["release"], ["codegen", "swift"]])
    func outputInsideALayerIsRefused(command: [String]) throws {
        let scratch = try ScratchDirectory("layer-output")
        try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("data"), to: scratch.file("cat"))
        try FileManager.default.createDirectory(at: scratch.file("cat/app-data/out"), withIntermediateDirectories: false)
        let outcome = try ToolRunner.run(command + ["cat", "-o", "cat/app-data/out"], in: scratch.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == Self.refusal("cat/app-data/out", folder: "cat/app-data", layer: "server"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("cat/app-data/out").path) == [])
        let missing = try ToolRunner.run(command + ["cat", "-o", "cat/builtin/new/site"], in: scratch.url)
        #expect(missing.standardError == Self.refusal("cat/builtin/new/site", folder: "cat/builtin", layer: "builtin"))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("cat/builtin/new").path))
    }

    /// A symbolic link in a layer's folder is read as the folder is: output where it leads,
    /// below that, or holding what it leads to, is refused too, naming the link.
    @Test(arguments: [["bundle"], ["docs"]])
    func outputALayerReadsThroughALinkIsRefused(command: [String]) throws {
        let scratch = try ScratchDirectory("layer-output")
        try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("data"), to: scratch.file("cat"))
        try FileManager.default.createDirectory(at: scratch.file("cat/site/kept"), withIntermediateDirectories: true)
        try scratch.link("cat/app-data/pages", to: "../site")
        let refusal = { (output: String, place: String) in
            "Error: cannot write to \(output): layer 'server' reads \(place) through the symbolic link cat/app-data/pages, so the next run "
                + "would read what is written there as the catalog's files; choose a directory outside the folders the layers read, "
                + "or remove the link\n"
        }
        for (output, place) in [("cat/site", "it"), ("cat/site/new", "there")] {
            let outcome = try ToolRunner.run(command + ["cat", "-o", output], in: scratch.url)
            #expect(outcome.status == 2)
            #expect(outcome.standardError == refusal(output, place))
        }
        // Linked into the output rather than to it: what the output would replace.
        try FileManager.default.removeItem(at: scratch.file("cat/app-data/pages"))
        try scratch.link("cat/app-data/pages", to: "../site/kept")
        let holding = try ToolRunner.run(command + ["cat", "-o", "cat/site"], in: scratch.url)
        #expect(holding.status == 2)
        #expect(holding.standardError == refusal("cat/site", "there"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("cat/site").path) == ["kept"])
    }

    /// The issue's case: the bundle written into a layer made the next lint fail; written
    /// beside the layers, in the catalog's own folder, it is not read.
    @Test func bundleBesideTheLayersLeavesLintClean() throws {
        let scratch = try ScratchDirectory("layer-output")
        try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("data"), to: scratch.file("cat"))
        let layer = try ToolRunner.run(["bundle", "cat", "-o", "cat/builtin"], in: scratch.url)
        #expect(layer.standardError == Self.refusal("cat/builtin", folder: "cat/builtin", layer: "builtin", inside: false))
        let beside = try ToolRunner.run(["bundle", "cat", "-o", "cat/out"], in: scratch.url)
        #expect(beside.status == 0, "\(beside.standardError)")
        // A layer skips hidden folders, so one inside a layer's folder is beside the layer too.
        let hidden = try ToolRunner.run(["bundle", "cat", "-o", "cat/app-data/.bundle"], in: scratch.url)
        #expect(hidden.status == 0, "\(hidden.standardError)")
        let lint = try ToolRunner.run(["lint", "cat"], in: scratch.url)
        #expect(lint.status == 0, "\(lint.standardOutput)")
    }
}
