import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosySyntax
@testable import ChoosyTools

/// `fmt` formats the documents its catalog loaded instead of reading and parsing each file
/// again: what it reports must be what formatting each file read afresh gives.
struct FormatRunTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.sharedFixture(name), encoding: .utf8)
    }

    /// A catalog of canonical, messy, fixable, commented and unparsable files in both formats.
    static func catalogFiles() throws -> [String: String] {
        [
            ".choosy-data.yml": "layers: [{name: server, path: app-data}]\n",
            "app-data/canonical.json": try fixture("golden/fmt/messy.json.json"),
            "app-data/canonical.yaml": try fixture("golden/fmt/messy.json.yaml"),
            "app-data/messy.json": try fixture("fmt/messy.json"),
            "app-data/messy.yaml": try fixture("fmt/messy.yaml"),
            "app-data/bom.json": "\u{FEFF}" + (try fixture("golden/fmt/messy.yaml.json")),
            "app-data/crlf.json": try fixture("golden/fmt/messy.yaml.json").replacingOccurrences(of: "\n", with: "\r\n"),
            "app-data/padded-name.json": "[\n  {\n    \"name\": \" T\",\n    \"key\": \"t\"\n  }\n]\n",
            "app-data/comment.yaml": "# header\n- name: T\n  # why\n  key: t\n",
            "app-data/broken.json": "[{\"name\": \"T\",}]\n",
        ]
    }

    @Test(arguments: [FormatRequest.Mode.check, .write])
    func reportsWhatFormattingEachFileReadAfreshGives(mode: FormatRequest.Mode) throws {
        let manager = FileManager.default
        let scratch = try ScratchDirectory("fmt-run")
        let directory = scratch.file("fmt-run")
        for (name, text) in try Self.catalogFiles() {
            let url = directory.appendingPathComponent(name)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        // Each file as it was before the run (a write run changes them), by the path fmt names
        // it by: relative to the current directory, as the catalog's layer lists it.
        let currentDirectory = FileManager.default.currentDirectoryPath
        let root = CatalogLoader.relativePath(directory.path, from: currentDirectory)
        var expected: [String: String] = [:]
        for name in try Self.catalogFiles().keys where name.hasPrefix("app-data/") {
            let file = try SourceFile.read(path: CatalogLoader.join(root, name))
            expected[name] = Self.describe(Result { () throws(FormatRefusal) in try CatalogFormatter.format(file) }, of: file, mode: mode)
        }
        let request = FormatRequest(paths: [directory.path], mode: mode, currentDirectory: currentDirectory)
        let report = try FormatRun().run(request)
        #expect(report.entries.count == expected.count)
        for entry in report.entries {
            let name = String(entry.path.dropFirst(root.count + 1))
            #expect(Self.describe(entry.outcome) == expected[name], "\(name)")
        }
    }

    /// What `fmt` should report for `file`, from its formatting.
    static func describe(_ formatting: Result<FormattedFile, FormatRefusal>, of file: SourceFile, mode: FormatRequest.Mode) -> String {
        switch formatting {
        case .failure(let refusal):
            return "refused \(refusal)"
        case .success(let formatted):
            if Array(formatted.text.utf8) == file.bytes { return "unchanged" }
            guard mode == .check else { return "rewritten" }
            return "wouldChange " + UnifiedDiff.render(from: String(decoding: file.bytes, as: UTF8.self), to: formatted.text, path: file.path)
        }
    }

    static func describe(_ outcome: FormatReport.Outcome) -> String {
        switch outcome {
        case .unchanged: "unchanged"
        case .wouldChange(let diff): "wouldChange " + diff
        case .rewritten: "rewritten"
        case .wouldConvert: "wouldConvert"
        case .converted: "converted"
        case .refused(let refusal): "refused \(refusal)"
        case .failed(let reason): "failed \(reason)"
        case .unwritten: "unwritten"
        case .frozen(let layer): "frozen \(layer)"
        }
    }
}
