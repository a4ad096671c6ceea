import Foundation

/// Writes files so that a reader sees the old content or the new, never a mix, and a failure
/// leaves the old file as it was: a temporary file in the same directory, fsync, rename. A
/// replaced file keeps its permissions, owner and group. A set of files (codegen's header and
/// implementation, every file `fmt --write` changes) is written all or nothing: every target is
/// checked, then every temporary file written, before the first is renamed into place.
public struct AtomicFileWriter: Sendable {
    /// Runs after each temporary file is complete, before any of the set is renamed; tests make
    /// it throw to prove that a failure there leaves every original intact and no temporary
    /// file behind.
    public var beforeRename: @Sendable (_ temporaryPath: String) throws -> Void

    public init(beforeRename: @escaping @Sendable (_ temporaryPath: String) throws -> Void = { _ in }) {
        self.beforeRename = beforeRename
    }

    /// One file of a set written together.
    public struct Change: Sendable, Equatable {
        public let path: String
        public let bytes: [UInt8]
        /// With `overwriting` false, an existing file is never replaced: creating it fails
        /// instead, so a conversion cannot clobber a file.
        public let overwriting: Bool
        /// A file removed once every file of the set is in place (a converted file's original).
        public let removing: String?

        public init(path: String, bytes: [UInt8], overwriting: Bool = true, removing: String? = nil) {
            self.path = path
            self.bytes = bytes
            self.overwriting = overwriting
            self.removing = removing
        }
    }

    /// Replaces `path` (or creates it) with `bytes`, as a set of one (`write(_:)`).
    public func write(_ bytes: [UInt8], to path: String, overwriting: Bool = true) throws(FileWriteError) {
        do throws(FileSetWriteError) {
            try write([Change(path: path, bytes: bytes, overwriting: overwriting)])
        } catch {
            throw error.failures[0]
        }
    }

    /// Writes every one of `changes`, all or none. First every target is checked, and every
    /// refusal reported at once: a file that the user cannot write (`writeRefusal`), one with
    /// other hard links, one that is not a regular file, an existing file that must not be
    /// overwritten. Then every temporary file is written; a failure there (a full disk, a
    /// directory that takes no new file) removes them all. Only then are they renamed into
    /// place, in order, and the `removing` files removed. A rename within a directory needs
    /// no new space, so only an I/O error or another process changing the directory can fail
    /// one; the files renamed before it are then put back (each kept its old text under a
    /// second name, a hard link, until the set was in place).
    ///
    /// A replaced file keeps its mode, owner and group; a symbolic link is followed (the file it
    /// names is replaced, the link stays).
    public func write(_ changes: [Change]) throws(FileSetWriteError) {
        var targets: [Target] = []
        var refusals: [FileWriteError] = []
        for change in changes {
            do throws(FileWriteError) {
                targets.append(try Target(change))
                if let removed = change.removing { try Self.checkRemovable(removed) }
            } catch {
                refusals.append(error)
            }
        }
        guard refusals.isEmpty else { throw FileSetWriteError(failures: refusals) }
        let nothingWritten = changes.count > 1 ? "; no file of the \(changes.count) was written" : ""
        var staged: [String] = []
        for target in targets {
            do throws(FileWriteError) {
                staged.append(try stage(target))
            } catch {
                ScratchPaths.changing { paths in Self.remove(staged, from: &paths) }
                throw FileSetWriteError(failures: [FileWriteError(path: error.path, reason: error.reason + nothingWritten)])
            }
        }
        // Of a set of several, each file replaced keeps its old text under a second name until
        // every file is in place, so a rename that fails puts back those renamed before it.
        let backups = targets.count > 1 ? targets.map { $0.change.overwriting && $0.owner != nil ? Self.backUp($0.path) : nil } : []
        do throws(FileWriteError) {
            // Every rename under one hold of the registry: an interruption (SIGINT, SIGTERM)
            // waits until the whole set is in place, or put back, and never ends a run halfway.
            try ScratchPaths.changing { paths throws(FileWriteError) in
                for (index, (target, temporaryPath)) in zip(targets, staged).enumerated() {
                    // link() refuses to replace an existing file, which rename() would do silently.
                    let moved = target.change.overwriting ? rename(temporaryPath, target.path) : link(temporaryPath, target.path)
                    guard moved == 0 else {
                        let reason = Self.systemError()
                        Self.remove(staged[index...], from: &paths)
                        let unrestored = Self.putBack(targets[..<index], from: backups, registered: &paths)
                        Self.remove(backups.compactMap { $0 }, from: &paths)
                        let said = unrestored.isEmpty
                            ? nothingWritten : "; \(unrestored.joined(separator: ", ")) had been written and could not be put back, the rest were left as they were"
                        throw FileWriteError(path: target.change.path, reason: reason + said)
                    }
                    if !target.change.overwriting { unlink(temporaryPath) }
                    paths.remove(temporaryPath)
                }
            }
        } catch {
            throw FileSetWriteError(failures: [error])
        }
        ScratchPaths.changing { paths in Self.remove(backups.compactMap { $0 }, from: &paths) }
        for removed in changes.compactMap(\.removing) where unlink(removed) != 0 {
            throw FileSetWriteError(failures: [FileWriteError(path: removed, reason: "cannot remove: \(Self.systemError())")])
        }
    }

    /// A checked target: its real path, and the mode, owner and group the new file gets.
    private struct Target {
        let change: Change
        let path: String
        let mode: mode_t
        let owner: (uid_t, gid_t)?

