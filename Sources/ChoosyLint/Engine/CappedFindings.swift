import ChoosyCore
import ChoosySyntax

/// The findings of one rule, collected as the rule makes them and kept as a cap lets a report
/// list them: in each file the first `limit` in reporting order, and of the rest only how many
/// there are and the first of them, where the summary goes (`FindingCap.summary`). Memory
/// follows the cap, not the findings: 6 MB of half a million app types with nothing but a bad
/// key are three million findings, which took 1.7 GB when every rule returned all of its own.
///
/// The findings are those that capping all of them at the end gives (`FindingCap.capped` of
/// the findings in reporting order, ties in the order they were added).
public struct CappedFindings: Sendable {
    /// One file's findings so far.
    private struct FileFindings: Sendable {
        /// The first `limit` in reporting order once trimmed, then those added since.
        var kept: [Finding] = []
        /// The last finding listed so far, once the file has had `limit`: a finding after it
        /// is left out without being kept.
        var lastListed: Finding?
        var omittedCount = 0
        /// The first of the findings left out, in reporting order.
        var firstOmitted: Finding?

        mutating func omit(_ finding: Finding, count: Int = 1) {
            omittedCount += count
            if firstOmitted.map({ Finding.isOrderedBefore(finding, $0) }) ?? true { firstOmitted = finding }
        }

        /// Sorts `kept` and leaves out all but the first `limit`.
        mutating func trim(to limit: Int?) {
            // Stable: findings in the same place keep the order they were added in.
            kept.sort(by: Finding.isOrderedBefore)
            guard let limit, kept.count > limit else { return }
            omittedCount += kept.count - limit - 1
            omit(kept[limit])
            kept.removeSubrange(limit...)
            lastListed = kept.last
        }
    }

    /// What the findings are capped by.
    public let cap: FindingCap
    private var files: [String: FileFindings] = [:]
    /// The files in the order their first finding was added.
    private var fileOrder: [String] = []

    /// No findings yet, to be capped by `cap`.
    public init(_ cap: FindingCap) {
        self.cap = cap
    }

    /// Adds `finding`; a summary of findings capped before adds its count.
    public mutating func append(_ finding: Finding) {
        let limit = cap.limit
        update(finding.file) { file in
            guard finding.omittedCount == 0 else { return file.omit(finding, count: finding.omittedCount) }
            file.kept.append(finding)
            // Trimmed at twice the limit: each finding is sorted a few times at most.
            if let limit, file.kept.count >= 2 * limit { file.trim(to: limit) }
        }
    }

    /// Adds the finding `make` makes, which starts at `start` of `file`, making it only when it
    /// may be listed or be the first left out: a rule that finds a million of something in one
    /// file makes a hundred findings, not a million.
    public mutating func append(in file: String, at start: SourceLocation, _ make: () -> Finding) {
        guard let lastListed = files[file]?.lastListed, Self.position(start) > Self.position(lastListed.range.start) else {
            return append(make())
        }
        update(file) { file in
            guard let firstOmitted = file.firstOmitted, Self.position(start) >= Self.position(firstOmitted.range.start) else {
                return file.omit(make())
            }
            file.omittedCount += 1
        }
    }

    public mutating func append(contentsOf findings: some Sequence<Finding>) {
        for finding in findings { append(finding) }
    }

    /// Adds the findings of `other`, which were made after these.
    public mutating func append(contentsOf other: CappedFindings) {
        for path in other.fileOrder {
            let theirs = other.files[path]!
            append(contentsOf: theirs.kept)
            guard let firstOmitted = theirs.firstOmitted else { continue }
            update(path) { $0.omit(firstOmitted, count: theirs.omittedCount) }
        }
    }

    /// The findings listed, file by file in reporting order, each file's summary after them.
    public var findings: [Finding] {
        fileOrder.flatMap { path in
            var file = files[path]!
            file.trim(to: cap.limit)
            guard let first = file.firstOmitted else { return file.kept }
            return file.kept + [FindingCap.summary(from: first, count: file.omittedCount, limit: cap.limit ?? 0)]
        }
    }

    private mutating func update(_ path: String, _ change: (inout FileFindings) -> Void) {
        if files[path] == nil { fileOrder.append(path) }
        change(&files[path, default: FileFindings()])
    }

    private static func position(_ location: SourceLocation) -> (Int, Int) {
        (location.line, location.column)
    }
}
