import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// Renders a lint report as JSON in the stable `version: 1` shape that CI tools parse.
/// Later versions add rules and fields (`summary.omitted`), never change or remove one.
public enum JSONReporter {
    public static func render(_ report: LintReport) -> String {
        JSONValue.object([
            ("version", .integer(1)),
            ("findings", .array(report.findings.map(findingOutput))),
            ("summary", .object([
                ("files", .integer(report.fileCount)),
                // Counted with the findings the cap left out, as `omitted` says how many were.
                ("errors", .integer(report.count(of: .error))),
                ("warnings", .integer(report.count(of: .warning))),
                ("omitted", .integer(report.omittedCount)),
            ])),
        ]).rendered()
    }

    /// One finding as an object, as `lint --format json` writes it; `review` writes the same.
    static func findingOutput(_ finding: Finding) -> JSONValue {
        .object([
            ("rule", .string(finding.ruleID)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
        ] + locationMembers(file: finding.file, range: finding.range) + [
            ("pointer", .string(finding.pointer)),
            ("hint", finding.hint.map(JSONValue.string) ?? .null),
            ("notes", .array(finding.notes.map { note in
                .object([("message", .string(note.message))] + locationMembers(file: note.file, range: note.range))
            })),
            // `fix` is the first safe fix alone, as version 1 gave it before `fixes`.
            ("fix", finding.fixes(upTo: .safe).first.map { .object([("edits", editsOutput($0))]) } ?? .null),
            ("fixes", .array(finding.fixes.map { fix in
                .object([("title", .string(fix.title)), ("applicability", .string(fix.applicability.rawValue)), ("edits", editsOutput(fix))])
            })),
        ])
    }

    /// A fix's text edits: replace the bytes from `offset` to `endOffset` (the same span as
    /// `line`…`endColumn`) with `newText`.
    private static func editsOutput(_ fix: Fix) -> JSONValue {
        .array(fix.edits.map { edit in
            .object(locationMembers(file: edit.file, range: edit.range) + [
                ("offset", .integer(edit.range.start.offset)),
                ("endOffset", .integer(edit.range.end.offset)),
                ("newText", .string(edit.newText)),
            ])
        })
    }

    private static func locationMembers(file: String, range: SourceRange) -> [(String, JSONValue)] {
        [
            ("file", .string(file)),
            ("line", .integer(range.start.line)),
            ("column", .integer(range.start.column)),
            ("endLine", .integer(range.end.line)),
            ("endColumn", .integer(range.end.column)),
        ]
    }
}
