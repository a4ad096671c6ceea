import ChoosyTestSupport
import Testing
@testable import ChoosyCore

/// "Did you mean": the closest candidate within a few edits, nothing when none is that close.
struct SuggestionTests {
    static let ruleIDs = ["duplicate-key", "schema", "url-valid", "query-shape", "bom"]

    @Test(arguments: [
        ("schem", "schema"),  // one shorter
        ("schemaaa", "schema"),  // two longer
        ("Duplicate-Kye", "duplicate-key"),  // case and a swap
        ("url-vald", "url-valid"),
        ("query-shapeXYZ", "query-shape"),  // three longer: the limit for a long word
    ])
    func aCloseWordGetsItsCandidate(_ word: String, _ expected: String) {
        #expect(Suggestion.closest(to: word, among: Self.ruleIDs) == expected)
    }

    /// Too far to be a typo, but the beginning of one candidate only: a word cut short.
    @Test(arguments: [
        ("warn", ["error", "warning", "off"], "warning"),
        ("ship", ["shipped", "rfc3986"], "shipped"),
        ("unused-param", ["unused-parameter", "unimplemented-action", "url-valid"], "unused-parameter"),
        ("Query-S", ruleIDs, "query-shape"),
    ])
    func theBeginningOfOneCandidateGetsIt(_ word: String, _ candidates: [String], _ expected: String) {
        #expect(Suggestion.closest(to: word, among: candidates) == expected)
    }

    /// The beginning of several candidates, or of two letters only, says nothing about which.
    @Test(arguments: ["dup", "ur"])
    func anAmbiguousBeginningGetsNothing(_ word: String) {
        #expect(Suggestion.closest(to: word, among: ["duplicate-key", "duplicate-app", "url-valid", "unused-parameter"]) == nil)
    }

    @Test(arguments: [
        "query-shapeWXYZ",  // four longer: past the limit
        "x",
        String(repeating: "schema ", count: 200),  // a pasted paragraph
    ])
    func aFarWordGetsNothing(_ word: String) {
        #expect(Suggestion.closest(to: word, among: Self.ruleIDs) == nil)
    }

    /// The work of one lookup is bounded: a word longer than `longestWord` gets nothing, and
    /// no more than `candidateLimit` candidates are compared, those of the word's own length
    /// first, so a close candidate behind `candidateLimit` others of another length is still found.
    @Test func oneLookupComparesABoundedNumberOfCandidates() {
        let long = String(repeating: "a", count: Suggestion.longestWord)
        #expect(Suggestion.closest(to: long + "b", among: [long + "c"]) == nil)
        #expect(Suggestion.closest(to: long, among: [long + "c"]) == long + "c")

        let longer = (0..<Suggestion.candidateLimit).map { "aaa_\(1000 + $0)" }  // one longer than the word, sorted first
        #expect(Suggestion.closest(to: "zzz_999", among: longer + ["zzz_998"]) == "zzz_998")
        let sameLength = (0..<Suggestion.candidateLimit).map { "aaa_\(100 + $0 % 900)" }
        #expect(Suggestion.closest(to: "zzz_999", among: sameLength + ["zzz_998"]) == nil)
    }

    /// Past `candidateLimit` candidates within reach, a lookup gives the closest of the first
    /// `candidateLimit` in order of length difference (shorter first at equal difference, then
    /// sorted order), the first in sorted order of equally close ones: what filling the table
    /// for each of them gives, however many the bounds skip.
    @Test func boundedLookupsGiveTheClosestOfTheFirstCandidatesCompared() {
        var generator = SplitMix64(seed: 7)
        func word(_ lengths: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: lengths, using: &generator)).map { _ in "ab1_".randomElement(using: &generator)! })
        }
        let candidates = Array(Set((0..<3_000).map { _ in word(5...10) })).sorted()
        let prepared = Suggestion.Candidates(candidates)
        for _ in 0..<300 {
            let misspelt = word(6...9)
            let length = misspelt.count
            let limit = max(1, min(3, length / 3))
            let inReach = (0...limit).flatMap { difference in
                Set([length - difference, length + difference]).sorted().flatMap { reach in candidates.filter { $0.count == reach } }
            }
            let expected = inReach.prefix(Suggestion.candidateLimit)
                .map { (candidate: $0, distance: Suggestion.distance(misspelt, $0)) }
                .filter { $0.distance <= limit }
                .min { ($0.distance, $0.candidate) < ($1.distance, $1.candidate) }?.candidate
                ?? { (beginning: [String]) in beginning.count == 1 && beginning[0] != misspelt ? beginning[0] : nil }(candidates.filter { $0.hasPrefix(misspelt) })
            #expect(prepared.closest(to: misspelt) == expected, "\(misspelt)")
        }
    }

    /// The length and character-count filters only skip candidates the distance would rule
    /// out: over words of a small alphabet (many near each other), prepared candidates give
    /// what comparing every candidate gives.
    @Test func preparedCandidatesAgreeWithComparingEveryCandidate() {
        var generator = SplitMix64(seed: 42)
        func word() -> String {
            String((0..<Int.random(in: 1...9, using: &generator)).map { _ in "abAB_1é".randomElement(using: &generator)! })
        }
        let candidates = (0..<60).map { _ in word() }
        let prepared = Suggestion.Candidates(candidates)
        for _ in 0..<500 {
            let misspelt = word()
            let limit = max(1, min(3, misspelt.lowercased().unicodeScalars.count / 3))
            let expected = candidates.sorted()
                .map { (candidate: $0, distance: Suggestion.distance(misspelt, $0)) }
                .filter { $0.distance <= limit }
                .min { $0.distance < $1.distance }?.candidate
            #expect(prepared.closest(to: misspelt) == expected, "\(misspelt)")
        }
    }
}
