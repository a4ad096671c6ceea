import ChoosyCore
import ChoosySyntax
import ChoosyLint
import ChoosyTools

/// `textDocument/codeAction`: a quick fix for each finding in the range, or among the
/// request's `context.diagnostics`, that has one: the edit `lint --fix` would make
/// (`ValueFix`), or for a duplicated entry its removal.
enum CodeActionHandler: LSPRequestHandler {
    static let method = "textDocument/codeAction"
    static let capability: (key: String, value: JSONOutput)? = ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))]))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONOutput {
        let document = try workspace.document(in: params)
        guard let range = LSPRange(params?["range"]) else { throw .invalidParams("textDocument/codeAction needs a range") }
        let findings = LSPLint.findings(in: workspace, for: [document.uri])[document.uri] ?? []
        // Some clients (Neovim 0.7) send the diagnostic asked about with the cursor's range,
        // which need not touch it.
        let asked = Set((params?["context"]?["diagnostics"]?.elements ?? []).compactMap { diagnostic in
            diagnostic["code"]?.string.flatMap { code in LSPRange(diagnostic["range"]).map { AskedDiagnostic(code: code, range: $0) } }
        })
        let actions = findings.filter { finding in
            let findingRange = document.text.range(of: finding.range)
            return findingRange.overlaps(range) || asked.contains(AskedDiagnostic(code: finding.ruleID, range: findingRange))
        }.compactMap { finding in
            quickFix(for: finding, in: document).map { title, edits in
                JSONOutput.object([
                    ("title", .string(title)),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([LSPDiagnostic.json(for: finding, in: document.text, workspace: workspace)])),
                    ("isPreferred", .bool(true)),
                    ("edit", .object([("changes", .object([(document.uri, .array(edits))]))])),
                ])
            }
        }
        return .array(actions)
    }

    /// A diagnostic of the request's context, by what identifies it among ours.
    private struct AskedDiagnostic: Hashable {
        let code: String
        let range: LSPRange
    }

    /// The title and edits of the fix of `finding`, if it has one.
    private static func quickFix(for finding: Finding, in document: LSPDocument) -> (String, [JSONOutput])? {
        if let fix = finding.fix {
            let title = fix.isDeletion
                ? "Delete what \(fix.ruleID) reports"
                : "Replace with \(JSONOutput.string(fix.replacement).compactText()) (\(fix.ruleID))"
            return (title, [LSPTextEdit.json(range: document.text.range(of: fix.range), newText: fix.newText)])
        }
        guard DuplicateEntryRemoval.ruleIDs.contains(finding.ruleID),
            let removal = DuplicateEntryRemoval(pointer: finding.pointer, in: document.sourceFile)
        else { return nil }
        let range = LSPRange(start: document.text.position(ofOffset: removal.start), end: document.text.position(ofOffset: removal.end))
        return ("Remove this duplicate (\(finding.ruleID))", [LSPTextEdit.json(range: range, newText: "")])
    }
}
