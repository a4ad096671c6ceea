import Foundation

/// The directory a `GeneratedDirectory` replaces: resolved through symbolic links (so a link
/// stays and the directory it names is replaced), with what it holds, and the system calls
/// that make a staging directory beside it and swap it in.
struct OutputTarget {
    /// The directory as it was asked for, for messages.
    let requested: String
    /// Its real path; for a new directory, its real parent's path and its name.
    let path: String
    let parent: String
    let name: String
    /// Its status; nil when it does not exist yet.
    let status: stat?

    init(_ requested: String) throws(GeneratedDirectoryError) {
        guard !requested.isEmpty else { throw GeneratedDirectoryError("the output directory is empty text; name a directory") }
        self.requested = requested
        var status = stat()
        if lstat(requested, &status) == 0 {
            path = try Self.realPath(of: requested)
        } else if errno == ENOENT {
            let name = (requested as NSString).lastPathComponent
            guard name != ".", name != ".." else { throw GeneratedDirectoryError("cannot write \(requested): \(String(cString: strerror(ENOENT)))") }
            let parent = requested.pathDeletingLastComponent
            do {
                try FileManager.default.createDirectory(atPath: parent.isEmpty ? "." : parent, withIntermediateDirectories: true)
            } catch {
                throw GeneratedDirectoryError("cannot write \(requested): \(error.systemMessage)")
            }
            path = (try Self.realPath(of: parent.isEmpty ? "." : parent) as NSString).appendingPathComponent(name)
        } else {
            throw Self.failure(errno, resolving: requested)
        }
        guard path != "/" else { throw GeneratedDirectoryError("\(requested) is the root directory; choose an empty or new directory") }
        parent = path.pathDeletingLastComponent
        name = (path as NSString).lastPathComponent
        Self.recoverLeftovers(of: path, name: name, in: parent)
        guard stat(path, &status) == 0 else {
            guard errno == ENOENT else { throw GeneratedDirectoryError("cannot read \(requested): \(GeneratedDirectoryError.reason(errno))") }
            self.status = nil
            return
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw GeneratedDirectoryError("\(requested) exists and is not a directory") }
        if let refusal = AtomicFileWriter.writeRefusal(requested, status, refused: "replace a read-only directory") {
            throw GeneratedDirectoryError("cannot write to \(requested): it \(refusal)")
        }
        self.status = status
    }

