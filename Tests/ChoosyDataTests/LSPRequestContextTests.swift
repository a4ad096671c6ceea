import Foundation
import Testing

/// What `choosy-data lsp` answers from what the editor sends and holds open besides the
/// cursor: the diagnostics a code action is asked for, another open file's last text that
/// parsed, and `.choosy-data.yml`. Over stdio, in the repository's data/ catalog (read, never
/// written: the changed text is only in the editor's buffers).
@Suite struct LSPRequestContextTests {
    static let catalog = LSPNavigationTests.catalog

    static func client() throws -> LSPClient {
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        return client
    }

    static func hover(_ client: LSPClient, in file: URL, at position: [String: Int]) throws -> String? {
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": file.absoluteString], "position": position])
        return ((response["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
    }

    /// Neovim 0.7 sends the diagnostic in `context.diagnostics` with the cursor's range, which
    /// need not touch it: the diagnostic's fix is still offered.
    @Test func aCodeActionHonoursTheDiagnosticsOfItsContext() throws {
        let file = Self.catalog.appendingPathComponent("app-data/browser.json")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"Google Chrome\"", with: "\"Google Chrome \"")
        let client = try Self.client()
        client.open(file, text: text)
        let diagnostic = try #require(try client.diagnostics(of: file, version: 1).first { $0["code"] as? String == "name-whitespace" })
        let cursor = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
        let response = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": file.absoluteString], "range": cursor, "context": ["diagnostics": [diagnostic]],
        ])
        let actions = try #require(response["result"] as? [[String: Any]], "\(response)")
        #expect(actions.contains { ($0["title"] as? String)?.hasSuffix("(name-whitespace)") == true }, "\(actions)")
        let unasked = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": file.absoluteString], "range": cursor, "context": ["diagnostics": [Any]()],
        ])
        #expect((unasked["result"] as? [Any])?.isEmpty == true, "\(unasked)")
    }

    /// While builtin/email.json is broken in the editor, hover in app-data/email.json reads it
    /// as its last text that parsed, as diagnostics do: `subject` is still a parameter.
    @Test func hoverReadsABrokenOpenFileAsDiagnosticsDo() throws {
        let builtin = Self.catalog.appendingPathComponent("builtin/email.json")
        let server = Self.catalog.appendingPathComponent("app-data/email.json")
        let original = try String(contentsOf: builtin, encoding: .utf8)
        let broken = original.replacingOccurrences(of: "\"key\": \"subject\",", with: "\"key\": \"subject")
        #expect(broken != original)
        let client = try Self.client()
        client.open(builtin, text: original)
        client.notify("textDocument/didChange", ["textDocument": ["uri": builtin.absoluteString, "version": 2], "contentChanges": [["text": broken]]])
        let serverText = try String(contentsOf: server, encoding: .utf8)
        client.open(server, text: serverText)
        #expect(try client.diagnostics(of: server, version: 1).filter { $0["code"] as? String != "ignored-override" }.isEmpty)
        let hover = try Self.hover(client, in: server, at: try LSPNavigationTests.position(of: "{{subject}}", in: serverText, shift: 3))
        #expect(hover?.contains("parameter `subject` of app type `email`") == true, "\(hover ?? "nil")")
    }

    /// Hover on a key of `.choosy-data.yml` shows its declared description; on a rule id under
    /// `rules:` or as an ignore entry's `rule:`, the rule's summary; on a layer's `path:`, the
    /// files it reads.
    @Test(arguments: [
        ("minimum_client: 0.6.0\n", "minimum_client", "**minimum_client** — optional key of the config\n\nThe oldest client version"),
        ("layers:\n  - name: builtin\n    path: builtin\n", "path", "**path** — optional key of a layer"),
        ("rules:\n  unused-parameter: off\n", "unused-parameter", "**unused-parameter** — rule, warning by default"),
        ("ignore:\n  - rule: unused-parameter\n    reason: r\n", "unused-parameter", "**unused-parameter** — rule, warning by default"),
        ("ignore:\n  - rule: \"*\"\n    reason: r\n", "*", "`*` — every rule but `config`"),
        ("layers:\n  - name: server\n    path: app-data\n", "app-data",
         "`app-data` — a layer's files\n\nReads 4 catalog files: `app-data/browser.json`, `app-data/email.json`, `app-data/maps.yaml`, `app-data/twitter.yaml`."),
        ("layers:\n  - name: server\n    path: nowhere\n", "nowhere", "`nowhere` — a layer's files\n\nNothing there reads as a catalog file"),
    ])
    func hoverOnAConfigKeyShowsItsDescription(text: String, key: String, expected: String) throws {
        let config = Self.catalog.appendingPathComponent(".choosy-data.yml")
        let client = try Self.client()
        client.open(config, text: text)
        let hover = try Self.hover(client, in: config, at: try LSPNavigationTests.position(of: key, in: text, shift: min(2, key.count - 1)))
        #expect(hover?.hasPrefix(expected) == true, "\(hover ?? "nil")")
    }
}
