/// The files a run wrote into a generated directory, as its file list (`.choosy-data-files`)
/// records them: one line per file, its checksum (64-bit FNV-1a, 16 hex digits), two spaces
/// and its path, after comments saying what the list is for and what the directory is
/// (`# kind: a bundle`). The checksums tell a file as written from one changed since (a page
/// edited by hand), which a run must not replace. Lists written before checksums hold paths
/// alone.
struct GeneratedFileList: Sendable, Equatable {
    /// What the directory is: "a bundle", "a docs site".
    let kind: String
    let files: Set<String>
    /// The checksum of each file as written; a list from before checksums has none.
    let checksums: [String: UInt64]
    /// Every folder above a file, so a walk of the directory knows which folders are the run's.
    let folders: Set<String>

    init(kind: String, paths: some Sequence<String>, checksums: [String: UInt64] = [:]) {
        self.kind = kind
        files = Set(paths)
        self.checksums = checksums
        var folders: Set<String> = []
        for path in files {
            var folder = path[...]
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(String(folder)).inserted else { break }
            }
        }
        self.folders = folders
    }

    /// The list as written: blank lines and lines starting with `#` are not paths.
    init(text: String) {
        let lines = text.split(separator: "\n")
        let kind = lines.first { $0.hasPrefix(Self.kindPrefix) }?.dropFirst(Self.kindPrefix.count)
        var paths: [String] = []
        var checksums: [String: UInt64] = [:]
        for line in lines where !line.hasPrefix("#") {
            let digits = line.prefix(16)
            if let checksum = UInt64(digits, radix: 16), digits.count == 16, line.dropFirst(16).hasPrefix(Self.separator) {
                let path = String(line.dropFirst(16 + Self.separator.count))
                paths.append(path)
                checksums[path] = checksum
            } else {
                paths.append(String(line))
            }
        }
        self.init(kind: kind.map(String.init) ?? "", paths: paths, checksums: checksums)
    }

    private static let kindPrefix = "# kind: "
    private static let separator = "  "

    /// Whether every file has its checksum, so a changed one can be told.
    var hasChecksums: Bool { files.allSatisfy { checksums[$0] != nil } }

    package var text: [UInt8] {
        let header = """
            # The files choosy-data wrote into this directory, each after its checksum. It
            # replaces the directory only while it holds exactly these files, as written; keep
            # other files, and changed copies, elsewhere.
            \(Self.kindPrefix)\(kind)

            """
        let lines = files.sorted().map { path in
            checksums[path].map { zeroPaddedHex($0, digits: 16).lowercased() + Self.separator + path } ?? path
        }
        return Array((header + lines.map { $0 + "\n" }.joined()).utf8)
    }
}
