import ChoosyTestSupport
import Foundation
import Testing

/// `codegen objc -o DIR` writes its header and implementation as one set: when the second
/// cannot be written, the first is left as it was, so an old `.m` never sits beside a new `.h`.
@Suite(.serialized)
struct CodegenFileSetEndToEndTests {
    static let old = ["ChoosyCatalog.h": "old header\n", "ChoosyCatalog.m": "old implementation\n"]

    /// A directory holding the old pair, and a catalog whose implementation is larger than its
    /// header (a long key is in the `.m` once more, as its literal).
    static func setUp() throws -> ScratchDirectory {
        let key = String(repeating: "k", count: 4000)
        let scratch = try ScratchDirectory("codegen-set", files: [
            "cat/\(key.prefix(8)).json": "[{\"key\": \"\(key)\", \"name\": \"Long\", \"actions\": [], \"apps\": []}]\n",
            "out/ChoosyCatalog.h": old["ChoosyCatalog.h"]!, "out/ChoosyCatalog.m": old["ChoosyCatalog.m"]!,
        ])
        return scratch
    }

    /// What `out` holds, by name; a directory as "/".
    static func contents(_ scratch: ScratchDirectory) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: scratch.file("out").path) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: scratch.file("out/\(name)").path, isDirectory: &isDirectory)
            result[name] = isDirectory.boolValue ? "/" : try String(contentsOf: scratch.file("out/\(name)"), encoding: .utf8)
        }
        return result
    }

    @Test func aDirectoryInPlaceOfTheImplementationLeavesTheHeader() throws {
        let scratch = try Self.setUp()
        try FileManager.default.removeItem(at: scratch.file("out/ChoosyCatalog.m"))
        try FileManager.default.createDirectory(at: scratch.file("out/ChoosyCatalog.m"), withIntermediateDirectories: false)
        let outcome = try ToolRunner.run(["codegen", "objc", "cat", "-o", "out"], in: scratch.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError == "Error: cannot write out/ChoosyCatalog.m: is in the way: it is not a regular file "
            + "(move it away, or choose another place); nothing was written\n")
        #expect(try Self.contents(scratch) == ["ChoosyCatalog.h": "old header\n", "ChoosyCatalog.m": "/"])
    }

    @Test func aReadOnlyImplementationLeavesTheHeader() throws {
        let scratch = try Self.setUp()
        #expect(chmod(scratch.file("out/ChoosyCatalog.m").path, 0o444) == 0)
        let outcome = try ToolRunner.run(["codegen", "objc", "cat", "-o", "out"], in: scratch.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: cannot write " + ReadOnlyFileEndToEndTests.refusal("out/ChoosyCatalog.m").dropFirst("Error: ".count) + "\n")
        #expect(try Self.contents(scratch) == Self.old)
    }

    /// The full disk: the header fits and the implementation does not. A file size
    /// limit between their sizes (`ulimit -f`, with SIGXFSZ ignored so the write fails with
    /// EFBIG rather than killing the run) fails the second file's write, as ENOSPC would.
    @Test func aFailedWriteOfTheImplementationLeavesTheHeader() throws {
        let scratch = try Self.setUp()
        let printed = try ToolRunner.run(["codegen", "objc", "cat", "--stdout"], in: scratch.url)
        #expect(printed.status == 0, "\(printed.standardError)")
        let parts = printed.standardOutput.components(separatedBy: "\n// ChoosyCatalog.m:")
        #expect(parts.count == 2)
        let (headerSize, implementationSize) = (parts[0].utf8.count, parts[1].utf8.count)
        #expect(implementationSize > headerSize + 2000)
        let limit = headerSize + 1000
        let outcome = try ToolRunner.run(
            ["python3", "-c", """
                import os, resource, signal, sys
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
                resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
                os.execv(sys.argv[2], sys.argv[2:])
                """, String(limit), ToolRunner.executable.path, "codegen", "objc", "cat", "-o", "out"],
            program: URL(fileURLWithPath: "/usr/bin/env"), in: scratch.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: cannot write out/ChoosyCatalog.m: cannot write: \(String(cString: strerror(EFBIG))); "
            + "no file of the 2 was written\n")
        #expect(try Self.contents(scratch) == Self.old)
    }

    /// SIGTERM as the header is renamed into place (strace injects it at the run's first
    /// rename): the run ends by the signal once the implementation is in place too, never
    /// between the two, and leaves no temporary or backup file.
    @Test func anInterruptionBetweenTheRenamesWaitsForTheWholeSet() throws {
        let scratch = try Self.setUp()
        let expected = try ScratchDirectory("codegen-set")
        let written = try ToolRunner.run(["codegen", "objc", scratch.file("cat").path, "-o", expected.path])
        try #require(written.status == 0, "\(written.standardError)")
        let renames = "rename,renameat,renameat2"
        let outcome = try ToolRunner.run(
            ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(renames)", "-e", "inject=\(renames):signal=SIGTERM:when=1",
             ToolRunner.executable.path, "codegen", "objc", "cat", "-o", "out"],
            program: URL(fileURLWithPath: "/usr/bin/env"), in: scratch.url)
        // strace ends as its child did: by the signal.
        #expect(outcome.status == SIGTERM, "\(outcome.standardError)")
        var new: [String: String] = [:]
        for name in ["ChoosyCatalog.h", "ChoosyCatalog.m"] { new[name] = try String(contentsOf: expected.file(name), encoding: .utf8) }
        #expect(try Self.contents(scratch) == new)
    }
}
