import Foundation

/// The bytes of one input file and the path it is reported under.
public struct SourceFile: Sendable {
    /// The path as the user wrote it (or as found below a catalog root); findings print it.
    public let path: String
    public let bytes: [UInt8]

    /// The largest file the loaders read: `SourceLocation` stores positions in 32 bits, and a
    /// range may end one past the last byte.
    public static let maximumByteCount = Int(UInt32.max) - 1

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The language (JSON or YAML) the file's name says it is written in.
    public var language: SourceLanguage? { SourceLanguage(path: path) }

    /// Reads a regular file. Directories, FIFOs, devices and unreadable files are refused with
    /// an error that says which, instead of hanging or reading garbage.
    public static func read(path: String) throws(InputError) -> SourceFile {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw InputError(path: path, reason: InputError.reason(errno: errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw InputError(path: path, reason: "is a directory, not a file")
        default: throw InputError(path: path, reason: "is not a regular file")
        }
        guard status.st_size <= maximumByteCount else {
            throw InputError(path: path, reason: "is \(status.st_size) bytes; files larger than \(maximumByteCount) bytes (4 GiB) cannot be read")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let error = errno
            throw InputError(path: path, reason: error == EACCES || access(path, R_OK) != 0 ? "permission denied" : "cannot be opened: \(InputError.reason(errno: error))")
        }
        defer { close(descriptor) }
        guard let bytes = readAll(descriptor, expectedCount: Int(status.st_size)) else {
            throw InputError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
        }
        return SourceFile(path: path, bytes: bytes)
    }

    /// Reads to the end straight into the array the tree's file keeps: the input is in memory
    /// once, not also in a `Data` it was copied from. A file that grew after `stat` is read
    /// whole all the same; nil on a read error.
    private static func readAll(_ descriptor: Int32, expectedCount: Int) -> [UInt8]? {
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: expectedCount) { buffer, initialized in
            while initialized < expectedCount, let count = readSome(descriptor, into: buffer.baseAddress! + initialized, count: expectedCount - initialized) {
                if count == 0 { return }
                initialized += count
            }
            failed = initialized < expectedCount
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !failed {
            guard let count = chunk.withUnsafeMutableBufferPointer({ readSome(descriptor, into: $0.baseAddress!, count: $0.count) }) else { return nil }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return failed ? nil : bytes
    }

    /// One `read`, retried when a signal interrupts it; nil on an error.
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
        while true {
            let result = Foundation.read(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno != EINTR { return nil }
        }
    }

    /// Refuses a file too large for 32-bit positions (one that did not come from `read`, such as
    /// standard input) before a parser starts on it.
    func checkSize() throws(SyntaxError) {
        guard bytes.count <= Self.maximumByteCount else {
            throw SyntaxError(
                "the file is \(bytes.count) bytes; files larger than \(Self.maximumByteCount) bytes (4 GiB) cannot be read",
                at: .start, hint: "an app definition is far smaller; check that this is the right file")
        }
    }
}

/// The two languages app definitions are written in: JSON and YAML (what `fmt --to` and
/// `--stdin-format` call a file's format).
public enum SourceLanguage: String, Sendable, CaseIterable {
    case json
    case yaml

    /// The language of a file name's extension (`.json`, `.yaml`, `.yml`), if it has one of them.
    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "json": self = .json
        case "yaml", "yml": self = .yaml
        default: return nil
        }
    }
}

/// A file or directory that could not be read at all (as opposed to one that reads but does
/// not parse). The CLI exits 2 for these.
public struct InputError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// What the system's `errno` means for a path, in words a user can act on.
    package static func reason(errno code: Int32) -> String {
        switch code {
        case ELOOP:
            "symbolic link loop: a link leads back to itself; fix the link"
        case EMFILE, ENFILE:
            "\(String(cString: strerror(code))); raise the limit on open files (ulimit -n) and run again"
        case EACCES:
            "permission denied"
        default:
            String(cString: strerror(code))
        }
    }
}
