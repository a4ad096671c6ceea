import ChoosyCore
import Foundation

/// Writes `codegen -o DIR`'s files into a directory that must exist, each file atomically.
public enum GeneratedSourceWriter {
    /// Writes every one of `sources` into `directory`, in order, with `writer`; the paths
    /// written. The first failure stops the writing, and its error names what was written before.
    public static func write(
        _ sources: [GeneratedSource], to directory: String, with writer: AtomicFileWriter = AtomicFileWriter()
    ) throws(GeneratedSourceWriteError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw GeneratedSourceWriteError(message: "cannot write to \(directory): it is not a directory (create it first)", written: [])
        }
        var written: [String] = []
        for source in sources {
            let target = (directory as NSString).appendingPathComponent(source.fileName)
            do {
                try writer.write(Array(source.text.utf8), to: target)
            } catch {
                throw GeneratedSourceWriteError(message: "cannot write \(error)", written: written)
            }
            written.append(target)
        }
        return written
    }
}

/// A generated file that could not be written, and the files written before it.
public struct GeneratedSourceWriteError: Error, CustomStringConvertible {
    public let message: String
    public let written: [String]

    public var description: String { message }
}