    /// The real path of an existing `path`, or why there is none, saying where a dangling
    /// symbolic link points.
    private static func realPath(of path: String) throws(GeneratedDirectoryError) -> String {
        guard let resolved = realpath(path, nil) else {
            let error = errno
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(path, &buffer, buffer.count - 1)
            if error == ENOENT, length >= 0 {
                let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                throw GeneratedDirectoryError(
                    "\(path) is a symbolic link to '\(destination.withInvisibleCharactersEscaped)', which does not exist; "
                        + "make that directory, or choose another")
            }
            throw failure(error, resolving: path)
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func failure(_ error: Int32, resolving path: String) -> GeneratedDirectoryError {
        if error == ELOOP { return GeneratedDirectoryError("cannot write \(path): symbolic link loop") }
        return GeneratedDirectoryError("cannot write \(path): \(String(cString: strerror(error)))")
    }

    /// Removes what runs killed while writing this directory left beside it (see
    /// `ScratchPaths`). A run killed between moving the old directory aside and moving the new
    /// one in left no directory at all: the old one is put back. A moved-aside directory is
    /// put back or removed only when it holds a file list, as every directory this tool wrote
    /// does; one without is left where it is.
    private static func recoverLeftovers(of path: String, name: String, in parent: String) {
        var previous = ScratchPaths.leftovers(for: name, in: parent, purpose: "old").filter {
            FileManager.default.fileExists(atPath: $0 + "/" + GeneratedDirectory.fileListName)
        }
        var missing = stat()
        if lstat(path, &missing) != 0, errno == ENOENT, let last = previous.popLast() {
            rename(last, path)
        }
        for leftover in previous + ScratchPaths.leftovers(for: name, in: parent, purpose: "new") {
            try? FileManager.default.removeItem(atPath: leftover)
        }
    }

    /// The names in the directory; nil when it does not exist.
    func existingNames() throws(GeneratedDirectoryError) -> [String]? {
        guard status != nil else { return nil }
        return try names(in: path)
    }

    private func names(in folder: String) throws(GeneratedDirectoryError) -> [String] {
        guard let stream = opendir(folder) else {
            throw GeneratedDirectoryError("cannot read \(requested) to see what it holds: \(GeneratedDirectoryError.reason(errno))")
        }
        defer { closedir(stream) }
        var names: [String] = []
        errno = 0
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
            errno = 0
        }
        guard errno == 0 else {
            throw GeneratedDirectoryError("cannot read \(requested) to see what it holds: \(GeneratedDirectoryError.reason(errno))")
        }
        return names.sorted()
    }

    /// The file list an earlier run left; nil when there is none.
    func fileList() throws(GeneratedDirectoryError) -> GeneratedFileList? {
        let listPath = path + "/" + GeneratedDirectory.fileListName
        var status = stat()
        guard lstat(listPath, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: listPath) else {
            throw GeneratedDirectoryError("cannot read \(requested)/\(GeneratedDirectory.fileListName): it is not a readable file")
        }
        return GeneratedFileList(text: String(decoding: data, as: UTF8.self))
    }

    /// What the directory holds beyond `list` (and the list itself), by path, a folder the list
    /// has no file in as the folder: `.git/`, `CNAME`. A symbolic link where the list has a file
    /// or folder is the run's to replace: removing a link never removes what it points to.
    func entries(notIn list: GeneratedFileList) throws(GeneratedDirectoryError) -> [String] {
        var foreign: [String] = []
        func walk(_ folder: String, _ prefix: String) throws(GeneratedDirectoryError) {
            for name in try names(in: folder) {
                let relative = prefix + name
                if relative == GeneratedDirectory.fileListName { continue }
                var status = stat()
                let type = lstat(folder + "/" + name, &status) == 0 ? status.st_mode & S_IFMT : 0
                if type == S_IFDIR, list.folders.contains(relative) {
                    try walk(folder + "/" + name, relative + "/")
                } else if type == S_IFDIR || !list.files.contains(relative) && !(type == S_IFLNK && list.folders.contains(relative)) {
                    foreign.append(relative + (type == S_IFDIR ? "/" : ""))
                }
            }
        }
        try walk(path, "")
        return foreign
    }

    /// The regular files of `list` whose contents no longer have the checksum it records (a
    /// page edited by hand); a link, or a file gone, loses nothing when the directory is
    /// replaced.
    func files(changedFrom list: GeneratedFileList) throws(GeneratedDirectoryError) -> [String] {
        var changed: [String] = []
        for file in list.files.sorted() {
            guard let checksum = list.checksums[file] else { continue }
            var status = stat()
            guard lstat(path + "/" + file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            let descriptor = open(path + "/" + file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
            let read = descriptor < 0 ? .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) : FileDescriptorIO.readAll(from: descriptor)
            if descriptor >= 0 { close(descriptor) }
            switch read {
            case .success(let bytes):
                if FNV1a64.hash(bytes) != checksum { changed.append(file) }
            case .failure(let error):
                throw GeneratedDirectoryError(
                    "cannot read \(requested)/\(file) to see whether it changed since it was written: \(GeneratedDirectoryError.reason(error.code.rawValue))")
            }
        }
        return changed
    }

    /// A new, registered staging directory beside the target, with the target's owner, group
    /// and mode (its setgid bit too, so what is made inside gets its group), writable by us
    /// until `swap(in:)` gives it the mode whole.
    func makeStaging() throws(GeneratedDirectoryError) -> String {
        let staging = parent + "/" + ScratchPaths.name(for: name, purpose: "new", unique: UUID().uuidString)
        try ScratchPaths.changing { paths throws(GeneratedDirectoryError) in
            guard mkdir(staging, 0o777) == 0 else { throw GeneratedDirectoryError("cannot write \(requested): \(GeneratedDirectoryError.reason(errno))") }
            paths.insert(staging)
        }
        guard let status else { return staging }
        var made = stat()
        let kept = stat(staging, &made) == 0
            && (made.st_uid == status.st_uid && made.st_gid == status.st_gid || chown(staging, status.st_uid, status.st_gid) == 0)
            && chmod(staging, status.st_mode & 0o7777 | S_IRWXU) == 0
        guard kept else {
            let reason = GeneratedDirectoryError.reason(errno)
            discard(staging)
            throw GeneratedDirectoryError(
                "cannot give the new \(requested) the owner (uid \(status.st_uid)), group (gid \(status.st_gid)) and mode of the old: \(reason); nothing was written")
        }
        return staging
    }

    /// Flushes the staging directory to disk and renames it into place, the old directory
    /// moved aside first and removed after.
    func swap(in staging: String) throws(GeneratedDirectoryError) {
        // One flush of everything written, before the swap: after a power cut the directory in
        // place is the old one or a complete new one, never new names over data the disk never
        // got. (One flush for the whole directory, not one wait per file.)
        sync()
        if let status, chmod(staging, status.st_mode & 0o7777) != 0 {
            throw GeneratedDirectoryError("cannot write \(requested): \(GeneratedDirectoryError.reason(errno))")
        }
        let previous = parent + "/" + ScratchPaths.name(for: name, purpose: "old", unique: UUID().uuidString)
        try ScratchPaths.changing { paths throws(GeneratedDirectoryError) in
            if status != nil {
                guard rename(path, previous) == 0 else { throw GeneratedDirectoryError("cannot write \(requested): \(GeneratedDirectoryError.reason(errno))") }
                paths.insert(previous)
            }
            guard rename(staging, path) == 0 else {
                let reason = GeneratedDirectoryError.reason(errno)
                if status != nil, rename(previous, path) == 0 { paths.remove(previous) }
                throw GeneratedDirectoryError("cannot write \(requested): \(reason)")
            }
            paths.remove(staging)
        }
        guard status != nil else { return }
        ScratchPaths.changing { paths in
            try? FileManager.default.removeItem(atPath: previous)
            paths.remove(previous)
        }
    }

    /// Removes a staging directory that will not be swapped in: the `files` written into it and
    /// the `folders` made for them (with the folders above) one by one, which takes no file
    /// descriptor (a run that failed for want of them still cleans up), then anything else by
    /// a walk.
    func discard(_ staging: String, files: [String] = [], folders: Set<String> = []) {
        // A folder's path with "/" added has every folder down to it as its folders.
        let madeFolders = GeneratedFileList(kind: "", paths: files + folders.map { $0 + "/" }).folders
        ScratchPaths.changing { paths in
            for file in files { unlink(staging + "/" + file) }
            for folder in madeFolders.sorted(by: >) { rmdir(staging + "/" + folder) }
            if rmdir(staging) != 0 { try? FileManager.default.removeItem(atPath: staging) }
            paths.remove(staging)
        }
    }
}
