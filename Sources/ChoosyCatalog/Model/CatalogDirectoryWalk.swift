import ChoosyCore
import ChoosySyntax
import Foundation

/// The JSON and YAML files below a directory, found by a walk that never comes back empty
/// without saying why: a directory it cannot list is an error naming it and the system's
/// reason; symbolic links to directories are followed, a loop is an error; a link that leads
/// outside the catalog's boundary is an error; a name that is not UTF-8 is set aside for a
/// finding instead of stopping the catalog. Hidden files and folders are skipped.
struct CatalogDirectoryWalk {
    /// A file whose name cannot be read as text, with what to tell the user.
    struct UnreadableName {
        let path: String
        let reason: String
    }

    let boundary: CatalogBoundary
    /// Files in sorted order, as they print.
    private(set) var files: [String] = []
    private(set) var unreadableNames: [UnreadableName] = []
    /// The symbolic links it followed to a directory or a catalog file, as paths through the
    /// walked directory: what they lead to is read too.
    private(set) var links: [String] = []

    /// Walks `directory` (which must be a directory) at once.
    init(below directory: String, boundary: CatalogBoundary) throws(InputError) {
        self.boundary = boundary
        var ancestors: [(device: UInt64, inode: UInt64, path: String)] = []
        try walk(directory, ancestors: &ancestors)
        files.sort()
    }

    /// One directory entry, examined while its directory is open (by name relative to it, so
    /// a name that is not UTF-8 can still be examined).
    private struct Entry {
        let name: String?
        let lossyName: String
        /// `stat` of what the entry leads to; nil for a dangling link, with `errno` in `error`.
        let status: stat?
        package let error: Int32
        let isSymbolicLink: Bool
    }

    private mutating func walk(_ directory: String, ancestors: inout [(device: UInt64, inode: UInt64, path: String)]) throws(InputError) {
        var status = stat()
        guard stat(directory, &status) == 0 else { throw InputError(path: directory, reason: InputError.reason(errno: errno)) }
        if let loop = ancestors.first(where: { $0.device == UInt64(status.st_dev) && $0.inode == UInt64(status.st_ino) }) {
            throw InputError(path: directory, reason: "symbolic link loop: it leads back to '\(loop.path)', which holds it; remove or fix the link")
        }
        ancestors.append((UInt64(status.st_dev), UInt64(status.st_ino), directory))
        defer { ancestors.removeLast() }
        // Listed whole and closed before going deeper: a deep tree holds one descriptor at a time.
        for entry in try Self.entries(of: directory) {
            let path = CatalogLoader.join(directory, entry.name ?? entry.lossyName)
            guard let name = entry.name else {
                if entry.status.map(Self.isDirectory) ?? false {
                    unreadableNames.append(UnreadableName(
                        path: path, reason: "the directory's name is not valid UTF-8, so the files in it are not read; rename it"))
                } else if SourceLanguage(path: entry.lossyName) != nil {
                    unreadableNames.append(UnreadableName(path: path, reason: "the file's name is not valid UTF-8, so it is not read; rename it"))
                }
                continue
            }
            guard let target = entry.status else {
                throw InputError(path: path, reason: Self.danglingReason(path, error: entry.error))
            }
            if entry.isSymbolicLink { try checkInsideBoundary(path) }
            let isRead = Self.isDirectory(target) || SourceLanguage(path: name) != nil
            if entry.isSymbolicLink && isRead { links.append(path) }
            if Self.isDirectory(target) {
                try walk(path, ancestors: &ancestors)
            } else if isRead {
                files.append(path)
            }
        }
    }

    /// The visible entries of `directory`; an error when it cannot be opened or read.
    private static func entries(of directory: String) throws(InputError) -> [Entry] {
        guard let stream = opendir(directory) else { throw InputError(path: directory, reason: InputError.reason(errno: errno)) }
        defer { closedir(stream) }
        let descriptor = dirfd(stream)
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let record = readdir(stream) else {
                if errno != 0 { throw InputError(path: directory, reason: InputError.reason(errno: errno)) }
                return entries
            }
            let bytes = withUnsafeBytes(of: record.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            // Hidden files and folders (`.git`, `.choosy-data.yml`), `.` and `..` are not catalog files.
            guard bytes.first != UInt8(ascii: ".") else { continue }
            var linkStatus = stat()
            var status = stat()
            let cName = bytes.map { CChar(bitPattern: $0) } + [0]
            let linkResult = fstatat(descriptor, cName, &linkStatus, AT_SYMLINK_NOFOLLOW)
            let result = linkResult == 0 ? fstatat(descriptor, cName, &status, 0) : linkResult
            let error = errno
            guard linkResult == 0 else { throw InputError(path: CatalogLoader.join(directory, String(decoding: bytes, as: UTF8.self)), reason: InputError.reason(errno: error)) }
            entries.append(Entry(
                name: String(validating: bytes, as: UTF8.self), lossyName: String(decoding: bytes, as: UTF8.self),
                status: result == 0 ? status : nil, error: error, isSymbolicLink: linkStatus.st_mode & S_IFMT == S_IFLNK))
        }
    }

    /// A link (to a file or a directory) must lead to a place inside the boundary.
    private func checkInsideBoundary(_ path: String) throws(InputError) {
        guard let resolved = CatalogBoundary.resolvedPath(path) else { throw InputError(path: path, reason: InputError.reason(errno: errno)) }
        guard boundary.contains(resolved) else {
            throw InputError(
                path: path,
                reason: "is a symbolic link to '\(resolved)', outside the catalog ('\(boundary.root)'); a catalog reads only its own "
                    + "files (move the files into the catalog, or name their directory in \(CatalogBoundary.environmentVariable); docs/catalog.md)")
        }
    }

    private static func isDirectory(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFDIR
    }

    /// Why a link leads nowhere: a loop, or what it names and why that cannot be reached.
    private static func danglingReason(_ path: String, error: Int32) -> String {
        if error == ELOOP { return InputError.reason(errno: error) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        let target = count >= 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
        return "is a symbolic link to '\(target)', which \(error == ENOENT ? "does not exist" : "cannot be reached: \(InputError.reason(errno: error))"); fix or remove the link"
    }
}
