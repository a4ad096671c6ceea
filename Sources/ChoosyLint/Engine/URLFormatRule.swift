import ChoosySyntax
import ChoosyCatalog

/// A rule that checks each app's `url_format` values one app at a time. The linter cuts every
/// format once and hands the cut to each such rule: cutting it again in each rule was a fifth
/// of lint's time, and keeping every cut for the whole run cost a third more memory.
public protocol URLFormatRule: Rule {
    func check(_ formats: [(format: URLFormat, node: Node)], of app: LoadedApp) -> [Finding]
}

extension URLFormatRule {
    public func check(_ context: LintContext, into findings: inout CappedFindings) {
        for app in context.loadedApps { findings.append(contentsOf: check(app.urlFormats, of: app)) }
    }

    public var asURLFormatRule: (any URLFormatRule)? { self }
}

extension Rule {
    /// The rule as a `URLFormatRule`, if it is one. A cast (`as?`) would find that out too, but
    /// searches every conformance of the program the first time for each rule, a fixed cost of
    /// every run and of every call in a process that lints many small inputs.
    public var asURLFormatRule: (any URLFormatRule)? { nil }
}
