/// Runs every rule over a catalog and collects the findings in reporting order.
public enum Linter {
    /// The rules that look at one loaded file at a time.
    static let documentRules: [any DocumentRule] = [DuplicateKeyRule(), ByteOrderMarkRule(), SchemaRule()]

    /// Every rule's description, for the rule reference and `--help`.
    public static var ruleDescriptions: [RuleDescription] {
        [SyntaxRule.description] + documentRules.map { type(of: $0).description }
    }

    public static func lint(_ catalog: Catalog) -> LintReport {
        var findings: [Finding] = []
        for layer in catalog.layers {
            for (file, error) in layer.unloadableFiles {
                findings.append(SyntaxRule.finding(for: error, in: file))
            }
            for file in layer.files {
                for rule in documentRules {
                    findings += rule.check(file.document)
                }
            }
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
