/// Runs every rule over a catalog and collects the findings in reporting order.
public enum Linter {
    /// The rules that look at one loaded file at a time.
    static let documentRules: [any DocumentRule] = [DuplicateKeyRule(), ByteOrderMarkRule()]

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

    /// The closing line of the text and GitHub reports, e.g. "5 files checked: 4 errors, 1 warning."
    public var summary: String {
        let files = Self.plural(fileCount, "file")
        let errors = count(of: .error)
        let warnings = count(of: .warning)
        if errors + warnings == 0 { return "\(files) checked, no problems found." }
        return "\(files) checked: \(Self.plural(errors, "error")), \(Self.plural(warnings, "warning"))."
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Adds another catalog's report, keeping the reporting order.
    public mutating func append(_ other: LintReport) {
        findings = (findings + other.findings).sorted(by: Finding.isOrderedBefore)
        fileCount += other.fileCount
    }
}
