import ChoosyCatalog
import ChoosyCore
import ChoosyLint
import ChoosySyntax
import ChoosyTools

/// `textDocument/codeAction`: a quick fix for each finding in the range, or among the
/// request's `context.diagnostics`, that has one: each of its fixes, safe and unsafe, as the
/// text edits `lint --fix` would make.
enum CodeActionHandler: LSPValueHandler {
    static let method = "textDocument/codeAction"
    static let capability: (key: String, value: JSONValue)? = ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))]))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
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
        }.flatMap { finding in
            quickFixes(for: finding, in: document).map { fix, edits in
                JSONValue.object([
                    ("title", .string("\(fix.title) (\(finding.ruleID))")),
                    ("kind", .string("quickfix")),
                    ("diagnostics", .array([LSPDiagnostic.json(for: finding, in: document.text, workspace: workspace)])),
                    // A safe fix is the one to apply without reading it; an unsafe one is offered only.
                    ("isPreferred", .bool(fix.applicability == .safe)),
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

    /// The fixes of `finding` (the edits `lint --fix` applies) with their edits as LSP
    /// `TextEdit`s; a fix that would change another file than the document is left out.
    private static func quickFixes(for finding: Finding, in document: LSPDocument) -> [(Fix, [JSONValue])] {
        finding.fixes.filter { $0.edits.allSatisfy { $0.file == finding.file } }.map { fix in
            (fix, fix.edits.map { edit in
                let range = LSPRange(start: document.text.position(ofOffset: edit.byteRange.lowerBound), end: document.text.position(ofOffset: edit.byteRange.upperBound))
                return LSPTextEdit.json(range: range, newText: edit.newText)
            })
        }
    }
}
