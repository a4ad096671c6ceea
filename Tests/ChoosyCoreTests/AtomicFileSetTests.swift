@testable import ChoosyCore
import ChoosyTestSupport
import Foundation
import Testing

/// `AtomicFileWriter.write(_:)` writes a set of files all or none, even when a rename fails
/// after the first file of the set was renamed into place.
struct AtomicFileSetTests {
    /// Another process puts a directory where the second file goes after both temporary files
    /// were written: its rename fails, and the first file, already renamed, is put back.
    @Test func aFailedRenamePutsBackTheFilesRenamedBeforeIt() throws {
        let scratch = try ScratchDirectory("file-set", files: ["a": "old a\n", "b": "old b\n"])
        let (a, b) = (scratch.file("a").path, scratch.file("b").path)
        let writer = AtomicFileWriter { temporary in
            guard temporary.contains(".b.") else { return }
            unlink(b)
            mkdir(b, 0o755)
            _ = FileManager.default.createFile(atPath: b + "/x", contents: nil)
        }
        do {
            try writer.write([AtomicFileWriter.Change(path: a, bytes: Array("new a\n".utf8)), AtomicFileWriter.Change(path: b, bytes: Array("new b\n".utf8))])
            Issue.record("the set was written")
        } catch {
            #expect(error.failures == [FileWriteError(path: b, reason: "\(String(cString: strerror(EISDIR))); no file of the 2 was written")])
        }
        #expect(try String(contentsOfFile: a, encoding: .utf8) == "old a\n")
        var status = stat()
        #expect(stat(a, &status) == 0 && status.st_nlink == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["a", "b"])
    }
}
