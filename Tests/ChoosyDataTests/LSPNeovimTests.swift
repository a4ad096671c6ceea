import ChoosyTestSupport
import Foundation
import Testing

/// `choosy-data lsp` in a real editor: Debian's Neovim, headless, with the built-in LSP client
/// set up by the Neovim 0.7 config of docs/editors.md, read from the page, and driven by the
/// user's commands (Fixtures/lsp/neovim-client.lua). The Makefile's test target installs
/// Neovim when missing.
@Suite(.tags(.slow, .editor)) struct LSPNeovimTests {
    private static let neovim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first(where: FileManager.default.isExecutableFile)

    /// A data file with a mistyped placeholder (after a character outside the BMP, so that
    /// Neovim's byte columns differ from UTF-16's) and a duplicated app action: the diagnostic
    /// lands on the placeholder, hover shows and definition jumps from a placeholder, the quick
    /// fix removes the duplicate, rename follows the parameter everywhere, `{{` completes keys.
    @Test func neovimShowsDiagnosticsHoverDefinitionQuickFixRenameAndCompletion() throws {
        let nvim = try #require(Self.neovim, "nvim is missing: 'make test' installs Debian's neovim")
        let scratch = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"), "nvim")
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/browser.json")
        let action = """
            "key": "browse",
                        "url_format": "googlechrome-x-callback://x-callback-url/open/?x-source={{callback_name}}&x-success={{callback_url}}&url={{url}}"
            """
        let mistyped = action.replacingOccurrences(of: "&url={{url}}", with: "&q=\u{1F600}&url={{ulr}}")
        let original = try String(contentsOf: file, encoding: .utf8)
        let edited = original.replacingOccurrences(
            of: "{\n            \(action)", with: "{\n            \(mistyped)\n          },\n          {\n            \(action)")
        #expect(edited.components(separatedBy: "{{ulr}}").count == 2)
        try edited.write(to: file, atomically: true, encoding: .utf8)

        func errorRules() throws -> [String] {
            let lint = try ToolRunner.run(["lint", "--format", "json"], in: catalog)
            let findings = try #require(try JSONSerialization.jsonObject(with: Data(lint.standardOutput.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
            return (findings ?? []).filter { $0["severity"] as? String == "error" }.compactMap { $0["rule"] as? String }.sorted()
        }
        let errorsBefore = try errorRules()
        #expect(errorsBefore.contains("duplicate-app-action"))

        let resultFile = catalog.appendingPathComponent("nvim-result.json")
        let run = try ToolRunner.run(
            ["--headless", "--clean", "-u", TestPaths.fixture("lsp/neovim-client.lua").path, file.path],
            program: URL(fileURLWithPath: nvim), in: catalog,
            environment: [
                // As a user has it after `make install`: choosy-data on the PATH.
                "PATH": ToolRunner.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "CHOOSY_EDITORS_DOC": TestPaths.packageRoot.appendingPathComponent("docs/editors.md").path,
                "CHOOSY_LSP_RESULT": resultFile.path,
            ])
        let data = try Data(contentsOf: resultFile)
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(run.status == 0, "nvim: \(result["error"] ?? "") \(result["messages"] ?? "") \(run.standardError)")
        #expect(result["error"] == nil)

        let lines = edited.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("{{ulr}}") })
        let column = try #require(lines[line].utf8.firstRange(of: "{{ulr}}".utf8)).lowerBound
        let byteColumn = lines[line].utf8.distance(from: lines[line].utf8.startIndex, to: column)
        let diagnostic = try #require(result["diagnostic"] as? [String: Any])
        #expect(diagnostic["line"] as? Int == line)
        #expect(diagnostic["column"] as? Int == byteColumn)
        #expect(diagnostic["end_column"] as? Int == byteColumn + 7)
        #expect((diagnostic["message"] as? String)?.hasPrefix("{{ulr}} is not a parameter of app type \"browser\"") == true)

        let hover = try #require(result["hover"] as? String)
        #expect(hover.contains("URL of your app that the browser opens when the user taps its back-to-app button."), "\(hover)")

        let declaration = try #require(lines.firstIndex { $0.contains("\"key\": \"callback_url\"") })
        let definition = try #require(result["definition"] as? [String: Any])
        #expect(definition["uri"] as? String == file.absoluteString && definition["line"] as? Int == declaration, "\(definition)")

        #expect(result["actions_after_fix"] as? Int == 1, "\(result["code_actions"] ?? "")")

        // The renamed file, as :wall wrote it: no callback_name left, and lint finds what it
        // found before but the duplicate the quick fix removed.
        let renamed = try String(contentsOf: file, encoding: .utf8)
        #expect(!renamed.contains("callback_name") && renamed.contains("{{source_name}}") && renamed.contains("\"key\": \"source_name\""))
        #expect(try errorRules() == errorsBefore.filter { $0 != "duplicate-app-action" })

        let completion = try #require(result["completion"] as? [String])
        #expect(Set(completion).isSuperset(of: ["url", "callback_url", "source_name"]), "\(completion)")
    }
}