        init(_ change: Change) throws(FileWriteError) {
            self.change = change
            var status = stat()
            let exists = stat(change.path, &status) == 0
            guard exists else {
                // New files get rw-r--r--, what an editor gives a new catalog file.
                (path, mode, owner) = (change.path, 0o644, nil)
                return
            }
            guard change.overwriting else { throw FileWriteError(path: change.path, reason: "already exists") }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw FileWriteError(path: change.path, reason: "is in the way: it is not a regular file (move it away, or choose another place); nothing was written")
            }
            if status.st_nlink > 1 {
                throw FileWriteError(
                    path: change.path,
                    reason: "has \(status.st_nlink) hard links; writing it would leave the others with the old text (remove the other links, or work on a copy)")
            }
            if let refusal = AtomicFileWriter.writeRefusal(change.path, status) { throw FileWriteError(path: change.path, reason: refusal) }
            (path, mode, owner) = (try AtomicFileWriter.realPath(of: change.path), status.st_mode & 0o7777, (status.st_uid, status.st_gid))
        }
    }

    /// A second name for the file at `path` (a hard link, taking no space), registered as a
    /// scratch path and named as a temporary file is, so that the next run writing the file
    /// removes one a killed run left; nil when the file system makes none, and then the file
    /// cannot be put back.
    private static func backUp(_ path: String) -> String? {
        let unique = String((0..<6).map { _ in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".randomElement()! })
        let backup = path.pathDeletingLastComponent + "/" + ScratchPaths.name(for: (path as NSString).lastPathComponent, purpose: "fmt", unique: unique)
        return ScratchPaths.changing { paths in
            guard link(path, backup) == 0 else { return nil }
            paths.insert(backup)
            return backup
        }
    }

    /// Puts back the old text of `renamed` (replaced before a rename of the set failed) from
    /// their `backups`, and removes those that were new; the paths it could not put back.
    /// The caller holds the registry (`ScratchPaths.changing`) and passes its `registered` paths.
    private static func putBack(_ renamed: ArraySlice<Target>, from backups: [String?], registered paths: inout Set<String>) -> [String] {
        renamed.indices.filter { index in
            let target = renamed[index]
            guard target.owner != nil else { return unlink(target.path) != 0 }
            guard let backup = backups[index], rename(backup, target.path) == 0 else { return true }
            paths.remove(backup)
            return false
        }.map { renamed[$0].change.path }
    }

    /// Removes the scratch files `scratch` and unregisters them from `paths`.
    private static func remove(_ scratch: some Sequence<String>, from paths: inout Set<String>) {
        for path in scratch {
            unlink(path)
            paths.remove(path)
        }
    }

    /// Why an existing file at `path` must not be replaced or removed (`refused` says which,
    /// for a directory too) although the directory holding it would let us: the user
    /// cannot write it, as git, editors and formatters respect. The kernel's answer for our
    /// user (`access`) decides, and for root, which the kernel lets write anything, the owner's
    /// write bit does: `chmod u-w` is how a user says "leave this file alone", whoever runs the
    /// tool. Nil when it may be written.
    package static func writeRefusal(_ path: String, _ status: stat, refused: String = "replace a read-only file") -> String? {
        let denied = access(path, W_OK) != 0
        let error = errno
        if denied, error == EROFS { return "is on a read-only file system; nothing was written" }
        let user = geteuid()
        guard denied || user == 0 && status.st_mode & S_IWUSR == 0 else { return nil }
        let mode = String(status.st_mode & 0o7777, radix: 8)
        let shownMode = String(repeating: "0", count: max(0, 4 - mode.count)) + mode
        guard user == 0 || status.st_uid == user else {
            return "is not writable by you (mode \(shownMode), owner uid \(status.st_uid)); nothing was written: ask its owner to let you write it, or work on a copy"
        }
        return "is read-only (mode \(shownMode)) and choosy-data does not \(refused); nothing was written: "
            + "make it writable (chmod u+w \(shellQuoted(path))) and run again"
    }

    /// `path` as a shell word: as it is when it holds only characters no shell treats specially.
    private static func shellQuoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "/._-+,:@%".unicodeScalars.contains($0)) }
        return plain && !path.isEmpty ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Refuses a file the set would remove that the user cannot write, as `rm` asks first.
    private static func checkRemovable(_ path: String) throws(FileWriteError) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        if let refusal = writeRefusal(path, status) { throw FileWriteError(path: path, reason: refusal) }
    }

    /// Writes the temporary file of `target` beside it; its path.
    private func stage(_ target: Target) throws(FileWriteError) -> String {
        let path = target.change.path
        let directory = target.path.pathDeletingLastComponent
        let name = (target.path as NSString).lastPathComponent
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
            try Self.fill(descriptor, with: target.change.bytes, mode: target.mode, owner: target.owner, path: path)
            try beforeRename(temporaryPath)
        } catch {
            ScratchPaths.changing { paths in
                unlink(temporaryPath)
                paths.remove(temporaryPath)
            }
            if let error = error as? FileWriteError { throw error }
            throw FileWriteError(path: path, reason: "\(error)")
        }
        return temporaryPath
    }

    private static func realPath(of path: String) throws(FileWriteError) -> String {
        guard let resolved = realpath(path, nil) else { throw FileWriteError(path: path, reason: systemError()) }
        defer { free(resolved) }
        return String(cString: resolved)
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

/// Why a set of files was not written: every target refused before anything was written, or
/// the one file whose writing failed, its reason saying what became of the others.
public struct FileSetWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    public let failures: [FileWriteError]

    public init(failures: [FileWriteError]) {
        self.failures = failures
    }

    public var description: String { failures.map(\.description).joined(separator: "\n") }
}
