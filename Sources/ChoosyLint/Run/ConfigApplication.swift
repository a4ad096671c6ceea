import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

extension Linter {
    /// Drops ignored findings and those of rules turned off, sets configured severities, and
    /// adds a finding for every ignore entry that matched nothing (`stale-ignore`) or matched
    /// only through an array index (`ignore-by-index`). `document` gives a file's tree, so
    /// that each finding is looked up at its keyed pointer too; `files` are the catalog's
    /// files, so that an entry naming none of them, or no value in them, says so. An unused
    /// entry for one of `unjudgedRules` (rules syntax errors kept from checking everything)
    /// is not stale: the finding it names may be in what the errors hid.
    package static func apply(
        _ config: CatalogConfig, to findings: [Finding], root: String?, configFile: String?,
        files: [String] = [], unjudgedRules: Set<String> = [], document: (String) -> Document? = { _ in nil }
    ) -> [Finding] {
        var ignores = IgnoreIndex(config.ignore, root: root)
        var used = Set<Int>()
        // Entries that matched a finding only through an index, with the key form they name.
        var matchedByIndex: [Int: String] = [:]
        // Reported findings of rules an entry names, with their keyed pointers: where a
        // stale index entry's finding may have moved.
        var unsilenced: [(finding: Finding, keyed: String)] = []
        var kept: [Finding] = []
        for finding in findings {
            var matches: [Int] = []
            if ignores.hasEntries(for: finding.ruleID) {
                let keyed = document(finding.file).map { KeyedPointer.keyed(finding.pointer, in: $0.root) } ?? finding.pointer
                matches = ignores.entries(silencing: finding)
                if keyed != finding.pointer {
                    let byKey = ignores.entries(silencing: finding, at: keyed)
                    for index in matches where !byKey.contains(index) && matchedByIndex[index] == nil {
                        let depth = JSONPointer.tokens(of: config.ignore[index].pointer ?? "").count
                        matchedByIndex[index] = JSONPointer.tokens(of: keyed).prefix(depth).map(JSONPointer.escape).joined(separator: "/")
                    }
                    matches += byKey
                }
                if matches.isEmpty { unsilenced.append((finding, keyed)) }
            }
            used.formUnion(matches)
            guard matches.isEmpty, let finding = configured(finding, by: config) else { continue }
            kept.append(finding)
        }
        guard let configFile else { return kept }
        for (index, entry) in config.ignore.enumerated() where used.contains(index) || !unjudgedRules.contains(entry.rule) {
            if !used.contains(index), let missing = namedNothing(by: entry, among: files, root: root, ignores: &ignores, document: document) {
                let stale = StaleIgnoreRule.finding(for: entry, in: configFile, namingNothing: missing)
                if let stale = configured(stale, by: config) { kept.append(stale) }
            } else if !used.contains(index) {
                let moved = unsilenced.filter { candidate in
                    [candidate.finding.ruleID, CatalogConfig.IgnoreEntry.everyRule].contains(entry.rule) && ignores.entry(entry, covers: candidate.finding.file)
                        && Self.sameShape(candidate.finding.pointer, asIndexPointer: entry.pointer)
                }
                let stale = StaleIgnoreRule.finding(for: entry, in: configFile, movedTo: moved.map { ($0.finding.pointer, $0.keyed) })
                if let stale = configured(stale, by: config) { kept.append(stale) }
            }
            if let keyed = matchedByIndex[index], let byIndex = configured(IgnoreByIndexRule.finding(for: entry, keyed: keyed, in: configFile), by: config) {
                kept.append(byIndex)
            }
        }
        return kept
    }

    /// What `entry` names that is not in the catalog of `files`: no file matches its path, or
    /// its pointer names no value in any file its path covers (the first file that goes
    /// deepest says which key is unknown). Nil when it names something, or when a covered
    /// file could not be loaded, so nothing is known of its values.
    private static func namedNothing(
        by entry: CatalogConfig.IgnoreEntry, among files: [String], root: String?, ignores: inout IgnoreIndex,
        document: (String) -> Document?
    ) -> StaleIgnoreRule.NamedNothing? {
        guard !files.isEmpty else { return nil }
        let covered = files.filter { ignores.entry(entry, covers: $0) }
        guard !covered.isEmpty else {
            let names = files.map { Catalog.relativePath($0, to: root) }
            return .path(UnknownKeyError(kind: "file", key: entry.path ?? "", validKeys: names))
        }
        guard let pointer = entry.pointer else { return nil }
        var deepest: (error: UnknownKeyError, depth: Int)?
        for file in covered {
            guard let document = document(file) else { return nil }
            guard let missing = KeyedPointer.missing(pointer, in: document.root) else { return nil }
            if missing.depth > deepest?.depth ?? -1 { deepest = missing }
        }
        return deepest.map { .value($0.error) }
    }

    /// `finding` at the severity the config's `rules:` sets for its rule; nil when it is off.
    private static func configured(_ finding: Finding, by config: CatalogConfig) -> Finding? {
        switch config.ruleSettings[finding.ruleID] {
        case .off: nil
        case .error: finding.with(severity: .error)
        case .warning: finding.with(severity: .warning)
        case nil: finding
        }
    }

    /// Whether `pointer` is where an entry's index pointer would lead after entries moved:
    /// below a pointer that differs from the entry's only in array indices (`/0/parameters/4`
    /// for `/0/parameters/3`). Nil, and pointers without an index, lead nowhere else.
    private static func sameShape(_ pointer: String, asIndexPointer entryPointer: String?) -> Bool {
        guard let entryPointer else { return false }
        let entryTokens = JSONPointer.tokens(of: entryPointer)
        let tokens = JSONPointer.tokens(of: pointer)
        func isIndex(_ token: String) -> Bool { !token.isEmpty && token.allSatisfy(\.isASCII) && token.allSatisfy(\.isNumber) }
        guard entryTokens.contains(where: isIndex), tokens.count >= entryTokens.count else { return false }
        return zip(entryTokens, tokens).allSatisfy { $0 == $1 || (isIndex($0) && isIndex($1)) }
    }
}
