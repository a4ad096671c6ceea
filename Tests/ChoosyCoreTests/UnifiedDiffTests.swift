import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCore

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

/// Diffs checked by applying them, and their size against GNU diff's minimal one.
struct UnifiedDiffApplicationTests {
    /// Random edits of a text of `count` lines, from a fixed seed.
    static func edited(_ lines: [String], seed: UInt64, edits: Int) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        var result = lines
        for _ in 0..<edits {
            switch next(3) {
            case 0 where !result.isEmpty: result.remove(at: next(result.count))
            case 1: result.insert("new \(next(5))", at: next(result.count + 1))
            default: if !result.isEmpty { result[next(result.count)] = "changed \(next(5))" }
            }
        }
        return result
    }

    /// `old` with the diff's hunks applied; nil when a hunk does not match the text it names.
    static func apply(_ diff: String, to old: [String]) -> [String]? {
        var result: [String] = []
        var next = 0
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) where !line.isEmpty {
            if line.hasPrefix("@@ -") {
                let start = Int(line.dropFirst(4).prefix { $0 != "," }) ?? 0
                let copyUpTo = max(start - 1, 0) + (line.contains(",0 +") && start > 0 ? 1 : 0)
                guard copyUpTo >= next, copyUpTo <= old.count else { return nil }
                result += old[next..<copyUpTo]
                next = copyUpTo
            } else if line.hasPrefix("+") {
                result.append(String(line.dropFirst()))
            } else {
                guard next < old.count, old[next] == line.dropFirst() else { return nil }
                if line.hasPrefix(" ") { result.append(old[next]) }
                next += 1
            }
        }
        return result + old[next...]
    }

    static let base = (1...200).map { "line \($0 % 37)" }

    @Test(arguments: 1...40)
    func aDiffAppliesAndIsAsSmallAsGNUDiffMinimal(seed: Int) throws {
        let new = Self.edited(Self.base, seed: UInt64(seed), edits: seed % 12 + 1)
        let oldText = Self.base.map { $0 + "\n" }.joined()
        let newText = new.map { $0 + "\n" }.joined()
        let diff = UnifiedDiff.render(from: oldText, to: newText, path: "f")
        #expect(Self.apply(diff, to: Self.base) == new)
        #expect(try changedLineCount(diff) == gnuMinimalChangedLineCount(oldText, newText))
    }

    @Test func farApartChangesInALongFileStayTwoSmallHunks() {
        let old = (1...200_000).map { "line \($0)" }
        var new = old
        new[10] = "ten"
        new[199_990] = "near the end"
        let diff = UnifiedDiff.render(from: old.map { $0 + "\n" }.joined(), to: new.map { $0 + "\n" }.joined(), path: "f")
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("@@ ") }.count == 2)
        #expect(changedLineCount(diff) == 4)
        #expect(Self.apply(diff, to: old) == new)
    }

    @Test func textsTooFarApartReplaceTheChangedMiddleWhole() {
        let old = (1...20_000).map { "  line \($0)" }
        let new = ["first"] + old.map { "    " + $0 }
        let diff = UnifiedDiff.render(from: old.map { $0 + "\n" }.joined(), to: new.map { $0 + "\n" }.joined(), path: "f")
        #expect(diff.contains("@@ -1,20000 +1,20001 @@\n"))
        #expect(Self.apply(diff, to: old) == new)
    }

    private func changedLineCount(_ diff: String) -> Int {
        diff.split(separator: "\n").dropFirst(2).filter { $0.hasPrefix("+") || $0.hasPrefix("-") }.count
    }

    /// The changed lines of `diff --minimal` (diffutils, which Debian always installs).
    private func gnuMinimalChangedLineCount(_ old: String, _ new: String) throws -> Int {
        let scratch = try ScratchDirectory("unified")
        let directory = scratch.url
        try Data(old.utf8).write(to: directory.appendingPathComponent("old"))
        try Data(new.utf8).write(to: directory.appendingPathComponent("new"))
        let outcome = try ProgramRunner.run(["--minimal", "-U0", "old", "new"], program: URL(fileURLWithPath: "/usr/bin/diff"), in: directory)
        return changedLineCount(outcome.standardOutput)
    }
}
