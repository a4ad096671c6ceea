import ChoosyCatalog
import ChoosyCore
import Foundation

/// The ignore entries of a config, indexed by rule, file and pointer, so that each finding
/// looks up the entries that silence it instead of trying every one: a thousand entries and a
/// thousand findings are a thousand look-ups, not a million glob matches.
///
/// An entry silences a finding of its `rule` whose file (relative to the catalog root) matches
/// its `path` glob, at its `pointer` or below it; a missing path or pointer matches any. The
/// linter looks a finding up at its pointer as found and again at its keyed form
/// (`KeyedPointer`), so an entry may name the place either way.
struct IgnoreIndex {
    /// An entry's pointer silences a finding's pointer when it is that pointer or one of its
    /// ancestors (the pointer cut before one of its `/`); entries without one silence any.
    private struct EntriesByPointer {
        var anyPointer: [Int] = []
        var byPointer: [String: [Int]] = [:]

        mutating func add(_ index: Int, pointer: String?) {
            if let pointer { byPointer[pointer, default: []].append(index) } else { anyPointer.append(index) }
        }

        func entries(silencing pointer: String, into result: inout [Int]) {
            result += anyPointer
            guard !byPointer.isEmpty else { return }
            if let exact = byPointer[pointer] { result += exact }
            let utf8 = pointer.utf8
            for index in utf8.indices where utf8[index] == UInt8(ascii: "/") {
                if let ancestor = byPointer[String(pointer[..<index])] { result += ancestor }
            }
        }
    }

    /// One rule's entries by path: none, a literal file name, or a glob with wildcards.
    private struct EntriesByPath {
        var anyFile = EntriesByPointer()
        var byFile: [String: EntriesByPointer] = [:]
        var byGlob: [String: EntriesByPointer] = [:]
    }

    private struct RuleAndFile: Hashable {
        package let rule: String
        let file: String
    }

    private let rules: [String: EntriesByPath]
    private let root: String?
    /// Each finding file's path relative to the root, and the globs of a rule that match it,
    /// worked out once per file rather than once per finding.
    private var relativePaths: [String: String] = [:]
    private var matchingGlobs: [RuleAndFile: [String]] = [:]

    /// `root` is the catalog root the entries' paths are relative to; nil when findings are
    /// named relative to it already.
    init(_ entries: [CatalogConfig.IgnoreEntry], root: String?) {
        var rules: [String: EntriesByPath] = [:]
        for (index, entry) in entries.enumerated() {
            switch entry.path {
            case nil:
                rules[entry.rule, default: EntriesByPath()].anyFile.add(index, pointer: entry.pointer)
            case let path? where entry.pathIsGlob:
                rules[entry.rule, default: EntriesByPath()].byGlob[path, default: EntriesByPointer()].add(index, pointer: entry.pointer)
            case let path?:
                rules[entry.rule, default: EntriesByPath()].byFile[path, default: EntriesByPointer()].add(index, pointer: entry.pointer)
            }
        }
        self.rules = rules
        self.root = root
    }

    /// Whether any entry names `rule`, or every rule: a finding of another rule needs no
    /// look-up at all.
    func hasEntries(for rule: String) -> Bool {
        !Self.entryRules(for: rule).allSatisfy { rules[$0] == nil }
    }

    /// The `rule` values of the entries that may silence a finding of `rule`: its own id, and
    /// the one naming every rule, except for the config's mistakes, which nothing silences.
    private static func entryRules(for rule: String) -> [String] {
        rule == CatalogConfig.mistakesRuleID ? [rule] : [rule, CatalogConfig.IgnoreEntry.everyRule]
    }

    /// The indices of the entries that silence `finding` at `pointer` (its own unless given),
    /// in no particular order; empty when it is reported.
    mutating func entries(silencing finding: Finding, at pointer: String? = nil) -> [Int] {
        let pointer = pointer ?? finding.pointer
        var result: [Int] = []
        for rule in Self.entryRules(for: finding.ruleID) {
            guard let entries = rules[rule] else { continue }
            entries.anyFile.entries(silencing: pointer, into: &result)
            guard !entries.byFile.isEmpty || !entries.byGlob.isEmpty else { continue }
            let relative = relativePath(of: finding.file)
            entries.byFile[relative]?.entries(silencing: pointer, into: &result)
            for glob in globs(of: rule, matching: relative, in: entries) {
                entries.byGlob[glob]!.entries(silencing: pointer, into: &result)
            }
        }
        return result
    }

    /// Whether `file` is one `entry`'s path names (any file when it names none).
    mutating func entry(_ entry: CatalogConfig.IgnoreEntry, covers file: String) -> Bool {
        entry.path == nil || entry.covers(relativePath(of: file))
    }

    private mutating func relativePath(of file: String) -> String {
        if let known = relativePaths[file] { return known }
        let relative = Catalog.relativePath(file, to: root)
        relativePaths[file] = relative
        return relative
    }

    private mutating func globs(of rule: String, matching file: String, in entries: EntriesByPath) -> [String] {
        guard !entries.byGlob.isEmpty else { return [] }
        let key = RuleAndFile(rule: rule, file: file)
        if let known = matchingGlobs[key] { return known }
        let globs = entries.byGlob.keys.filter { fnmatch($0, file, 0) == 0 }
        matchingGlobs[key] = globs
        return globs
    }
}
