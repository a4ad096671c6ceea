import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// Applies fixes to files' bytes, the one way `lint --fix` and `fmt --write` do (and as an
/// editor applies a quick fix's edits): each pass takes the fixes in the order of where they
/// start, skips a fix that overlaps one already taken, and applies the edits taken; the files
/// are then checked again, since a skipped fix may still be needed, until no fix is left or
/// `maximumPasses` passes were made.
public enum FixApplier {
    /// How many passes at most. A fix applied removes its finding, so a pass only finds the
    /// fixes an earlier one skipped for overlapping; nested overlaps in our rules are two deep
    /// (a value fixed inside a duplicate removed), so a few passes settle every catalog and
    /// the bound only stops a fix that would bring back a finding forever.
    public static let maximumPasses = 8

    /// What applying the fixes did.
    public struct Outcome: Sendable, Equatable {
        /// Each file changed, by path: its bytes with the fixes applied.
        public var files: [String: [UInt8]] = [:]
        /// How many fixes were applied to each file changed.
        public var fixCounts: [String: Int] = [:]
        /// Files whose fixes would have left them unable to parse: kept as they were before
        /// that pass, and not fixed further.
        public var refused: [String] = []
        /// Files that still had fixes when the passes ran out.
        public var unsettled: [String] = []
    }

    /// Fixes until none is left: `fixes` finds the fixes of the files as they are, given the
    /// files changed so far, and the bytes of every file it finds fixes in (by path).
    package static func apply<Failure: Error>(
        finding fixes: (_ changed: [String: [UInt8]]) throws(Failure) -> (fixes: [Fix], bytes: (String) -> [UInt8]?)
    ) throws(Failure) -> Outcome {
        var outcome = Outcome()
        for pass in 1...maximumPasses {
            let (found, bytes) = try fixes(outcome.files)
            let pending = found.filter { fix in !fix.edits.contains { outcome.refused.contains($0.file) } }
            guard !pending.isEmpty else { break }
            let (changed, applied) = applyOnce(pending, to: bytes)
            var settled = true
            for (file, fixed) in changed {
                // Never write what does not parse: a fix is made to keep the file valid, and a
                // wrong one is a bug to report, not a file to break.
                guard (try? Document.load(SourceFile(path: file, bytes: fixed))) != nil else {
                    outcome.refused.append(file)
                    continue
                }
                outcome.files[file] = fixed
                outcome.fixCounts[file, default: 0] += applied[file] ?? 0
                settled = false
            }
            if settled { break }
            if pass == maximumPasses {
                // One more look tells whether the last pass left fixes behind.
                let (left, _) = try fixes(outcome.files)
                outcome.unsettled = Set(left.flatMap { $0.edits.map(\.file) }).subtracting(outcome.refused).sorted()
            }
        }
        return outcome
    }

    /// One pass: `fixes` applied to the bytes of their files, taken in the order of where
    /// their first edit starts. A fix whose edits overlap one taken, or reach past the end of
    /// the file, is skipped; a fix with the same edits as one taken (two findings about one
    /// value) counts as applied with it. Returns the changed files' bytes and, for each, how
    /// many fixes were applied.
    static func applyOnce(_ fixes: [Fix], to bytes: (String) -> [UInt8]?) -> (files: [String: [UInt8]], applied: [String: Int]) {
        let ordered = fixes.filter { !$0.edits.isEmpty }.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.edits[0], rhs.element.edits[0])
            return (left.file, left.range.start.offset, lhs.offset) < (right.file, right.range.start.offset, rhs.offset)
        }.map(\.element)
        var taken: [String: [TextEdit]] = [:]
        var takenFixes: Set<[TextEdit]> = []
        var applied: [String: Int] = [:]
        var sources: [String: [UInt8]] = [:]
        for fix in ordered {
            if !takenFixes.insert(fix.edits).inserted {
                applied[fix.edits[0].file, default: 0] += 1
                continue
            }
            let fits = fix.edits.enumerated().allSatisfy { index, edit in
                if sources[edit.file] == nil { sources[edit.file] = bytes(edit.file) }
                guard let count = sources[edit.file]?.count, edit.byteRange.upperBound <= count else { return false }
                return position(of: edit, in: taken[edit.file] ?? []) != nil && !fix.edits[..<index].contains { $0.overlaps(edit) }
            }
            guard fits else {
                takenFixes.remove(fix.edits)
                continue
            }
            for edit in fix.edits {
                taken[edit.file, default: []].insert(edit, at: position(of: edit, in: taken[edit.file] ?? [])!)
            }
            applied[fix.edits[0].file, default: 0] += 1
        }
        var files: [String: [UInt8]] = [:]
        for (file, edits) in taken {
            guard let original = sources[file] else { continue }
            // One sweep from the start: replacing in place would move the rest of the file once
            // per edit.
            var fixed: [UInt8] = []
            fixed.reserveCapacity(original.count)
            var copied = 0
            for edit in edits {
                fixed += original[copied..<edit.byteRange.lowerBound]
                fixed += edit.newText.utf8
                copied = edit.byteRange.upperBound
            }
            fixed += original[copied...]
            files[file] = fixed
        }
        return (files, applied)
    }

    /// Where `edit` goes among `edits` (disjoint, by start); nil when it overlaps one of them.
    private static func position(of edit: TextEdit, in edits: [TextEdit]) -> Int? {
        var low = 0
        var high = edits.count
        while low < high {
            let middle = (low + high) / 2
            if edits[middle].byteRange.lowerBound < edit.byteRange.lowerBound { low = middle + 1 } else { high = middle }
        }
        if low > 0, edits[low - 1].overlaps(edit) { return nil }
        if low < edits.count, edits[low].overlaps(edit) { return nil }
        return low
    }
}
