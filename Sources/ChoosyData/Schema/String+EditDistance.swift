extension String {
    /// The Levenshtein distance to `other` (insertions, deletions and substitutions of
    /// characters), ignoring case, for "did you mean" suggestions.
    func caseInsensitiveEditDistance(to other: String) -> Int {
        let source = Array(lowercased()), target = Array(other.lowercased())
        // One row of the classic table at a time: previous[j] is the distance from the first i-1
        // characters of source to the first j of target.
        var previous = Array(0...target.count)
        for (i, sourceCharacter) in source.enumerated() {
            var current = [i + 1]
            for (j, targetCharacter) in target.enumerated() {
                let substitution = previous[j] + (sourceCharacter == targetCharacter ? 0 : 1)
                current.append(Swift.min(substitution, previous[j + 1] + 1, current[j] + 1))
            }
            previous = current
        }
        return previous[target.count]
    }
}
