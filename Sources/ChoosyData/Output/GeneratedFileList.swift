/// The files a run wrote into a generated directory, as its file list (`.choosy-data-files`)
/// records them: one path per line, after comments saying what the list is for and what the
/// directory is (`# kind: a bundle`).
struct GeneratedFileList: Sendable, Equatable {
    /// What the directory is: "a bundle", "a docs site".
    let kind: String
    let files: Set<String>
    /// Every folder above a file, so a walk of the directory knows which folders are the run's.
    let folders: Set<String>

    init(kind: String, paths: some Sequence<String>) {
        self.kind = kind
        files = Set(paths)
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
        self.init(kind: kind.map(String.init) ?? "", paths: lines.lazy.filter { !$0.hasPrefix("#") }.map(String.init))
    }

    private static let kindPrefix = "# kind: "

    var text: [UInt8] {
        let header = """
            # The files choosy-data wrote into this directory. It replaces the directory only
            # while it holds exactly these files; keep other files elsewhere.
            \(Self.kindPrefix)\(kind)

            """
        return Array((header + files.sorted().map { $0 + "\n" }.joined()).utf8)
    }
}
