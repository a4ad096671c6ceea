import ChoosyCore
import ChoosyCatalog
import ChoosyLint

/// Renders a catalog review as one Markdown comment for a pull request: a summary line, then
/// a section per part of the review (docs/review.md). Every catalog value goes through
/// `MarkdownEscaping`.
public enum ReviewMarkdownRenderer {
    /// The smallest `maxCharacters`: room for the summary and the line saying what was cut.
    public static let shortestCut = 500

    /// `base` and `head` name the two sides as the user gave them. With `maxCharacters` (at
    /// least `shortestCut`), a longer report is cut after its last whole line that fits and
    /// ends with a line saying how many lines were left out (length in UTF-16 code units, as
    /// GitHub limits a comment).
    public static func render(_ review: CatalogReview, base: String, head: String, maxCharacters: Int?) -> String {
        let whole = render(review, base: base, head: head)
        guard let maxCharacters, whole.utf16.count > maxCharacters else { return whole }
        let lines = whole.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        func note(leftOut: Int) -> String {
            "\n*Cut to fit \(maxCharacters) characters: the last \(leftOut) of the report's \(lines.count) lines are left out; "
                + "`choosy-data review` prints it whole.*\n"
        }
        let budget = maxCharacters - note(leftOut: lines.count).utf16.count
        var kept = ""
        var keptLines = 0
        for line in lines {
            let length = line.utf16.count + 1
            guard kept.utf16.count + length <= budget else { break }
            kept += line + "\n"
            keptLines += 1
        }
        return kept + note(leftOut: lines.count - keptLines)
    }

    private static func render(_ review: CatalogReview, base: String, head: String) -> String {
        let diff = review.diff
        let counts = ChangeClass.allCases.map { "\(diff.count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
        var output = "## Catalog review: \(text(base)) → \(text(head))\n\n"
        output += "**\(diff.changes.count) change\(diff.changes.count == 1 ? "" : "s")**: \(counts) "
            + "· lint: \(review.introducedFindings.count) introduced, \(review.fixedFindings.count) fixed "
            + "· client: \(diff.profile.rawValue)\n"
        if diff.frozenLayerCount > 0 {
            let count = diff.frozenLayerCount
            output += "\n**Frozen layers:** \(count) of these changes only edit\(count == 1 ? "s" : "") a frozen layer, "
                + "so \(count == 1 ? "it" : "each") \(CatalogChange.frozenNote).\n"
        }
        output += lintSection(review)
        output += urlSection(review)
        output += matrixSection(review)
        output += schemeSection(review)
        output += ignoredOverrideSection(review)
        return output
    }

    private static func text(_ value: String) -> String { MarkdownEscaping.text(value) }
    private static func code(_ value: String) -> String { MarkdownEscaping.code(value) }

    private static func lintSection(_ review: CatalogReview) -> String {
        var output = "\n### Lint findings\n\n"
        let rows = review.introducedFindings.map { ("introduced", $0) } + review.fixedFindings.map { ("fixed", $0) }
        guard !rows.isEmpty else { return output + "None introduced or fixed.\n" }
        output += "| | severity | rule | file | pointer | message |\n|---|---|---|---|---|---|\n"
        for (status, finding) in rows {
            output += "| \(status) | \(finding.severity.rawValue) | \(text(finding.ruleID)) | \(text("\(finding.file):\(finding.range.start.line)")) "
                + "| \(code(finding.pointer)) | \(text(finding.message)) |\n"
        }
        return output
    }

    private static func urlSection(_ review: CatalogReview) -> String {
        var output = "\n### URLs of changed app actions\n"
        guard !review.urlComparisons.isEmpty else { return output + "\nNo app action's URL changed.\n" }
        for comparison in review.urlComparisons {
            output += "\n#### \(text(comparison.type)) › \(text(comparison.app)) › \(text(comparison.action)) (\(comparison.changeClass.rawValue)\(comparison.isInFrozenLayer ? "; " + CatalogChange.frozenNote : ""))\n\n"
            if let outcome = outcomeChange(comparison) { output += outcome + "\n\n" }
            output += "| values | before | after |\n|---|---|---|\n"
            for row in comparison.rows {
                let values = row.values.isEmpty ? "no parameters" : row.values.map { "\(text($0.key))=\($0.value.isEmpty ? "*empty*" : code($0.value))" }.joined(separator: ", ")
                output += "| \(row.source): \(values) | \(cell(row.before)) | \(cell(row.after)) |\n"
            }
        }
        return output
    }

    /// "Before: crashes the host app (why). After: opens a URL." when what the client does for
    /// an app action both sides have changes; nil when it stays the same (the rows say "no such
    /// app" for the side without it).
    private static func outcomeChange(_ comparison: CatalogReview.URLComparison) -> String? {
        guard let before = comparison.before, let after = comparison.after, before.state != after.state else { return nil }
        func describe(_ outcome: AppActionOutcome) -> String {
            outcome.summary + (outcome.failureReason.map { " (\(text($0)))" } ?? "")
        }
        return "Before: \(describe(before)). After: \(describe(after))."
    }

    /// What the client opens, as a code span, and what else to know about it.
    private static func cell(_ rendering: ClientRendering?) -> String {
        guard let rendering else { return "no such app" }
        let opened = rendering.url.map(code) ?? ""
        switch rendering.outcome {
        case .url:
            return rendering.dropped.isEmpty ? opened : opened + " (drops " + rendering.dropped.map(text).joined(separator: ", ") + ")"
        case .app:
            let reason = rendering.rendered == nil ? "not implemented" : "not a valid URL"
            return "\(reason): launches the app" + (opened.isEmpty ? "" : " with \(opened)")
        case .crash:
            return ClientRendering.Outcome.crashSummary
        }
    }

    private static func matrixSection(_ review: CatalogReview) -> String {
        var output = "\n### Support matrix\n\n"
        guard !review.matrixChanges.isEmpty else { return output + "No cell changed.\n" }
        output += "| app type | action | app | parameter | before | after |\n|---|---|---|---|---|---|\n"
        for change in review.matrixChanges {
            output += "| \(text(change.type)) | \(text(change.action)) | \(text(change.app)) | \(text(change.parameter)) "
                + "| \(change.before?.rawValue ?? "no such app") | \(change.after?.rawValue ?? "no such app") |\n"
        }
        return output
    }

    private static func schemeSection(_ review: CatalogReview) -> String {
        func list(_ schemes: [String]) -> String { schemes.isEmpty ? "none" : schemes.map(code).joined(separator: ", ") }
        return "\n### Info.plist `LSApplicationQueriesSchemes`\n\n"
            + "- must add: \(list(review.schemesToAdd))\n- may drop: \(list(review.schemesToDrop))\n"
    }

    private static func ignoredOverrideSection(_ review: CatalogReview) -> String {
        var output = "\n### Overrides the shipped client ignores\n\n"
        guard !review.ignoredOverrides.isEmpty else { return output + "None introduced.\n" }
        output += "| file | pointer | message |\n|---|---|---|\n"
        for finding in review.ignoredOverrides {
            output += "| \(text("\(finding.file):\(finding.range.start.line)")) | \(code(finding.pointer)) | \(text(finding.message)) |\n"
        }
        return output
    }
}
