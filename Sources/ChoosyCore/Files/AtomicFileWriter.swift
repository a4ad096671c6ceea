import Foundation

/// Writes files so that a reader sees the old content or the new, never a mix, and a failure
/// leaves the old file as it was: a temporary file in the same directory, fsync, rename. A
/// replaced file keeps its permissions, owner and group.
public struct AtomicFileWriter: Sendable {
    /// Runs after the temporary file is complete and before it is renamed; tests make it throw
    /// to prove that a failure there leaves the original intact and no temporary file behind.
    public var beforeRename: @Sendable (_ temporaryPath: String) throws -> Void

    public init(beforeRename: @escaping @Sendable (_ temporaryPath: String) throws -> Void = { _ in }) {
        self.beforeRename = beforeRename
    }

    /// Replaces `path` (or creates it) with `bytes`. With `overwriting` false, an existing file
    /// is never replaced: creating it fails instead, so a conversion cannot clobber a file.
    ///
    /// A replaced file keeps its mode, owner and group; a symbolic link is followed (the file it
    /// names is replaced, the link stays); a file with other hard links is refused, since the
    /// new file would leave them holding the old text.
    public func write(_ bytes: [UInt8], to path: String, overwriting: Bool = true) throws(FileWriteError) {
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists, !overwriting { throw FileWriteError(path: path, reason: "already exists") }
        let target = exists ? try Self.realPath(of: path) : path
        if exists, status.st_nlink > 1 {
            throw FileWriteError(
                path: path,
                reason: "has \(status.st_nlink) hard links; writing it would leave the others with the old text (remove the other links, or work on a copy)")
        }
        // New files get rw-r--r--, what an editor gives a new catalog file.
        let mode = exists ? status.st_mode & 0o7777 : 0o644
        let directory = target.pathDeletingLastComponent
        let name = (target as NSString).lastPathComponent
        let folder = directory.isEmpty ? "." : directory
        for leftover in ScratchPaths.leftovers(for: name, in: folder, purpose: "fmt") { unlink(leftover) }
        // Hidden, so a catalog read at this moment skips it; named with our pid, so the next run
        // can tell it from another run's when we are killed.
        var template = Array((folder + "/" + ScratchPaths.name(for: name, purpose: "fmt", unique: "XXXXXX")).utf8CString)
        let (descriptor, temporaryPath) = ScratchPaths.changing { paths in
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if descriptor >= 0 { paths.insert(temporaryPath) }
            return (descriptor, temporaryPath)
        }
        guard descriptor >= 0 else { throw FileWriteError(path: path, reason: "cannot create a temporary file: \(Self.systemError())") }
        do {
            try Self.fill(descriptor, with: bytes, mode: mode, owner: exists ? (status.st_uid, status.st_gid) : nil, path: path)
            try beforeRename(temporaryPath)
            try ScratchPaths.changing { paths throws(FileWriteError) in
                // link() refuses to replace an existing file, which rename() would do silently.
                let moved = overwriting ? rename(temporaryPath, target) : link(temporaryPath, target)
                guard moved == 0 else { throw FileWriteError(path: path, reason: Self.systemError()) }
                if !overwriting { unlink(temporaryPath) }
                paths.remove(temporaryPath)
            }
        } catch {
            ScratchPaths.changing { paths in
                unlink(temporaryPath)
                paths.remove(temporaryPath)
            }
            if let error = error as? FileWriteError { throw error }
            throw FileWriteError(path: path, reason: "\(error)")
        }
    }

    private static func realPath(of path: String) throws(FileWriteError) -> String {
        guard let resolved = realpath(path, nil) else { throw FileWriteError(path: path, reason: systemError()) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Removes `path` (after a conversion wrote its replacement).
    public func remove(_ path: String) throws(FileWriteError) {
        guard unlink(path) == 0 else { throw FileWriteError(path: path, reason: "cannot remove: \(Self.systemError())") }
    }

    /// Writes the temporary file and gives it the mode, and the owner and group when given
    /// (`fchown` before `fchmod`, which a change of owner may clear setuid and setgid bits for).
    private static func fill(
        _ descriptor: Int32, with bytes: [UInt8], mode: mode_t, owner: (uid_t, gid_t)?, path: String
    ) throws(FileWriteError) {
        defer { close(descriptor) }
        if let failure = bytes.withUnsafeBytes({ FileDescriptorIO.writeAll($0, to: descriptor) }) {
            throw FileWriteError(path: path, reason: "cannot write: \(String(cString: strerror(failure)))")
        }
        var made = stat()
        if let (user, group) = owner, fstat(descriptor, &made) == 0, made.st_uid != user || made.st_gid != group,
           fchown(descriptor, user, group) != 0 {
            throw FileWriteError(path: path, reason: "cannot keep its owner (uid \(user)) and group (gid \(group)): \(systemError()); it was not written")
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
