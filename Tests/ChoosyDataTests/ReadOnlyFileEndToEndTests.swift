@testable import ChoosyCore
import ChoosyTestSupport
import Foundation
import Testing

/// A file the user made read-only (its owner write bit cleared) is refused by every command
/// that rewrites files in place, whoever runs it: root too, whom the kernel lets write any
/// file, so these tests mean the same in CI as root. The message says which file, why, and
/// `chmod u+w`; no file of the run is written.
@Suite(.serialized)
struct ReadOnlyFileEndToEndTests {
    static let config = "version: 1\nlayers:\n  - name: base\n    path: base\n"

    /// An app type that `fmt` lays out on several lines.
    static func unformatted(_ key: String) -> String {
        "[{\"key\": \"\(key)\", \"name\": \"N\", \"parameters\": [], \"actions\": [], \"apps\": []}]\n"
    }

    static func refusal(_ path: String) -> String {
        "Error: \(path): is read-only (mode 0444) and choosy-data does not replace a read-only file; nothing was written: "
            + "make it writable (chmod u+w \(path)) and run again"
    }

    @Test func fmtWriteRefusesTheReadOnlyFileAndWritesNoOther() throws {
        let scratch = try ScratchDirectory(
            "read-only", files: [".choosy-data.yml": Self.config, "base/a.json": Self.unformatted("a"), "base/b.json": Self.unformatted("b")])
        #expect(chmod(scratch.file("base/a.json").path, 0o444) == 0)
        let refused = try ToolRunner.run(["fmt", "--write", "."], in: scratch.url)
        #expect(refused.status == 2)
        #expect(refused.standardOutput == "")
        #expect(refused.standardError == Self.refusal("base/a.json") + "\n"
            + "1 of 2 files would have been written but were left as they were, since fmt --write writes all or none; "
            + "run it again once the files above can be written.\n")
        #expect(try String(contentsOf: scratch.file("base/a.json"), encoding: .utf8) == Self.unformatted("a"))
        #expect(try String(contentsOf: scratch.file("base/b.json"), encoding: .utf8) == Self.unformatted("b"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("base").path).sorted() == ["a.json", "b.json"])
        // What the message says to do is enough.
        #expect(chmod(scratch.file("base/a.json").path, 0o644) == 0)
        let written = try ToolRunner.run(["fmt", "--write", "."], in: scratch.url)
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardOutput == "formatted base/a.json\nformatted base/b.json\n")
    }

    @Test func lintFixRefusesTheReadOnlyFileAndWritesNoOther() throws {
        let scratch = try ScratchDirectory("read-only")
        let catalog = scratch.file("catalog")
        try FileManager.default.copyItem(at: TestPaths.fixture("lint-fix"), to: catalog)
        let before = try LintFixEndToEndTests.contents(of: catalog)
        #expect(chmod(catalog.appendingPathComponent("base/notes.yaml").path, 0o444) == 0)
        let outcome = try ToolRunner.run(["lint", "--fix", "."], in: catalog)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasSuffix(Self.refusal("base/notes.yaml") + "\n"))
        #expect(try LintFixEndToEndTests.contents(of: catalog) == before)
    }

    @Test func schemesWriteRefusesAReadOnlyInfoPlist() throws {
        let scratch = try ScratchDirectory("read-only")
        let path = scratch.file("Info.plist").path
        let original = InfoPlistText.header + "<dict>\n</dict>\n</plist>\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(chmod(path, 0o444) == 0)
        let outcome = try ToolRunner.run(["schemes", "maps", "--write", path], in: TestPaths.packageRoot.appendingPathComponent("data"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError == Self.refusal(path) + "; the file was left as it was\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
    }

    /// An output directory the user made read-only is neither replaced (`docs`, `bundle`,
    /// `release`) nor written into (`codegen`), though an earlier run wrote it and it would
    /// otherwise be: what that run wrote stays.
    @Test(arguments: [(["docs"], "replace"), (["bundle"], "replace"), (["release"], "replace"), (["codegen", "swift"], "write into")])
    func aReadOnlyOutputDirectoryIsRefused(command: [String], refused: String) throws {
        let scratch = try ScratchDirectory("read-only")
        try FileManager.default.createDirectory(at: scratch.file("out"), withIntermediateDirectories: false)
        let arguments = command + [TestPaths.packageRoot.appendingPathComponent("data").path, "-o", "out"]
        let earlier = try ToolRunner.run(arguments, in: scratch.url)
        try #require(earlier.status == 0, "\(earlier.standardError)")
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.file("out").path)
        #expect(chmod(scratch.file("out").path, 0o555) == 0)
        defer { chmod(scratch.file("out").path, 0o755) }
        let outcome = try ToolRunner.run(arguments, in: scratch.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: cannot write to out: it is read-only (mode 0555) and choosy-data does not \(refused) "
            + "a read-only directory; nothing was written: make it writable (chmod u+w out) and run again\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.file("out").path) == written)
    }

    /// The decision, in the library: the kernel's answer for a user who is not root, and the
    /// owner's write bit for root, who may write anything.
    @Test func theOwnerWriteBitDecidesForRoot() throws {
        let scratch = try ScratchDirectory("read-only", files: ["a": "a\n"])
        var status = stat()
        #expect(stat(scratch.file("a").path, &status) == 0)
        #expect(AtomicFileWriter.writeRefusal(scratch.file("a").path, status) == nil)
        #expect(chmod(scratch.file("a").path, 0o444) == 0)
        #expect(stat(scratch.file("a").path, &status) == 0)
        #expect(AtomicFileWriter.writeRefusal(scratch.file("a").path, status)?.contains("chmod u+w") == true)
    }
}
