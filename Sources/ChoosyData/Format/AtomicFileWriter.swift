import Foundation

/// Writes files so that a reader sees the old content or the new, never a mix, and a failure
/// leaves the old file as it was: a temporary file in the same directory, fsync, rename. A
/// replaced file keeps its permissions.
public struct AtomicFileWriter: Sendable {
    /// Runs after the temporary file is complete and before it is renamed; tests make it throw
    /// to prove that a failure there leaves the original intact and no temporary file behind.
    public var beforeRename: @Sendable (_ temporaryPath: String) throws -> Void

    public init(beforeRename: @escaping @Sendable (_ temporaryPath: String) throws -> Void = { _ in }) {
        self.beforeRename = beforeRename
    }

    /// Replaces `path` (or creates it) with `bytes`. With `overwriting` false, an existing file
    /// is never replaced: creating it fails instead, so a conversion cannot clobber a file.
    public func write(_ bytes: [UInt8], to path: String, overwriting: Bool = true) throws(FileWriteError) {
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, !overwriting { throw FileWriteError(path: path, reason: "already exists") }
        // New files get rw-r--r--, what an editor gives a new catalog file.
        let mode = exists ? status.st_mode & 0o7777 : 0o644
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        // Hidden, so a catalog read at this moment skips it.
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\(name).fmt-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: "cannot create a temporary file: \(Self.systemError())") }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try Self.fill(descriptor, with: bytes, mode: mode, path: path)
            try beforeRename(temporaryPath)
            // link() refuses to replace an existing file, which rename() would do silently.
            let moved = overwriting ? rename(temporaryPath, path) : link(temporaryPath, path)
            guard moved == 0 else { throw FileWriteError(path: path, reason: Self.systemError()) }
            if !overwriting { unlink(temporaryPath) }
        } catch {
            unlink(temporaryPath)
            if let error = error as? FileWriteError { throw error }
            throw FileWriteError(path: path, reason: "\(error)")
        }
    }

    /// Removes `path` (after a conversion wrote its replacement).
    public func remove(_ path: String) throws(FileWriteError) {
        guard unlink(path) == 0 else { throw FileWriteError(path: path, reason: "cannot remove: \(Self.systemError())") }
    }

    private static func fill(_ descriptor: Int32, with bytes: [UInt8], mode: mode_t, path: String) throws(FileWriteError) {
        defer { close(descriptor) }
        if let failure = bytes.withUnsafeBytes({ FileDescriptorIO.writeAll($0, to: descriptor) }) {
            throw FileWriteError(path: path, reason: "cannot write: \(String(cString: strerror(failure)))")
        }
        guard fchmod(descriptor, mode) == 0, fsync(descriptor) == 0 else {
            throw FileWriteError(path: path, reason: "cannot write: \(systemError())")
        }
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}

/// A file that could not be written or removed; the original is untouched.
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
