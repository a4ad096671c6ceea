import Foundation

/// A directory of generated files (a bundle, a docs site) written all at once: built in a new
/// directory next to the target, then renamed into place, so no reader ever sees half of it
/// and a failed run leaves the previous one as it was.
public struct GeneratedDirectory: Sendable {
    /// One file, by its path inside the directory (`/`-separated, relative).
    public struct File: Sendable {
        public let path: String
        public let bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    public let files: [File]
    /// A file that every directory of this kind holds: how a directory written before file
    /// lists (`fileListName`) is recognised.
    public let marker: String
    /// What the directory is, for the error about a target holding something else.
    public let kind: String

    public init(files: [File], marker: String, kind: String) {
        self.files = files
        self.marker = marker
        self.kind = kind
    }

    /// Whether `path` stays inside the directory: relative, and no empty, `.` or `..` part; and
    /// no control character, which would break the file list's lines. Every file is checked
    /// before anything is written, whatever made its name.
    static func isContained(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") }
            && !path.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// Writes every file into a staging directory beside `directory`, then swaps it in. Every
    /// path is checked before anything is written.
    @discardableResult
    public func write(to directory: String) throws(GeneratedDirectoryError) -> Written {
        if let outside = files.first(where: { !Self.isContained($0.path) }) {
            throw GeneratedDirectoryError("refusing to write '\(outside.path)': it is not a plain path inside \(directory)")
        }
        return try Self.write(to: directory, marker: marker, kind: kind) { (sink: inout Sink) throws(GeneratedDirectoryError) in
            for file in files { try sink.write(file.bytes, to: file.path) }
        }
    }

    /// Where `write(to:marker:kind:_:)` puts each file as it is made, so a large directory is
    /// never held in memory whole.
    public struct Sink {
        /// The staging directory's path; files' paths are joined to it as strings, since
        /// `URL`'s parsing of every joined path was a tenth of writing a page.
        let staging: String
        let directory: String
        /// The path of the directory being replaced: a file that would be written with the bytes
        /// it already holds there is linked into the new directory instead.
        let replaced: String?
        /// How many files were written.
        public var count: Int { paths.count }
        /// Every file written, in order.
        private(set) var paths: [String] = []
        /// The checksum of each file written, for the file list.
        private(set) var checksums: [String: UInt64] = [:]
        /// The folders below the staging directory made so far; the staging directory exists.
        private(set) var madeFolders: Set<String> = []

        /// Writes one file; a path that is not plain and inside the directory fails the run.
        public mutating func write(_ bytes: [UInt8], to path: String) throws(GeneratedDirectoryError) {
            guard GeneratedDirectory.isContained(path), path != GeneratedDirectory.fileListName else {
                throw GeneratedDirectoryError("refusing to write '\(path)': it is not a plain path inside \(directory)")
            }
            let (staging, directory, replaced) = (staging, directory, replaced)
            // Locked, so an interruption removes the staging directory between two files, not
            // under one being written.
            if let slash = path.lastIndex(of: "/"), !madeFolders.contains(String(path[..<slash])) {
                try ScratchPaths.changing { _ throws(GeneratedDirectoryError) in
                    do {
                        try FileManager.default.createDirectory(atPath: staging + "/" + path[..<slash], withIntermediateDirectories: true)
                    } catch {
                        throw GeneratedDirectoryError("cannot write \(directory): \(error.systemMessage)")
                    }
                }
                madeFolders.insert(String(path[..<slash]))
            }
            try ScratchPaths.changing { _ throws(GeneratedDirectoryError) in
                let destination = staging + "/" + path
                if let replaced, Self.linkUnchanged(path, in: replaced, to: destination, holding: bytes) { return }
                guard Self.create(destination, with: bytes) else {
                    throw GeneratedDirectoryError("cannot write \(directory): \(GeneratedDirectoryError.reason(errno))")
                }
            }
            paths.append(path)
            checksums[path] = FNV1a64.hash(bytes)
        }

        /// Writes the list of every file written, last.
        func writeFileList(_ bytes: [UInt8]) throws(GeneratedDirectoryError) {
            let (staging, directory) = (staging, directory)
            try ScratchPaths.changing { _ throws(GeneratedDirectoryError) in
                guard Self.create(staging + "/" + GeneratedDirectory.fileListName, with: bytes) else {
                    throw GeneratedDirectoryError("cannot write \(directory): \(GeneratedDirectoryError.reason(errno))")
                }
            }
        }

        /// Links file `path` of `directory` as `destination` when it holds exactly `bytes`: a page
        /// that did not change since the last run costs a read instead of a new file, and new
        /// files were most of the time of `docs` replacing a site (ext4 without a journal, as
        /// here, searches past every recently deleted inode for each new one). Only a regular
        /// file reached through real directories is linked; anything else is written anew.
        private static func linkUnchanged(_ path: String, in directory: String, to destination: String, holding bytes: [UInt8]) -> Bool {
            var folder = directory
            for part in path.split(separator: "/").dropLast() {
                folder += "/" + part
                var status = stat()
                guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
            }
            let existing = directory + "/" + path
            // Not blocking: a named pipe in the old directory is not a file to wait on.
            let descriptor = open(existing, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == bytes.count else { return false }
            // One byte more than expected, to see the end of the file.
            let held = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count + 1, alignment: 1)
            defer { held.deallocate() }
            var filled = 0
            while filled < held.count {
                let result = read(descriptor, held.baseAddress! + filled, held.count - filled)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { break }
                filled += result
            }
            // `memcmp`: comparing element by element was an eighth of the time of `docs`.
            let same = filled == bytes.count && bytes.withUnsafeBytes { filled == 0 || memcmp(held.baseAddress!, $0.baseAddress!, filled) == 0 }
            return same && link(existing, destination) == 0
        }

        /// Writes a new file with plain system calls; on failure, none is left. `Data.write` syncs every file to disk,
        /// which made writing a site of thousands of pages wait on the disk thousands of times;
        /// the directory is flushed once before it is swapped in instead.
        private static func create(_ path: String, with bytes: [UInt8]) -> Bool {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard descriptor >= 0 else { return false }
            var written = 0
            let complete = bytes.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if result < 0 && errno == EINTR { continue }
                    guard result > 0 else { return false }
                    written += result
                }
                return true
            }
            guard close(descriptor) == 0 && complete else {
                let error = errno
                unlink(path)
                errno = error
                return false
            }
            return true
        }
    }

