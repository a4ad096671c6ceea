import Testing
@testable import ChoosyData

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

    @Test(arguments: [
        "query-shapeWXYZ",  // four longer: past the limit
        "x",
        String(repeating: "schema ", count: 200),  // a pasted paragraph
    ])
    func aFarWordGetsNothing(_ word: String) {
        #expect(Suggestion.closest(to: word, among: Self.ruleIDs) == nil)
    }
}
