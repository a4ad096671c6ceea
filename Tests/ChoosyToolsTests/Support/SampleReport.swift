@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// A fixed report for the reporters' golden files, built here rather than by running the rules
/// so that a change to a rule's wording never rewrites a reporter's expected output.
enum SampleReport {
    static let emailPath = "catalog/email.json"
    static let notesPath = "catalog/notes.yaml"
    /// A name with a space and non-ASCII letters, and an astral emoji before the finding, so
    /// URIs are percent-encoded and columns are visibly counted in Unicode scalars.
    static let mapsPath = "catalog/größe maps.json"

    static let sources: [String: SourceFile] = [
        emailPath: SourceFile(path: emailPath, text: """
            [
              {
                "name": "Mail",
                "key": "mail",
                "name": "Email"
              }
            ]

            """),
        notesPath: SourceFile(path: notesPath, text: "\u{FEFF}- key: notes\n"),
        mapsPath: SourceFile(path: mapsPath, text: "[{\"name\": \"🗺 Maps\",}]\n"),
    ]

    static let report = LintReport(findings: [
        Finding(
            ruleID: "duplicate-key", severity: .error,
            message: "duplicate key \"name\"; an object holds each key once", file: emailPath,
            range: range(5, 5, 5, 11), pointer: "/0/name",
            hint: "remove one of the two, or merge their contents",
            notes: [.init("first defined here", file: emailPath, range: range(3, 5, 3, 11))]),
        Finding(
            ruleID: "syntax", severity: .error, message: "trailing comma before '}'", file: mapsPath,
            range: range(1, 19, 1, 20), pointer: "",
            hint: "remove the comma; JSON does not allow one after the last item"),
        Finding(
            ruleID: "bom", severity: .warning, message: "the file starts with a UTF-8 byte order mark",
            file: notesPath, range: range(1, 1, 1, 1), pointer: ""),
    ], fileCount: 4)

    /// Rule descriptions for the SARIF `rules` array, fixed for the same reason as the report.
    static let rules: [RuleDescription] = [
        RuleDescription(
            id: "syntax", order: 10, severity: .error, scope: .file, summary: "Files parse.",
            rationale: "A file that does not parse is dropped whole.",
            triggeringExamples: [.init("[1↓,]")], nonTriggeringExamples: [.init("[1]")]),
        RuleDescription(
            id: "duplicate-key", order: 20, severity: .error, scope: .file, summary: "Keys are unique.",
            rationale: "Parsers keep one of the two silently.",
            triggeringExamples: [.init("a: 1\n↓a: 2\n", fileName: "example.yaml")], nonTriggeringExamples: []),
        RuleDescription(
            id: "bom", order: 30, severity: .warning, scope: .file, summary: "No byte order mark.",
            rationale: "Strict parsers reject it.", triggeringExamples: [], nonTriggeringExamples: []),
    ]

    static func range(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int) -> SourceRange {
        // Offsets are not rendered by any reporter.
        SourceRange(
            start: SourceLocation(line: line, column: column, offset: 0),
            end: SourceLocation(line: endLine, column: endColumn, offset: 0))
    }
}
