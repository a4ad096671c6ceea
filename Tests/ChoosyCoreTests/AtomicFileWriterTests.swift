import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCore

/// Writes either happen whole or not at all, and keep the file's permissions.
struct AtomicFileWriterTests {
    struct InjectedFailure: Error {}

    @Test func failureBeforeRenameLeavesTheOriginalAndNoTemporaryFile() throws {
        let scratch = try ScratchDirectory("atomic")
        let directory = scratch.path
        let path = directory + "/a.json"
        try Data("original\n".utf8).write(to: URL(fileURLWithPath: path))
        nonisolated(unsafe) var sawTemporaryFile = false
        let writer = AtomicFileWriter { temporaryPath in
            sawTemporaryFile = FileManager.default.contents(atPath: temporaryPath) == Data("new\n".utf8)
            throw InjectedFailure()
        }
        #expect(throws: FileWriteError.self) { try writer.write(Array("new\n".utf8), to: path) }
        #expect(sawTemporaryFile, "the temporary file was complete before the failure")
        #expect(FileManager.default.contents(atPath: path) == Data("original\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.json"])
    }

    @Test func replacingKeepsPermissions() throws {
        let scratch = try ScratchDirectory("atomic")
        let directory = scratch.path
        let path = directory + "/a.yaml"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try AtomicFileWriter().write(Array("new\n".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("new\n".utf8))
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["a.yaml"])
    }

    @Test func creatingNeverOverwrites() throws {
        let scratch = try ScratchDirectory("atomic")
        let directory = scratch.path
        let path = directory + "/a.json"
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileWriteError.self) { try AtomicFileWriter().write(Array("theirs\n".utf8), to: path, overwriting: false) }
        #expect(FileManager.default.contents(atPath: path) == Data("mine\n".utf8))
        try AtomicFileWriter().write(Array("new\n".utf8), to: directory + "/b.json", overwriting: false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a.json", "b.json"])
    }
}
