import ChoosyCore
import ChoosyCatalog
import ChoosyLint

/// `schemes --check` or `--write` of one Info.plist: how its LSApplicationQueriesSchemes
/// compares with the catalog's list, what to print, and the entries to write.
public struct SchemesCheck: Sendable {
    /// What decides the list and the update, as given: `--check`'s suggested `--write` repeats it.
    public struct Selection: Sendable {
        public let keys: [String]
        public let catalog: CatalogSelection
        public let client: String?
        /// `--prune`: the entries the catalog does not list (the app's own) are a difference,
        /// and an update removes them. Without it an Info.plist keeps them: it belongs to the
        /// whole app.
        public let prunes: Bool

        public init(keys: [String], catalog: CatalogSelection, client: String?, prunes: Bool) {
            self.keys = keys
            self.catalog = catalog
            self.client = client
            self.prunes = prunes
        }

        /// Who does not need an extra entry: the catalog (`the catalog does not`), or the app
        /// types asked for (`twitter does not need`, `maps and browser do not need`).
        var notNeeding: String {
            switch keys.count {
            case 0: "the catalog does not"
            case 1: "\(keys[0]) does not need"
            default: keys.dropLast().joined(separator: ", ") + " and \(keys[keys.count - 1]) do not need"
            }
        }

        /// `choosy-data schemes … --write PLIST …`, with these app types, catalog, client and
        /// `--prune`, each word quoted for a POSIX shell where needed.
        func writeCommand(_ path: String) -> String {
            let words = ["choosy-data", "schemes"] + keys + (catalog.path.map { [$0] } ?? []) + (catalog.catalog.map { ["-C", $0] } ?? [])
                + (catalog.configPath.map { ["--config", $0] } ?? []) + (client.map { ["--client", $0] } ?? []) + ["--write", path]
                + (prunes ? ["--prune"] : [])
            return words.map(Self.shellWord).joined(separator: " ")
        }

        private static func shellWord(_ word: String) -> String {
            let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "-_./=:,+@%".unicodeScalars.contains($0)) }
            return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        }
    }

    public let plist: InfoPlistSchemes
    /// The catalog's schemes.
    public let schemes: [String]
    public let selection: Selection
    /// The schemes the plist lacks, sorted.
    public let missing: [String]
    /// The plist's entries the catalog does not list, in file order.
    public let extra: [String]
    /// The entries after an update.
    public let entries: [String]

    public init(_ plist: InfoPlistSchemes, schemes: [String], selection: Selection) {
        self.plist = plist
        self.schemes = schemes
        self.selection = selection
        (missing, extra) = plist.comparison(with: schemes)
        entries = plist.updatedEntries(for: schemes, pruning: selection.prunes)
    }

    /// The entries an update removes: the extra ones, with `--prune`.
    public var removed: [String] { selection.prunes ? extra : [] }

    /// Whether the plist has the key and lists every scheme, and no entry to remove.
    public var isCurrent: Bool { missing.isEmpty && removed.isEmpty && plist.entries != nil }

    private var name: String { plist.path.withInvisibleCharactersEscaped }

    /// The line saying the plist is current, for a plist that `isCurrent`.
    public var currentLine: String {
        let kept = extra.isEmpty ? "" : " (and \(Self.count(extra, "entry", "entries")) of the app's own, kept)"
        return "\(name): LSApplicationQueriesSchemes lists the \(Self.count(schemes, "scheme", "schemes")) the catalog needs\(kept)"
    }

    /// `--check`'s report of a plist that is not current: what is missing, what is extra, and
    /// the `--write` command that fixes it.
    public var differences: String {
        var text = ""
        if plist.entries == nil { text += "\(name): has no LSApplicationQueriesSchemes key\n" }
        if !missing.isEmpty {
            text += "\(name): LSApplicationQueriesSchemes misses \(Self.count(missing, "scheme", "schemes")) the catalog needs:\n"
                + missing.map { "  + \($0.withInvisibleCharactersEscaped)\n" }.joined()
        }
        if !removed.isEmpty {
            text += "\(name): LSApplicationQueriesSchemes lists \(Self.count(removed, "scheme", "schemes")) "
                + "\(selection.notNeeding.withInvisibleCharactersEscaped):\n"
                + removed.map { "  - \($0.withInvisibleCharactersEscaped)\n" }.joined()
        }
        return text + "Fix: \(selection.writeCommand(plist.path).withInvisibleCharactersEscaped)"
            + (removed.isEmpty ? "" : " (leave out --prune if the app queries those schemes itself)") + "\n"
    }

    /// The plist's bytes after `--write`.
    public var rewritten: [UInt8] { plist.rewritten(removing: removed, adding: missing) }

    /// `--write`'s line saying what it changed.
    public var writtenLine: String {
        var changes: [String] = []
        if !missing.isEmpty { changes.append("added " + missing.joined(separator: ", ")) }
        if !removed.isEmpty { changes.append("removed " + removed.joined(separator: ", ") + " (the catalog does not list them, and --prune was given)") }
        if changes.isEmpty { changes.append("added the LSApplicationQueriesSchemes key") }
        return "\(name): " + changes.joined(separator: "; ").withInvisibleCharactersEscaped
    }

    private static func count(_ items: [String], _ one: String, _ many: String) -> String {
        "\(items.count) \(items.count == 1 ? one : many)"
    }
}
