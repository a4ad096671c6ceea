import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// The formats `lint --format` writes a report in, each rendered by its reporter.
public enum LintOutputFormat: String, Sendable, CaseIterable {
    case text, json, github, sarif

    /// `report` in this format. `sources` and `colored` shape the text report only,
    /// `showsSummary` the text and GitHub reports (the others have no summary line); SARIF's
    /// file URIs are relative to `baseDirectory`, and its rules link their sections of
    /// `rulesURL` when given.
    public func render(
        _ report: LintReport, sources: [String: SourceFile], colored: Bool, showsSummary: Bool, baseDirectory: String,
        rulesURL: String? = nil
    ) -> String {
        switch self {
        case .text: TextReporter(sources: sources, colored: colored, showsSummary: showsSummary).render(report)
        case .json: JSONReporter.render(report)
        case .github: GitHubReporter.render(report, showsSummary: showsSummary)
        case .sarif: SARIFReporter(baseDirectory: baseDirectory, rulesURL: rulesURL).render(report)
        }
    }
}
