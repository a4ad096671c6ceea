import Testing
@testable import ChoosyLint
@testable import ChoosySyntax

/// The one applier of fixes: overlapping fixes wait for the next pass, the same fix from two
/// findings is applied once, and nothing it writes fails to parse.
struct FixApplierTests {
    static func fix(_ bytes: Range<Int>, _ newText: String, in file: String = "a.json") -> Fix {
        let range = SourceRange(start: SourceLocation(line: 1, column: bytes.lowerBound + 1, offset: bytes.lowerBound),
                                end: SourceLocation(line: 1, column: bytes.upperBound + 1, offset: bytes.upperBound))
        return Fix(title: "t", applicability: .safe, edits: [TextEdit(file: file, range: range, newText: newText)])
    }

    static func applyOnce(_ fixes: [Fix], to text: String) -> (text: String, applied: Int) {
        let (files, applied) = FixApplier.applyOnce(fixes, to: { _ in Array(text.utf8) })
        return (files["a.json"].map { String(decoding: $0, as: UTF8.self) } ?? text, applied["a.json"] ?? 0)
    }

    @Test func aFixOverlappingOneTakenWaitsAndTheFirstInTheFileWins() {
        #expect(Self.applyOnce([Self.fix(3..<8, "B"), Self.fix(0..<5, "A"), Self.fix(9..<10, "C")], to: "0123456789") == ("A5678C", 2))
        // Two insertions at one place could go in either order: only the first is taken.
        #expect(Self.applyOnce([Self.fix(2..<2, "x"), Self.fix(2..<2, "y")], to: "0123") == ("01x23", 1))
        // Touching is not overlapping.
        #expect(Self.applyOnce([Self.fix(0..<2, "a"), Self.fix(2..<4, "b")], to: "0123") == ("ab", 2))
    }

    @Test func theSameFixOfTwoFindingsIsAppliedOnce() {
        #expect(Self.applyOnce([Self.fix(1..<3, "xy"), Self.fix(1..<3, "xy")], to: "0123") == ("0xy3", 2))
    }

    @Test func aFixPastTheEndOfTheFileOrWithOverlappingEditsIsSkipped() {
        #expect(Self.applyOnce([Self.fix(2..<9, "x")], to: "0123") == ("0123", 0))
        let twoEdits = Fix(title: "t", applicability: .safe, edits: Self.fix(0..<2, "a").edits + Self.fix(1..<3, "b").edits)
        #expect(Self.applyOnce([twoEdits], to: "0123") == ("0123", 0))
    }

    /// Passes go on while fixes are found, and stop at the bound when a fix brings its finding
    /// back; a file a fix would break is kept as it was.
    @Test func passesStopWhenNothingIsLeftOrAtTheBound() {
        var passes = 0
        let settled = FixApplier.apply { changed in
            passes += 1
            let text = changed["a.json"].map { String(decoding: $0, as: UTF8.self) } ?? "[1, 2]"
            // Each pass can fix one digit: the two fixes overlap.
            let fixes = text.contains("1") ? [Self.fix(0..<3, "[3,"), Self.fix(1..<6, "3, 4]")] : text.contains("2") ? [Self.fix(1..<6, "3, 4]")] : []
            return (fixes, { _ in Array(text.utf8) })
        }
        #expect(settled.files["a.json"].map { String(decoding: $0, as: UTF8.self) } == "[3, 4]")
        #expect(settled.fixCounts["a.json"] == 2 && settled.unsettled.isEmpty && passes == 3)

        var counter = 0
        let endless = FixApplier.apply { changed in
            counter += 1
            let text = changed["a.json"].map { String(decoding: $0, as: UTF8.self) } ?? "[0]"
            return ([Self.fix(1..<(text.count - 1), "\(counter)")], { _ in Array(text.utf8) })
        }
        #expect(endless.unsettled == ["a.json"])
        #expect(endless.fixCounts["a.json"] == FixApplier.maximumPasses)

        let broken = FixApplier.apply { changed in ([Self.fix(0..<1, "{")], { _ in Array("[]".utf8) }) }
        #expect(broken.files.isEmpty && broken.refused == ["a.json"])
    }
}
