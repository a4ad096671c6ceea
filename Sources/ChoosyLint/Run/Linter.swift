import ChoosyCatalog
import ChoosyCore
import Foundation
import Synchronization

/// Runs every rule over a catalog, applies the catalog's config (severities, ignores), and
/// collects the findings in reporting order.
public enum Linter {
    /// Every rule that checks loaded files (and the readable parts of files with syntax
    /// errors); `syntax` and `config` are reported by loading, and
    /// `stale-ignore` and `ignore-by-index` by applying the config. The list is generated from
    /// the rule files (RuleRegistry.generated.swift, `make docs`), in the order they declare.
    package static let rules: [any Rule] = RuleRegistry.rules

    /// The rules that leave incomplete app types alone (`LintContext.completeAppTypes`).
    private static let rulesSkippingIncompleteAppTypes: Set<String> = [
        UnimplementedActionRule.description.id, UndeclaredActionRule.description.id, UnusedParameterRule.description.id,
        UndeclaredParameterRule.description.id, ExampleMismatchRule.description.id,
    ]

    /// Every rule's description, for the rule reference and `--help`.
    public static var ruleDescriptions: [RuleDescription] { RuleRegistry.descriptions }

    /// Runs every rule over `catalog`.
    public static func lint(_ catalog: Catalog) -> LintReport {
        lint(LintContext(catalog: catalog))
    }

    /// Lints the context's catalog. A caller that ends the process soon after can keep the
    /// context alive until then: freeing its merged catalog and loaded apps one object at a
    /// time is a twentieth of a large lint.
    public static func lint(_ context: LintContext) -> LintReport {
        guard let report = lint(context, unless: { false }) else { preconditionFailure("a lint that nothing cancels was cancelled") }
        return report
    }

    /// Lints the context's catalog unless `isCancelled`, asked before each rule and each app
    /// the url_format rules check, says its result is no longer wanted (an editor's text
    /// changed on): nil then, soon after.
    public static func lint(_ context: LintContext, unless isCancelled: @escaping @Sendable () -> Bool) -> LintReport? {
        // Once cancelled, cancelled for good: a rule skipped must not be followed by a result.
        let latch = CancellationLatch(isCancelled)
        let isCancelled = { @Sendable in latch.isCancelled }
        let catalog = context.catalog
        // A config naming a rule that does not exist is a config with mistakes: as when it
        // cannot be read, its findings are all there is.
        if let config = catalog.config, let configFile = catalog.configFile {
            let mistakes = ConfigRule.findings(for: [], namedRules: config.namedRules, in: configFile.path)
            if !mistakes.isEmpty { return LintReport(findings: mistakes, fileCount: 1) }
        }
        var findings = catalog.layers.flatMap { layer in
            layer.unloadableFiles.flatMap { unloadable in
                layer.syntaxErrors(of: unloadable).map { SyntaxRule.finding(for: $0, in: unloadable.file) }
            }
        }
        // The rules run at once (their findings are put back in rule order), then the url_format
        // rules, over slices of the apps at once. Each rule's findings are capped as it makes
        // them (`CappedFindings`).
        let otherFindings = rules.concurrentMap { rule -> [Finding] in
            guard rule.asURLFormatRule == nil, !isCancelled() else { return [] }
            var findings = CappedFindings(context.findingCap(forRule: type(of: rule).description.id))
            rule.check(context, into: &findings)
            return findings.findings
        }
        guard !isCancelled(), var urlFindings = urlFormatFindings(in: context, unless: isCancelled) else { return nil }
        for (rule, ruleFindings) in zip(rules, otherFindings) {
            findings += rule.asURLFormatRule == nil ? ruleFindings : urlFindings.removeFirst()
        }
        if let config = catalog.config {
            let files = catalog.layerFilePaths
            let unjudgedRules = context.incompleteAppTypes.isEmpty ? [] : rulesSkippingIncompleteAppTypes
            findings = apply(
                config, to: findings, root: catalog.root, configFile: catalog.configFile?.path, files: files,
                unjudgedRules: unjudgedRules, document: context.document(at:))
        }
        let frozenFiles = catalog.frozenFiles
        if !frozenFiles.isEmpty {
            findings = findings.map { finding in
                frozenFiles[finding.file].map { finding.frozen(in: $0, pathFromRoot: Catalog.relativePath(finding.file, to: catalog.root)) } ?? finding
            }
        }
        // Again once the ignores have matched: the rules they name, the syntax errors and the
        // config's own findings are capped only here.
        findings.sort(by: Finding.isOrderedBefore)
        guard context.findingCap.limit != nil else { return LintReport(findings: findings, fileCount: catalog.fileCount) }
        return LintReport(findings: context.findingCap.capped(findings).sorted(by: Finding.isOrderedBefore), fileCount: catalog.fileCount)
    }