    /// The file every run writes into the directory, listing every other file it wrote: the
    /// next run replaces the directory only while it holds exactly those files.
    public static let fileListName = ".choosy-data-files"

    /// What a run wrote, and where.
    public struct Written: Sendable, Equatable {
        /// How many files were written (the file list not counted).
        public let count: Int
        /// The directory as the run was asked for it, or its real path when the request was
        /// `.` or `..`, which name nothing a reader recognises.
        public let shownPath: String
    }

    /// Writes the files that `produce` gives the sink, one at a time, into a staging directory
    /// beside `directory`, then swaps it in: readers see the old directory or the new one,
    /// never a mix, and a failure (of `produce` too) leaves `directory` as it was.
    ///
    /// An existing directory is replaced only when it is empty or holds exactly the files its
    /// file list names (see `fileListName`), each as its checksum says it was written; one
    /// written before file lists (it holds `marker` but no list) or with a list without
    /// checksums only when it holds nothing this run does not write. A symbolic link is
    /// followed: the directory it points to is replaced, with its mode, owner and group.
    @discardableResult
    public static func write(
        to directory: String, marker: String, kind: String,
        _ produce: (inout Sink) throws(GeneratedDirectoryError) -> Void
    ) throws(GeneratedDirectoryError) -> Written {
        let target = try OutputTarget(directory)
        /// Why the directory's files cannot be told apart from a user's, when they cannot: it
        /// may then be replaced only by a run that writes every file again.
        var unvouched: String?
        checkingExisting: if let existing = try target.existingNames(), !existing.isEmpty {
            if let list = try target.fileList() {
                guard list.kind == kind else {
                    throw GeneratedDirectoryError("\(directory) holds \(list.kind.isEmpty ? "something else" : list.kind), not \(kind); choose an empty or new directory")
                }
                let foreign = try target.entries(notIn: list)
                guard foreign.isEmpty else {
                    throw GeneratedDirectoryError(
                        "\(directory) holds files that choosy-data did not write (\(listed(foreign))); it replaces \(kind) only when it "
                            + "holds exactly the files its \(fileListName) lists: move them out, or choose an empty or new directory")
                }
                // A list without checksums (an earlier version's, or one made by hand) cannot
                // vouch for what the files hold: as without a list, the run replaces only what
                // it writes again.
                guard list.hasChecksums else {
                    unvouched = "has a \(fileListName) without checksums (an earlier choosy-data's, or not choosy-data's)"
                    break checkingExisting
                }
                let changed = try target.files(changedFrom: list)
                guard changed.isEmpty else {
                    throw GeneratedDirectoryError(
                        "\(directory) holds files changed since choosy-data wrote them (\(listed(changed))); it replaces \(kind) only when "
                            + "its files are as written: keep the changes elsewhere (or remove the files), or choose an empty or new directory")
                }
            } else if existing.contains(marker) {
                unvouched = "was written by an earlier choosy-data, without a \(fileListName),"
            } else {
                throw GeneratedDirectoryError("\(directory) holds files that are not \(kind) (\(listed(existing))); choose an empty or new directory")
            }
        }
        let staging = try target.makeStaging()
        var sink = Sink(staging: staging, directory: directory, replaced: target.status == nil ? nil : target.path)
        do throws(GeneratedDirectoryError) {
            try produce(&sink)
            let list = GeneratedFileList(kind: kind, paths: sink.paths, checksums: sink.checksums)
            if let unvouched {
                let foreign = try target.entries(notIn: list)
                guard foreign.isEmpty else {
                    throw GeneratedDirectoryError(
                        "\(directory) \(unvouched) and holds files this run does not "
                            + "write (\(listed(foreign))): move them out (or remove them if they were generated), or choose an empty or new directory")
                }
            }
            try sink.writeFileList(list.text)
            try target.swap(in: staging)
        } catch {
            target.discard(staging, files: sink.paths + [fileListName], folders: sink.madeFolders)
            throw error
        }
        return Written(count: sink.count, shownPath: [".", ".."].contains((directory as NSString).lastPathComponent) ? target.path : directory)
    }

    /// Up to five names for a message, each with its invisible characters shown, and how many
    /// more there are.
    static func listed(_ names: [String]) -> String {
        let shown = names.prefix(5).map(\.withInvisibleCharactersEscaped).joined(separator: ", ")
        return names.count > 5 ? "\(shown) and \(names.count - 5) more" : shown
    }
}

/// Why a generated directory could not be written; the CLI exits 2.
public struct GeneratedDirectoryError: Error, Sendable, CustomStringConvertible {
    public let message: String

    package init(_ message: String) {
        self.message = message
    }

    public var description: String { message }

    /// The system's words for `error`, and what to do when it is this process's limit.
    package static func reason(_ error: Int32) -> String {
        let text = String(cString: strerror(error))
        return error == EMFILE ? text + " (raise the limit of open files, ulimit -n)" : text
    }
}
