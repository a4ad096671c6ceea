/// Runs every rule over a catalog and collects the findings in reporting order.
public enum Linter {
    /// Every rule that checks loaded files; `syntax` is reported by loading itself.
    static let rules: [any Rule] = [
        DuplicateKeyRule(),
        ByteOrderMarkRule(),
        PlaceholderSyntaxRule(),
        QueryShapeRule(),
        URLValidRule(),
        SchemeFormatRule(),
        URLSchemeMismatchRule(),
    ]

    /// Every rule's description, for the rule reference and `--help`.
    public static var ruleDescriptions: [RuleDescription] {
        [SyntaxRule.description] + rules.map { type(of: $0).description }
    }

    public static func lint(_ catalog: Catalog) -> LintReport {
        var findings = catalog.layers.flatMap { layer in
            layer.unloadableFiles.map { SyntaxRule.finding(for: $0.error, in: $0.file) }
        }
        let context = LintContext(catalog: catalog)
        for rule in rules {
            findings += rule.check(context)
        }
        return LintReport(findings: findings.sorted(by: Finding.isOrderedBefore), fileCount: catalog.fileCount)
    }
}

/// What a lint run found, and how many files it looked at.
public struct LintReport: Sendable {
    public var findings: [Finding]
    public var fileCount: Int

    public init(findings: [Finding], fileCount: Int) {
        self.findings = findings
        self.fileCount = fileCount
    }

    public func count(of severity: Severity) -> Int {
        findings.count { $0.severity == severity }
    }

    /// Whether any finding is at or above `severity`, which makes the run fail.
    public func fails(at severity: Severity) -> Bool {
        findings.contains { $0.severity >= severity }
    }

    /// Adds another catalog's report, keeping the reporting order.
    public mutating func append(_ other: LintReport) {
        findings = (findings + other.findings).sorted(by: Finding.isOrderedBefore)
        fileCount += other.fileCount
    }
}