    /// The findings of each `URLFormatRule` of `rules`, in rule order, from one cut of each
    /// app's url_formats, capped as the context says. Slices of the apps are checked at once
    /// and their findings joined in the apps' order. Nil when `isCancelled` said so before an app.
    private static func urlFormatFindings(in context: LintContext, unless isCancelled: @Sendable () -> Bool) -> [[Finding]]? {
        let urlRules = rules.compactMap(\.asURLFormatRule)
        let caps = urlRules.map { context.findingCap(forRule: type(of: $0).description.id) }
        let apps = context.loadedApps
        let sliceCount = min(apps.count, urlFormatSliceCount)
        let slices = (0..<sliceCount).map { apps.count * $0 / sliceCount..<apps.count * ($0 + 1) / sliceCount }
        let findingsBySlice = slices.concurrentMap { slice in
            var findings = caps.map(CappedFindings.init)
            for app in apps[slice] {
                if isCancelled() { return findings }
                let formats = app.urlFormats
                for (index, rule) in urlRules.enumerated() {
                    findings[index].append(contentsOf: rule.check(formats, of: app))
                }
            }
            return findings
        }
        guard !isCancelled() else { return nil }
        return urlRules.indices.map { index in
            var findings = CappedFindings(caps[index])
            for slice in findingsBySlice { findings.append(contentsOf: slice[index]) }
            return findings.findings
        }
    }

    /// Into how many slices `urlFormatFindings` cuts the apps: enough that a core which
    /// finishes early finds more to do, few enough that a slice is worth starting.
    private static let urlFormatSliceCount = 32
}

/// A question "is this still wanted?" whose first no is its answer from then on. An atomic
/// flag (which ThreadSanitizer sees, unlike the futex behind `Mutex`): the rule threads may
/// ask at once, and a step begun on an earlier "yes" is harmless, since the lint asks once
/// more before it gives its result.
private final class CancellationLatch: Sendable {
    private let ask: @Sendable () -> Bool
    private let said = Atomic(false)

    init(_ ask: @escaping @Sendable () -> Bool) {
        self.ask = ask
    }

    var isCancelled: Bool {
        if said.load(ordering: .acquiring) { return true }
        guard ask() else { return false }
        said.store(true, ordering: .releasing)
        return true
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

    /// How many findings of `severity` the run found, those the cap left out included.
    public func count(of severity: Severity) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity ? max($1.omittedCount, 1) : 0) }
    }

    /// How many findings the cap left out of the report (`FindingCap`); each is counted in
    /// `count(of:)`, and a summary finding stands for those of its rule in its file.
    public var omittedCount: Int {
        findings.reduce(0) { $0 + $1.omittedCount }
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
        let omitted = omittedCount
        let left = omitted == 0 ? "" : " (\(omitted) of them not listed; --max-findings 0 lists them all)"
        return "\(files) checked: \(Self.plural(errors, "error")), \(Self.plural(warnings, "warning"))\(left)."
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The report with errors only, for `--quiet`.
    public var errorsOnly: LintReport {
        failing(at: .error)
    }

    /// The findings at or above `severity`: those that fail a run gated there.
    public func failing(at severity: Severity) -> LintReport {
        LintReport(findings: findings.filter { $0.severity >= severity }, fileCount: fileCount)
    }

    /// Adds another catalog's report, keeping the reporting order.
    public mutating func append(_ other: LintReport) {
        findings = (findings + other.findings).sorted(by: Finding.isOrderedBefore)
        fileCount += other.fileCount
    }
}
