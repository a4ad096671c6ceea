import ChoosyTestSupport
import Testing
@testable import ChoosyCore
@testable import ChoosyLint
import ChoosySyntax

/// `CappedFindings` keeps, as findings are added, exactly what capping all of them at the end
/// keeps, and makes a finding added lazily only when it may be listed.
struct CappedFindingsTests {
    /// Findings of one rule at random places in three files, many in the same place (ties
    /// are broken by the order they were added), each with its number in its message.
    static func findings(count: Int, seed: UInt64) -> [Finding] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { number in
            let location = SourceLocation(line: Int.random(in: 1...20, using: &random), column: Int.random(in: 1...3, using: &random), offset: 0)
            return Finding(
                ruleID: "r", severity: .error, message: "\(number)", file: ["a", "b", "c"].randomElement(using: &random)!,
                range: SourceRange(start: location, end: location), pointer: "")
        }
    }

    /// What a report lists when every finding is made first: the first `limit` in reporting
    /// order in each file, then a summary.
    static func cappedAtTheEnd(_ findings: [Finding], limit: Int) -> [Finding] {
        FindingCap(limit: limit).capped(findings.sorted(by: Finding.isOrderedBefore)).sorted(by: Finding.isOrderedBefore)
    }

    @Test(arguments: [(1, 1), (3, 2), (7, 3), (200, 4), (5, 5)])
    func keepsWhatCappingAtTheEndKeeps(limit: Int, seed: UInt64) {
        let findings = Self.findings(count: 300, seed: seed)
        var capped = CappedFindings(FindingCap(limit: limit))
        capped.append(contentsOf: findings)
        #expect(capped.findings.sorted(by: Finding.isOrderedBefore) == Self.cappedAtTheEnd(findings, limit: limit))
    }

    /// As the linter joins the slices of apps it checked at once: each slice capped on its own.
    @Test(arguments: [(2, 6), (10, 7)])
    func joiningCappedSlicesKeepsWhatCappingAtTheEndKeeps(limit: Int, seed: UInt64) {
        let findings = Self.findings(count: 400, seed: seed)
        var joined = CappedFindings(FindingCap(limit: limit))
        for start in stride(from: 0, to: findings.count, by: 37) {
            var slice = CappedFindings(FindingCap(limit: limit))
            slice.append(contentsOf: findings[start..<min(start + 37, findings.count)])
            joined.append(contentsOf: slice)
        }
        #expect(joined.findings.sorted(by: Finding.isOrderedBefore) == Self.cappedAtTheEnd(findings, limit: limit))
    }

    @Test func lazyFindingsAreMadeOnlyWhenTheyMayBeListed() {
        let findings = Self.findings(count: 1_000, seed: 8).sorted(by: Finding.isOrderedBefore).filter { $0.file == "a" }
        var capped = CappedFindings(FindingCap(limit: 10))
        var made = 0
        for finding in findings {
            capped.append(in: finding.file, at: finding.range.start) {
                made += 1
                return finding
            }
        }
        #expect(capped.findings == Self.cappedAtTheEnd(findings, limit: 10))
        // The first twenty, after which the tenth bounds what can be listed; findings in the
        // same place as it are made, since the order of rules would decide between them.
        #expect(made < 40, "\(made) made of \(findings.count)")
    }

    @Test func withoutACapEveryFindingIsKept() {
        let findings = Self.findings(count: 300, seed: 9)
        var capped = CappedFindings(.none)
        capped.append(contentsOf: findings)
        #expect(capped.findings.count == findings.count)
        #expect(!capped.findings.contains { $0.omittedCount > 0 })
    }
}
