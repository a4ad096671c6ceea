/// "Did you mean" suggestions: the candidate closest to a misspelt word.
package enum Suggestion {
    /// The candidate within a small edit distance of `word` (ignoring case), closest first;
    /// nil when nothing is close enough to be a likely typo.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        Candidates(candidates).closest(to: word)
    }

    /// Words longer than this get no suggestion: no one mistypes a key that long, and the
    /// distance table grows with the square of the length.
    static let longestWord = 64
    /// The most candidates one lookup compares, nearest in length first: among tens of
    /// thousands of keys of about the same length, every undeclared key compared with every
    /// declared one was quadratic. Below this many candidates within reach of the word's
    /// length, the suggestion is the one comparing every candidate gives.
    static let candidateLimit = 200

    /// Candidates prepared once for many lookups: a rule that suggests for every undeclared
    /// key of an app type compares each against the same declared keys.
    package struct Candidates {
        /// Sorted, so the first of equally close candidates is the one suggested.
        private let texts: [String]
        /// The candidates by their lower-cased text, sorted by it, for the ones a word begins.
        private let byLowercased: [(lowercased: String, text: String)]
        private let scalars: [[Unicode.Scalar]]
        private let masks: [UInt64]
        /// How often each character of `masks` occurs in each candidate, `bucketCount` a candidate.
        private let counts: [UInt8]
        /// The indices of the candidates of each length, ascending.
        private let indicesByLength: [Int: [Int]]

        package init(_ candidates: [String]) {
            texts = candidates.sorted()
            byLowercased = texts.map { ($0.lowercased(), $0) }.sorted { $0.lowercased < $1.lowercased }
            let scalars = texts.map { Array($0.lowercased().unicodeScalars) }
            self.scalars = scalars
            masks = scalars.map(Suggestion.characterMask)
            counts = scalars.flatMap(Suggestion.characterCounts)
            indicesByLength = Dictionary(grouping: scalars.indices) { scalars[$0].count }
        }

        /// See `Suggestion.closest(to:among:)`; with none close enough, the one candidate the
        /// word begins, when it is the beginning of one only (`warn` of `warning`, `unused-param`
        /// of `unused-parameter`).
        package func closest(to word: String) -> String? {
            closestByDistance(to: word) ?? onlyCandidate(beginningWith: word)
        }

        /// The one candidate that begins with `word` (three characters at least, ignoring case),
        /// found by binary search; nil when none does or several do.
        private func onlyCandidate(beginningWith word: String) -> String? {
            let prefix = word.lowercased()
            guard prefix.count >= 3 else { return nil }
            var low = 0
            var high = byLowercased.count
            while low < high {
                let middle = (low + high) / 2
                if byLowercased[middle].lowercased < prefix { low = middle + 1 } else { high = middle }
            }
            guard low < byLowercased.count, byLowercased[low].lowercased.hasPrefix(prefix), byLowercased[low].lowercased != prefix,
                  low + 1 == byLowercased.count || !byLowercased[low + 1].lowercased.hasPrefix(prefix)
            else { return nil }
            return byLowercased[low].text
        }

        private func closestByDistance(to word: String) -> String? {
            let lowered = Array(word.lowercased().unicodeScalars)
            guard lowered.count <= Suggestion.longestWord else { return nil }
            let limit = max(1, min(3, lowered.count / 3))
            let mask = Suggestion.characterMask(of: lowered)
            let wordCounts = Suggestion.characterCounts(of: lowered)
            var table = DistanceTable(columns: lowered.count + 1)
            var best: (index: Int, distance: Int)?
            var compared = 0
            // Only candidates whose length is within the limit can be close enough, nearest
            // first; half the characters only one of the two has, and half the difference of
            // their counts, are other cheap lower bounds on the distance, which rule most of
            // the rest out before the table. The bounds are held to what the best candidate so
            // far leaves: held to the limit alone, with only which characters occur, the table
            // was filled for most of the `candidateLimit` candidates of a lookup among
            // thousands of similar keys (bench/run.py's "undeclared keys", 600 000
            // instructions a lookup).
            for difference in 0...limit {
                // Every candidate from here on is at least `difference` edits away.
                if let best, difference > best.distance { break }
                for length in Set([lowered.count - difference, lowered.count + difference]).sorted() {
                    for index in indicesByLength[length] ?? [] {
                        guard compared < Suggestion.candidateLimit else { return best.map { texts[$0.index] } }
                        compared += 1
                        // Of two equally close candidates, the first in sorted order wins: one
                        // after the best so far must be strictly closer.
                        let bound = min(limit, best.map { index < $0.index ? $0.distance : $0.distance - 1 } ?? limit)
                        guard (masks[index] ^ mask).nonzeroBitCount <= 2 * bound,
                              countDifference(index, wordCounts, in: masks[index] | mask) <= 2 * bound,
                              let distance = table.distance(scalars[index], lowered, atMost: bound)
                        else { continue }
                        best = (index, distance)
                    }
                }
            }
            return best.map { texts[$0.index] }
        }

        /// The summed differences of the character counts of candidate `index` and `wordCounts`
        /// over the characters of `characters` (a mask of those either has).
        private func countDifference(_ index: Int, _ wordCounts: [UInt8], in characters: UInt64) -> Int {
            var difference = 0
            var remaining = characters
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                difference += abs(Int(counts[index * Suggestion.bucketCount + bit]) - Int(wordCounts[bit]))
                remaining &= remaining - 1
            }
            return difference
        }
    }

    /// Which characters occur, one bit each for a lower-case letter, digit and `_`, the others
    /// sharing the remaining bits (sharing only hides differences). One edit adds or removes at
    /// most two characters (a swap none), so half the bits set in one mask and not the other
    /// is a lower bound on the distance.
    private static func characterMask(of scalars: [Unicode.Scalar]) -> UInt64 {
        scalars.reduce(0) { $0 | 1 << UInt64(bucket(of: $1)) }
    }

    /// How often the characters of each bit of `characterMask` occur, capped at 255 (a capped
    /// count is nearer any word's, so the bound below still holds). One edit
    /// changes at most two counts by one (a swap none), so half the summed differences of two
    /// words' counts is a lower bound on their distance too.
    private static func characterCounts(of scalars: [Unicode.Scalar]) -> [UInt8] {
        var counts = [UInt8](repeating: 0, count: bucketCount)
        for scalar in scalars where counts[bucket(of: scalar)] < .max {
            counts[bucket(of: scalar)] += 1
        }
        return counts
    }

    /// The bits of `characterMask`.
    private static let bucketCount = 64

    private static func bucket(of scalar: Unicode.Scalar) -> Int {
        switch scalar {
        case "a"..."z": Int(scalar.value - 97)
        case "0"..."9": 26 + Int(scalar.value - 48)
        case "_": 36
        default: 37 + Int(scalar.value % 27)
        }
    }

    /// The rows of the edit-distance table, kept for every candidate of one lookup, and a
    /// distance that stops as soon as a whole row is past the bound.
    private struct DistanceTable {
        private var previousPrevious: [Int]
        private var previous: [Int]
        private var current: [Int]

        init(columns: Int) {
            previousPrevious = [Int](repeating: 0, count: columns)
            previous = previousPrevious
            current = previousPrevious
        }

        /// The edit distance of `a` and `b` (see `Suggestion.distance`) when it is at most `bound`, else nil; `b` is the word the
        /// table was made for (`columns` is its length and one).
        mutating func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int? {
            guard bound >= 0 else { return nil }
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= bound ? max(a.count, b.count) : nil }
            for j in 0...b.count { previous[j] = j }
            for i in 1...a.count {
                current[0] = i
                var rowMinimum = i
                for j in 1...b.count {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        cell = min(cell, previousPrevious[j - 2] + 1)
                    }
                    current[j] = cell
                    rowMinimum = min(rowMinimum, cell)
                }
                // No later cell is smaller than this row's smallest: a swap reaches back two
                // rows, but that cell plus one is already at least the one diagonal to it here.
                if rowMinimum > bound { return nil }
                swap(&previousPrevious, &previous)
                swap(&previous, &current)
            }
            return previous[b.count] <= bound ? previous[b.count] : nil
        }
    }

    /// The edit distance between two words, ignoring case: Levenshtein distance, counting an
    /// adjacent swap as one edit (optimal string alignment), since swapped letters are the
    /// commonest typo.
    package static func distance(_ a: String, _ b: String) -> Int {
        let b = Array(b.lowercased().unicodeScalars)
        var table = DistanceTable(columns: b.count + 1)
        return table.distance(Array(a.lowercased().unicodeScalars), b, atMost: Int.max)!
    }
}
