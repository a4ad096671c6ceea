/// How many findings of one rule in one file a report lists: the first `limit` in reporting
/// order, then one finding of the same rule and severity, at the first one left out, that says
/// how many more there are. An 11 MB object of one key repeated is a million `duplicate-key`
/// findings; a hundred of them say as much, and a report of a million does not fit a screen,
/// a pull request's annotations or memory.
///
/// The linter caps each rule's findings as they are made (`CappedFindings`), so memory follows
/// the input rather than the findings, and caps the report again after the config's ignores
/// and severities.
public struct FindingCap: Sendable, Equatable {
    /// At most this many findings of a rule in a file; nil lists them all.
    public let limit: Int?

    /// The cap of `lint --max-findings` when it is not given, and of the language server.
    public static let standard = FindingCap(limit: defaultLimit)
    /// No cap (`--max-findings 0`).
    public static let none = FindingCap(limit: nil)
    /// The default of `--max-findings`: more than any real file has of one rule, few enough
    /// that a report stays readable.
    public static let defaultLimit = 100

    /// A cap of `limit` findings of a rule in a file; 0 is no cap, as in `--max-findings 0`.
    public init(limit: Int?) {
        self.limit = limit.flatMap { $0 > 0 ? $0 : nil }
    }

    /// The number `--max-findings` gives: a whole number of 0 or more, 0 for no cap; nil when
    /// `text` is not one.
    public init?(option text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let limit = Int(text) else { return nil }
        self.init(limit: limit)
    }

    /// `findings` with at most `limit` of each rule in each file, in their order, and a summary
    /// finding (`summary(from:count:)`) for each rule and file that had more. A summary among
    /// `findings` (the rule capped its own) adds its count to the new one, so capping again
    /// gives the same findings.
    public func capped(_ findings: [Finding]) -> [Finding] {
        guard limit != nil else { return findings }
        var counter = Counter(self)
        var kept: [Finding] = []
        for finding in findings {
            if counter.admits(finding) { kept.append(finding) }
        }
        return kept + counter.summaries
    }

    /// Counts findings of each rule in each file in the order given; `summaries` are the
    /// findings for those left out.
    private struct Counter {
        private struct RuleAndFile: Hashable {
            let rule: String
            let file: String
        }

        private let limit: Int?
        private var kept: [RuleAndFile: Int] = [:]
        /// Per rule and file with findings left out: the first left out and how many.
        private var omitted: [RuleAndFile: (first: Finding, count: Int)] = [:]
        /// The keys of `omitted` in the order their first finding was left out.
        private var omittedOrder: [RuleAndFile] = []

        /// A counter for `cap`; with no cap, every finding is listed.
        init(_ cap: FindingCap) {
            limit = cap.limit
        }

        /// Whether the report lists `finding`: one of the first `limit` of its rule in its file.
        /// A finding left out is counted; a summary is taken apart into its count.
        mutating func admits(_ finding: Finding) -> Bool {
            let key = RuleAndFile(rule: finding.ruleID, file: finding.file)
            if finding.omittedCount == 0, kept[key, default: 0] < limit ?? .max {
                kept[key, default: 0] += 1
                return true
            }
            let count = max(finding.omittedCount, 1)
            if let known = omitted[key] {
                omitted[key] = (known.first, known.count + count)
            } else {
                omitted[key] = (finding, count)
                omittedOrder.append(key)
            }
            return false
        }

        /// One summary finding for each rule and file with findings left out.
        var summaries: [Finding] {
            omittedOrder.map { key in
                let (first, count) = omitted[key]!
                return FindingCap.summary(from: first, count: count, limit: limit ?? 0)
            }
        }
    }

    /// The finding that stands for `count` findings of `first`'s rule in its file, left out by
    /// a cap of `limit`: at `first`, of its rule and severity. A summary as `first` (capped
    /// before) keeps its place.
    static func summary(from first: Finding, count: Int, limit: Int) -> Finding {
        Finding(
            ruleID: first.ruleID, severity: first.severity,
            message: "\(count) more \(count == 1 ? "finding" : "findings") of this rule in this file, left out of the report",
            file: first.file, range: first.range, pointer: first.pointer,
            hint: "a report lists at most \(limit) findings of a rule in a file; 'lint --max-findings 0' lists them all",
            omittedCount: count)
    }
}
