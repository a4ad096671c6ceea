import Testing
@testable import ChoosyData

/// Unified diffs as `diff -u` writes them.
struct UnifiedDiffTests {
    static let old = (1...20).map { "line \($0)\n" }.joined()

    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.render(from: Self.old, to: Self.old, path: "f") == "")
    }

    @Test func changesFarApartMakeTwoHunksWithThreeLinesOfContext() {
        let new = Self.old.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 18\n", with: "")
        #expect(UnifiedDiff.render(from: Self.old, to: new, path: "f") == """
            --- a/f
            +++ b/f
            @@ -1,5 +1,5 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
             line 5
            @@ -15,6 +15,5 @@
             line 15
             line 16
             line 17
            -line 18
             line 19
             line 20

            """)
    }

    @Test func changesCloseTogetherShareAHunk() {
        let new = Self.old.replacingOccurrences(of: "line 5\n", with: "").replacingOccurrences(of: "line 11\n", with: "eleven\n")
        let diff = UnifiedDiff.render(from: Self.old, to: new, path: "f")
        #expect(diff.components(separatedBy: "@@ -").count == 2)
        #expect(diff.contains("@@ -2,13 +2,12 @@\n"))
    }

    @Test func missingFinalNewlineIsMarked() {
        #expect(UnifiedDiff.render(from: "a\nb", to: "a\nb\n", path: "f") == """
            --- a/f
            +++ b/f
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +b

            """)
    }

    @Test func wholeFileAddedOrRemoved() {
        #expect(UnifiedDiff.render(from: "", to: "a\n", path: "f").hasSuffix("@@ -0,0 +1,1 @@\n+a\n"))
        #expect(UnifiedDiff.render(from: "a\n", to: "", path: "f").hasSuffix("@@ -1,1 +0,0 @@\n-a\n"))
    }
}
