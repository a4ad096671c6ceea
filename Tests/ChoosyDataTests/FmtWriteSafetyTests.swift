import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCore

/// `fmt --write` keeps what a file is: a link stays a link, a hard-linked file is not split,
/// owner and group stay; its temporary files never outlive a run; a CRLF file's patch applies.
@Suite(.serialized)
struct FmtWriteSafetyTests {
    static let messy = "{\"key\": \"x\", \"name\": \"X\", \"parameters\": [], \"actions\": [], \"apps\": []}"

    static func status(_ path: String) -> stat {
        var status = stat()
        #expect(lstat(path, &status) == 0, "\(path) is missing")
        return status
    }

    @Test func aSymbolicLinkIsFollowedAndStays() throws {
        let scratch = try ScratchDirectory("atomic")
        let directory = scratch.path
        try FileManager.default.createDirectory(atPath: directory + "/shared", withIntermediateDirectories: true)
        try "old\n".write(toFile: directory + "/shared/a.json", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/a.json", withDestinationPath: "shared/a.json")
        try AtomicFileWriter().write(Array("new\n".utf8), to: directory + "/a.json")
        #expect(Self.status(directory + "/a.json").st_mode & S_IFMT == S_IFLNK)
        #expect(try String(contentsOfFile: directory + "/shared/a.json", encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a.json", "shared"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/shared") == ["a.json"])
    }

    @Test func aHardLinkedFileIsRefusedAndLeftAsItWas() throws {
        let scratch = try ScratchDirectory("atomic")
        let directory = scratch.path
        try "old\n".write(toFile: directory + "/a.json", atomically: false, encoding: .utf8)
        #expect(link(directory + "/a.json", directory + "/b.json") == 0)
        #expect(throws: FileWriteError(
            path: directory + "/a.json",
            reason: "has 2 hard links; writing it would leave the others with the old text (remove the other links, or work on a copy)")) {
            try AtomicFileWriter().write(Array("new\n".utf8), to: directory + "/a.json")
        }
        #expect(Self.status(directory + "/a.json").st_ino == Self.status(directory + "/b.json").st_ino)
        #expect(try String(contentsOfFile: directory + "/b.json", encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a.json", "b.json"])
    }

    /// Only root can give a file away, so the file is made someone else's only when root.
    @Test func ownerGroupAndModeAreKept() throws {
        let scratch = try ScratchDirectory("atomic")
        let directory = scratch.path
        let path = directory + "/a.json"
        try "old\n".write(toFile: path, atomically: false, encoding: .utf8)
        let asRoot = getuid() == 0
        if asRoot { #expect(chown(path, 1234, 5678) == 0) }
        #expect(chmod(path, 0o640) == 0)
        let before = Self.status(path)
        try AtomicFileWriter().write(Array("new\n".utf8), to: path)
        let after = Self.status(path)
        #expect(after.st_ino != before.st_ino, "a new file was renamed into place")
        #expect(after.st_uid == before.st_uid && after.st_gid == before.st_gid && after.st_mode == before.st_mode)
        if asRoot { #expect(after.st_uid == 1234 && after.st_gid == 5678) }
    }

    /// What a killed run left: its temporary file, named with its pid; a live run's is kept, and
    /// so is a user's file that only looks like one.
    @Test func aKilledRunsTemporaryFileIsRemovedByTheNextWriteOfTheFile() throws {
        let scratch = try ScratchDirectory("atomic")
        let directory = scratch.path
        try "old\n".write(toFile: directory + "/a.json", atomically: false, encoding: .utf8)
        let dead = try OutputSafetyTests.deadProcessIdentifier()
        let live = ".a.json.fmt-\(getpid())-LIVE00"
        // A user's files that only look like one: another shape after the pid.
        let lookalike = ".a.json.fmt-\(dead)-mine"
        for name in [".a.json.fmt-\(dead)-DEAD00", live, ".b.json.fmt-\(dead)-OTHER0", lookalike] {
            try "partial".write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        try AtomicFileWriter().write(Array("new\n".utf8), to: directory + "/a.json")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [live, lookalike, ".b.json.fmt-\(dead)-OTHER0", "a.json"].sorted())
    }

    /// SIGTERM arrives as the temporary file is made (`ToolRunner.runInterrupted`): it is
    /// removed and the file is as it was.
    @Test func anInterruptedWriteLeavesTheFileAndNoTemporaryFile() throws {
        try FmtEndToEndTests.withScratch(["a.json": Self.messy]) { directory in
            let outcome = try ToolRunner.runInterrupted(["fmt", "--write", "a.json"], in: directory)
            #expect(outcome.status == SIGTERM, "\(outcome.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.json"])
            #expect(FmtEndToEndTests.read(directory.appendingPathComponent("a.json")) == Self.messy)
        }
    }

    /// fmt writes LF (docs/fmt.md); its patch for a CRLF file keeps the "\r" of the lines it
    /// removes, so `git apply` finds them, and the result is the canonical file.
    @Test func theCheckPatchOfACRLFFileAppliesWithGit() throws {
        let repository = try TemporaryGitRepository()
        let scratch = try ScratchDirectory("crlf")
        let source = scratch.file("crlf.json")
        try Data(Self.messy.replacing(", ", with: ",\r\n  ").utf8 + Array("\r\n".utf8)).write(to: source)
        try repository.commit(copying: source, to: "a.json", message: "CRLF")
        let check = try ToolRunner.run(["fmt", "--check", "a.json"], in: repository.url)
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("@@ -1,5 +1,7 @@\n-{\"key\": \"x\",\r\n-  \"name\": \"X\",\r\n"))
        let patch = repository.url.appendingPathComponent("fmt.patch")
        try check.standardOutput.write(to: patch, atomically: false, encoding: .utf8)
        let apply = try ToolRunner.run(["git", "apply", "fmt.patch"], program: URL(fileURLWithPath: "/usr/bin/env"), in: repository.url)
        #expect(apply.status == 0, "\(apply.standardError)")
        try FileManager.default.removeItem(at: patch)
        #expect(try ToolRunner.run(["fmt", "--check", "a.json"], in: repository.url).status == 0)
    }
}
