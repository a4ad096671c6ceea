import ChoosyCore
import Foundation

/// Writes `codegen -o DIR`'s files into a directory, as one set: every file is written beside
/// its target before any replaces it, so a header never sits beside an old implementation. A
/// missing directory is created, as `docs`, `bundle` and `release` create theirs, and removed
/// again when the files cannot be written.
public enum GeneratedSourceWriter {
    /// Writes every one of `sources` into `directory` with `writer`, all or none (see
    /// `AtomicFileWriter.write(_:)`); the paths written.
    public static func write(
        _ sources: [GeneratedSource], to directory: String, with writer: AtomicFileWriter = AtomicFileWriter()
    ) throws(GeneratedSourceWriteError) -> [String] {
        let created = try createMissing(directory)
        do {
            return try write(sources, intoExisting: directory, with: writer)
        } catch {
            for path in created.reversed() { rmdir(path) }
            throw error
        }
    }

    /// The directories made for `directory`, outermost first; none when it exists.
    private static func createMissing(_ directory: String) throws(GeneratedSourceWriteError) -> [String] {
        var missing: [String] = []
        var path = directory
        var isDirectory: ObjCBool = false
        while !path.isEmpty, !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            missing.insert(path, at: 0)
            path = path.pathDeletingLastComponent
        }
        if !missing.isEmpty, !path.isEmpty, !isDirectory.boolValue {
            throw GeneratedSourceWriteError(messages: ["cannot write to \(directory): \(path) is not a directory"])
        }
        var created: [String] = []
        for path in missing {
            guard mkdir(path, 0o777) == 0 else {
                let reason = String(cString: strerror(errno))
                for made in created.reversed() { rmdir(made) }
                throw GeneratedSourceWriteError(messages: ["cannot create \(path): \(reason)"])
            }
            created.append(path)
        }
        return created
    }

    private static func write(
        _ sources: [GeneratedSource], intoExisting directory: String, with writer: AtomicFileWriter
    ) throws(GeneratedSourceWriteError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GeneratedSourceWriteError(messages: ["cannot write to \(directory): it is not a directory"])
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
