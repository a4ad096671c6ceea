import ChoosyCore
import Foundation

/// Writes `codegen -o DIR`'s files into a directory that must exist, as one set: every file is
/// written beside its target before any replaces it, so a header never sits beside an old
/// implementation.
public enum GeneratedSourceWriter {
    /// Writes every one of `sources` into `directory` with `writer`, all or none (see
    /// `AtomicFileWriter.write(_:)`); the paths written.
    public static func write(
        _ sources: [GeneratedSource], to directory: String, with writer: AtomicFileWriter = AtomicFileWriter()
    ) throws(GeneratedSourceWriteError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GeneratedSourceWriteError(messages: ["cannot write to \(directory): it is not a directory (create it first)"])
        }
        var status = stat()
        if stat(directory, &status) == 0, let refusal = AtomicFileWriter.writeRefusal(directory, status, refused: "write into a read-only directory") {
            throw GeneratedSourceWriteError(messages: ["cannot write to \(directory): it \(refusal)"])
        }
        let changes = sources.map { source in
            AtomicFileWriter.Change(path: (directory as NSString).appendingPathComponent(source.fileName), bytes: Array(source.text.utf8))
        }
        do {
            try writer.write(changes)
        } catch {
            throw GeneratedSourceWriteError(messages: error.failures.map { "cannot write \($0)" })
        }
        return changes.map(\.path)
    }
}

/// Why the generated files were not written; none of them was.
public struct GeneratedSourceWriteError: Error, CustomStringConvertible {
    /// One line for each file refused, or for the one that failed.
    public let messages: [String]

    public var description: String { messages.joined(separator: "\n") }
}
