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
    /// A file that every directory of this kind holds: an existing target is replaced only
    /// when it is empty or holds this file, so a mistyped `-o` never deletes unrelated files.
    public let marker: String
    /// What the directory is, for the error about a target holding something else.
    public let kind: String

    public init(files: [File], marker: String, kind: String) {
        self.files = files
        self.marker = marker
        self.kind = kind
    }

    /// Whether `path` stays inside the directory: relative, and no empty, `.` or `..` part.
    /// Every file is checked before anything is written, whatever made its name.
    static func isContained(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\\") }
    }

    /// Writes every file into a staging directory beside `directory`, then swaps it in. Every
    /// path is checked before anything is written.
    public func write(to directory: String) throws(GeneratedDirectoryError) {
        if let outside = files.first(where: { !Self.isContained($0.path) }) {
            throw GeneratedDirectoryError("refusing to write '\(outside.path)': it is not a plain path inside \(directory)")
        }
        try Self.write(to: directory, marker: marker, kind: kind) { (sink: inout Sink) throws(GeneratedDirectoryError) in
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
        public private(set) var count = 0
        /// The folders below the staging directory made so far; the staging directory exists.
        private(set) var madeFolders: Set<String> = []

        /// Writes one file; a path that is not plain and inside the directory fails the run.
        public mutating func write(_ bytes: [UInt8], to path: String) throws(GeneratedDirectoryError) {
            guard GeneratedDirectory.isContained(path) else {
                throw GeneratedDirectoryError("refusing to write '\(path)': it is not a plain path inside \(directory)")
            }
            let destination = staging + "/" + path
            if let slash = path.lastIndex(of: "/"), !madeFolders.contains(String(path[..<slash])) {
                do {
                    try FileManager.default.createDirectory(atPath: staging + "/" + path[..<slash], withIntermediateDirectories: true)
                } catch {
                    throw GeneratedDirectoryError("cannot write \(directory): \(error.systemMessage)")
                }
                madeFolders.insert(String(path[..<slash]))
            }
            if let replaced, Self.linkUnchanged(path, in: replaced, to: destination, holding: bytes) {
                count += 1
                return
            }
            guard Self.create(destination, with: bytes) else {
                throw GeneratedDirectoryError("cannot write \(directory): \(String(cString: strerror(errno)))")
            }
            count += 1
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
            let descriptor = open(existing, O_RDONLY | O_NOFOLLOW)
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

        /// Writes a new file with plain system calls. `Data.write` syncs every file to disk,
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
            return close(descriptor) == 0 && complete
        }
    }

    /// Writes the files that `produce` gives the sink, one at a time, into a staging directory
    /// beside `directory`, then swaps it in: readers see the old directory or the new one,
    /// never a mix, and a failure (of `produce` too) leaves `directory` as it was. Returns how
    /// many files were written.
    @discardableResult
    public static func write(
        to directory: String, marker: String, kind: String,
        _ produce: (inout Sink) throws(GeneratedDirectoryError) -> Void
    ) throws(GeneratedDirectoryError) -> Int {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: target.path, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else { throw GeneratedDirectoryError("\(directory) exists and is not a directory") }
            let contents = (try? manager.contentsOfDirectory(atPath: target.path)) ?? []
            guard contents.isEmpty || contents.contains(marker) else {
                throw GeneratedDirectoryError("\(directory) holds files that are not \(kind); choose an empty or new directory")
            }
        }
        let suffix = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).new-\(suffix)")
        let previous = parent.appendingPathComponent(".\(target.lastPathComponent).old-\(suffix)")
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
            try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw GeneratedDirectoryError("cannot write \(directory): \(error.systemMessage)")
        }
        var sink = Sink(staging: staging.path, directory: directory, replaced: exists ? target.path : nil)
        do {
            try produce(&sink)
        } catch {
            try? manager.removeItem(at: staging)
            throw error
        }
        // One flush of everything written, before the swap: after a power cut the directory in
        // place is the old one or a complete new one, never new names over data the disk never
        // got. (One flush for the whole directory, not one wait per file.)
        sync()
        do {
            if exists { try manager.moveItem(at: target, to: previous) }
            do {
                try manager.moveItem(at: staging, to: target)
            } catch {
                if exists { try? manager.moveItem(at: previous, to: target) }
                throw error
            }
            if exists { try? manager.removeItem(at: previous) }
        } catch {
            try? manager.removeItem(at: staging)
            throw GeneratedDirectoryError("cannot write \(directory): \(error.systemMessage)")
        }
        return sink.count
    }
}

/// Why a generated directory could not be written; the CLI exits 2.
public struct GeneratedDirectoryError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
