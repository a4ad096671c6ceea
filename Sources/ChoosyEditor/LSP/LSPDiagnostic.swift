import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint
import ChoosyTools

/// A finding as an LSP `Diagnostic`: its range in the document, severity, the rule id as
/// `code` (linking its section of docs/rules.md when the server knows where that is),
/// `source` "choosy-data", lint's message and hint, and its notes as related places.
enum LSPDiagnostic {
    static let source = "choosy-data"

    static func json(for finding: Finding, in text: LSPText, workspace: LSPWorkspace) -> JSONValue {
        json(for: finding, at: text.range(of: finding.range), in: text, workspace: workspace)
    }

    /// The diagnostics of `findings`, all in `text`: their ranges converted in one pass.
    static func json(for findings: [Finding], in text: LSPText, workspace: LSPWorkspace) -> [JSONValue] {
        zip(findings, text.ranges(of: findings.map(\.range))).map { json(for: $0, at: $1, in: text, workspace: workspace) }
    }

    private static func json(for finding: Finding, at range: LSPRange, in text: LSPText, workspace: LSPWorkspace) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("range", range.json),
            ("severity", .integer(finding.severity == .error ? 1 : 2)),
            ("code", .string(finding.ruleID)),
        ]
        // docs/rules.md's section of a rule is headed by its id, which is its own anchor.
        if let rulesURL = workspace.rulesURL { members.append(("codeDescription", .object([("href", .string("\(rulesURL)#\(finding.ruleID)"))]))) }
        members += [
            ("source", .string(source)),
            ("message", .string(finding.hint.map { "\(finding.message)\nhint: \($0)" } ?? finding.message)),
        ]
        let related: [JSONValue] = finding.notes.compactMap { note in
            guard let noteText = note.file == finding.file ? text : workspace.text(ofPath: note.file) else { return nil }
            return .object([
                ("location", .object([("uri", .string(LSPURI.uri(ofPath: note.file))), ("range", noteText.range(of: note.range).json)])),
                ("message", .string(note.message)),
            ])
        }
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    /// The `textDocument/publishDiagnostics` notification of one document.
    static func notification(for document: LSPDocument, diagnostics: [JSONValue]) -> JSONValue {
        .object([
            ("jsonrpc", .string("2.0")),
            ("method", .string("textDocument/publishDiagnostics")),
            ("params", .object([
                ("uri", .string(document.uri)), ("version", .integer(document.version)), ("diagnostics", .array(diagnostics)),
            ])),
        ])
    }
}
