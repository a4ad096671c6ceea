/// "Did you mean" suggestions: the candidate closest to a misspelt word.
enum Suggestion {
    /// The candidate within a small edit distance of `word` (ignoring case), closest first;
    /// nil when nothing is close enough to be a likely typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        let limit = max(1, min(3, lowered.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() {
            let scalars = Array(candidate.lowercased().unicodeScalars)
            // The distance is at least the difference in length: skip the table when that
            // already rules the candidate out (a pasted paragraph against every rule name).
            guard abs(scalars.count - lowered.count) <= limit else { continue }
            let distance = editDistance(lowered, scalars)
            if distance <= limit, distance < best?.distance ?? Int.max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The edit distance between two words, ignoring case.
    static func distance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.lowercased().unicodeScalars), Array(b.lowercased().unicodeScalars))
    }

    /// Levenshtein distance, counting an adjacent swap as one edit (optimal string alignment),
    /// since swapped letters are the commonest typo.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            previousPrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
