import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosySyntax

/// `choosy-data lsp` driven over stdio by a small client, as an editor drives it.
@Suite struct LSPServerTests {
    /// A copy of data/ in a scratch directory, with `ignored-override` off so that a file
    /// without mistakes has no diagnostics at all.
    private static func scratchCatalog() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory(copying: TestPaths.packageRoot.appendingPathComponent("data"), "lsp")
        let config = scratch.file(".choosy-data.yml")
        try (String(contentsOf: config, encoding: .utf8) + "rules:\n  ignored-override: off\n").write(to: config, atomically: true, encoding: .utf8)
        return scratch
    }

    private static let browseFormat = "googlechrome-x-callback://x-callback-url/open/?x-source={{callback_name}}&x-success={{callback_url}}&url={{url}}"

    @Test(arguments: [
        ([String]?.none, "utf-16"), (["utf-32", "utf-8"], "utf-32"), (["utf-8", "utf-16"], "utf-8"), (["latin-1"], "utf-16"),
    ])
    func initializeNegotiatesThePositionEncoding(offers: [String]?, expected: String) throws {
        let client = try LSPClient(in: TestPaths.packageRoot)
        let result = try client.initialize(
            root: TestPaths.packageRoot, capabilities: offers.map { ["general": ["positionEncodings": $0]] } ?? [:])
        let capabilities = try #require(result["capabilities"] as? [String: Any])
        #expect(capabilities["positionEncoding"] as? String == expected)
        #expect(capabilities["documentFormattingProvider"] as? Bool == true)
        #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
    }

    /// A mistyped placeholder after a character outside the BMP is reported where it is in
    /// UTF-16 code units; an incremental change with UTF-16 ranges that fixes the line clears it.
    @Test func mistypedPlaceholderIsReportedInUTF16AndAChangeClearsIt() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/browser.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let broken = original.replacingOccurrences(of: "&url={{url}}\"", with: "&q=\u{1F600}&url={{ulr}}\"")
        #expect(broken != original)
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(file, text: broken)
        let diagnostics = try client.diagnostics(of: file, version: 1)
        let line = try #require(broken.components(separatedBy: "\n").firstIndex { $0.contains("{{ulr}}") })
        let lineText = broken.components(separatedBy: "\n")[line]
        let column = lineText.utf16.distance(from: lineText.utf16.startIndex, to: try #require(lineText.range(of: "{{ulr}}")).lowerBound.samePosition(in: lineText.utf16)!)
        let placeholder = try #require(diagnostics.first { $0["code"] as? String == "undeclared-parameter" }, "\(diagnostics)")
        #expect(placeholder["range"] as? NSDictionary == [
            "start": ["line": line, "character": column], "end": ["line": line, "character": column + 7],
        ] as NSDictionary)
        #expect(placeholder["source"] as? String == "choosy-data")
        #expect(placeholder["severity"] as? Int == 1)
        #expect((placeholder["message"] as? String)?.hasPrefix("{{ulr}} is not a parameter of app type \"browser\"\nhint: did you mean {{url}}?") == true)

        // "&q=😀" is 5 UTF-16 code units before "&url=".
        let emoji = column - "&url=".count - 5
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": file.absoluteString, "version": 2],
            "contentChanges": [
                ["range": ["start": ["line": line, "character": column], "end": ["line": line, "character": column + 7]], "text": "{{url}}"],
                ["range": ["start": ["line": line, "character": emoji], "end": ["line": line, "character": emoji + 5]], "text": ""],
            ],
        ])
        #expect(try client.diagnostics(of: file, version: 2).isEmpty)
    }

    /// Only a change without a range replaces the whole buffer: a change with a malformed range,
    /// or without text, is logged and its notification ignored, so the buffer stays as it was.
    @Test func aMalformedChangeIsIgnoredNotTakenForTheWholeText() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/browser.json")
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(file, text: try String(contentsOf: file, encoding: .utf8))
        #expect(try client.diagnostics(of: file, version: 1).isEmpty)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": file.absoluteString, "version": 2],
            "contentChanges": [["range": ["start": ["line": 0]], "text": "{"]],
        ])
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": file.absoluteString, "version": 3], "contentChanges": [["range": NSNull()]],
        ])
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": file.absoluteString, "version": 4],
            "contentChanges": [["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]], "text": " "]],
        ])
        #expect(try client.diagnostics(of: file, version: 4).isEmpty)
        // Read once the server is gone, so that all it logged has been read.
        client.closeInput()
        _ = try client.waitForExit()
        #expect(client.standardError.contains(
            "choosy-data lsp: textDocument/didChange of \(file.absoluteString): change 1 has a range that is not {start: {line, character}, end: {line, character}}; the notification was ignored"))
        #expect(client.standardError.contains(
            "choosy-data lsp: textDocument/didChange of \(file.absoluteString): change 1 has no text; the notification was ignored"))
    }

    /// A buffer that does not parse gives its syntax error, while the files that use its
    /// definitions are checked against its last text that parsed.
    @Test func aBrokenBufferKeepsItsLastTreeForTheOtherFiles() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let builtin = catalog.appendingPathComponent("builtin/browser.yaml")
        let server = catalog.appendingPathComponent("app-data/browser.json")
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        let builtinText = try String(contentsOf: builtin, encoding: .utf8)
        client.open(builtin, text: builtinText)
        client.open(server, text: try String(contentsOf: server, encoding: .utf8))
        _ = try client.diagnostics(of: server, version: 1)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": builtin.absoluteString, "version": 2], "contentChanges": [["text": builtinText + "\n- [unclosed\n"]],
        ])
        let syntax = try client.diagnostics(of: builtin, version: 2)
        #expect(syntax.map { $0["code"] as? String } == ["syntax"])
        #expect(try client.diagnostics(of: server, version: 1).isEmpty)
    }

    /// A JSON file in no catalog (no `.choosy-data.yml` at or above it) is no app definition:
    /// its diagnostics are empty, though as a catalog file it would break the schema.
    @Test func aFileInNoCatalogGetsNoDiagnostics() throws {
        let scratch = try ScratchDirectory("lsp")
        let directory = scratch.url
        let file = directory.appendingPathComponent("package.json")
        let client = try LSPClient(in: directory)
        try client.initialize(root: directory)
        client.open(file, text: #"{"name": "tool", "version": "1.0.0"}"#)
        #expect(try client.diagnostics(of: file, version: 1).isEmpty)
    }

    /// Beside a catalog's layers (a config at a repository's root), a workflow file or
    /// `package.json` is not an app definition: no diagnostics and no formatting; nor is a JSON
    /// file in no catalog formatted. A new file in a layer's folder is checked before it is saved.
    @Test func onlyFilesALayerReadsGetDiagnosticsAndFormatting() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        let options: [String: Any] = ["tabSize": 2, "insertSpaces": true]
        let workflow = catalog.appendingPathComponent(".github/workflows/ci.yml")
        let package = catalog.appendingPathComponent("package.json")
        client.open(workflow, text: "on: push\njobs:\n  test: {runs-on: ubuntu-latest}\n")
        client.open(package, text: #"{"name": "tool", "version": "010"}"#)
        for file in [workflow, package] {
            #expect(try client.diagnostics(of: file, version: 1).isEmpty, "\(file.lastPathComponent)")
            let formatting = try client.request("textDocument/formatting", ["textDocument": ["uri": file.absoluteString], "options": options])
            #expect((formatting["result"] as? [Any])?.isEmpty == true, "\(file.lastPathComponent): \(formatting)")
        }
        let unsaved = catalog.appendingPathComponent("app-data/notes.json")
        client.open(unsaved, text: #"[{"key": "notes", "name": "Notes", "apps": [{"key": "bear", "name": "Bear", "app_url_scheme": "bear:", "actions": [{"key": "create"}]}]}]"#)
        #expect(try client.diagnostics(of: unsaved, version: 1).contains { $0["code"] as? String == "undeclared-action" })

        let elsewhere = try ScratchDirectory("lsp")
        let loose = elsewhere.file("settings.json")
        let looseClient = try LSPClient(in: elsewhere.url)
        try looseClient.initialize(root: elsewhere.url)
        looseClient.open(loose, text: #"{"b": 1,   "a": [ ]}"#)
        let formatting = try looseClient.request("textDocument/formatting", ["textDocument": ["uri": loose.absoluteString], "options": options])
        #expect((formatting["result"] as? [Any])?.isEmpty == true, "\(formatting)")
    }

    /// The diagnostics thread parses and lints as deep a tree as the CLI does (the nesting
    /// limit), on a stack as large as the CLI's threads have.
    @Test func aDeeplyNestedBufferIsLintedWithoutCrashing() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/deep.json")
        let depth = maximumNestingDepth - 2
        let text = "[{\"key\": \"deep\", \"apps\": " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]"
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(file, text: text)
        let diagnostics = try client.diagnostics(of: file, version: 1)
        #expect(!diagnostics.isEmpty)
        #expect(!diagnostics.contains { $0["code"] as? String == "syntax" })
    }

    @Test func formattingGivesFmtsCanonicalForm() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/new.json")
        let text = #"[{"key": "notes", "name": "Notes", "actions": [], "parameters": [], "apps": []}]"#
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(file, text: text)
        let response = try client.request("textDocument/formatting", ["textDocument": ["uri": file.absoluteString], "options": ["tabSize": 2, "insertSpaces": true]])
        let edits = try #require(response["result"] as? [[String: Any]])
        let fmt = try ToolRunner.run(["fmt", "-", "--stdin-filename", file.path], in: catalog, standardInput: Data(text.utf8))
        #expect(fmt.status == 0, "\(fmt.standardError)")
        #expect(try LSPTextEdits.apply(edits, to: text) == fmt.standardOutput)

        client.notify("textDocument/didChange", ["textDocument": ["uri": file.absoluteString, "version": 2], "contentChanges": [["text": "[{"]]])
        let refused = try client.request("textDocument/formatting", ["textDocument": ["uri": file.absoluteString], "options": ["tabSize": 2, "insertSpaces": true]])
        let error = try #require(refused["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32803)
        #expect(error["message"] as? String == "\(CatalogLoader.absolutePath(file.path)):1:3: error: expected a string key in double quotes, found end of file (the file ends early; close every '{' and '[' that is open)")
    }

    /// A file of the frozen built-in layer is reported on as typed, but the editor neither
    /// formats it nor offers a fix: nothing rewrites a file built into apps in the field.
    @Test func aFrozenFileGetsDiagnosticsButNoFormattingOrFix() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("builtin/email.json")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: #""name": "Email","#, with: #""name": "Email ","#).replacingOccurrences(of: "\n  ", with: "\n   ")
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(file, text: text)
        let finding = try #require(try client.diagnostics(of: file, version: 1).first { $0["code"] as? String == "name-whitespace" })
        #expect((finding["message"] as? String)?.contains("(frozen: layer 'builtin'") == true)
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": file.absoluteString], "range": try #require(finding["range"]), "context": ["diagnostics": [finding]],
        ])
        #expect((actions["result"] as? [Any])?.isEmpty == true, "\(actions)")
        let formatting = try client.request("textDocument/formatting", ["textDocument": ["uri": file.absoluteString], "options": ["tabSize": 2, "insertSpaces": true]])
        #expect((formatting["result"] as? [Any])?.isEmpty == true, "\(formatting)")
    }

    /// Each diagnostic links its rule's section of docs/rules.md: where `--rules-url` says, else
    /// the copy `make install` puts beside the binary, else nowhere.
    @Test func diagnosticsLinkTheirRulesDocumentation() throws {
        let scratch = try Self.scratchCatalog()
        let file = scratch.file("app-data/new.json")
        let text = #"[{"key": "browser", "apps": [{"key": "x", "name": "X", "app_url_scheme": "x:", "actions": [{"key": "browse", "url_format": "x://{{nope}}"}]}]}]"#
        let prefix = try ScratchDirectory("prefix")
        try FileManager.default.createDirectory(at: prefix.file("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.file("share/doc/choosy-data"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: ToolRunner.executable, to: prefix.file("bin/choosy-data"))
        try FileManager.default.copyItem(at: TestPaths.packageRoot.appendingPathComponent("docs/rules.md"), to: prefix.file("share/doc/choosy-data/rules.md"))
        let installedRules = prefix.file("share/doc/choosy-data/rules.md").absoluteString
        for (client, expected) in [
            (try LSPClient(arguments: ["lsp", "--rules-url", "https://example.org/docs/rules.md"], in: scratch.url), "https://example.org/docs/rules.md"),
            (try LSPClient(executable: prefix.file("bin/choosy-data"), in: scratch.url), installedRules),
            (try LSPClient(in: scratch.url), nil),
        ] {
            try client.initialize(root: scratch.url)
            client.open(file, text: text)
            let diagnostics = try client.diagnostics(of: file, version: 1)
            #expect(!diagnostics.isEmpty)
            for diagnostic in diagnostics {
                let href = (diagnostic["codeDescription"] as? [String: Any])?["href"] as? String
                #expect(href == expected.map { "\($0)#\(diagnostic["code"] as? String ?? "")" }, "\(diagnostic)")
            }
        }
    }

    /// Renaming a parameter renames its declaration, its placeholders, the example values
    /// named after it and the config's `at:` through it, in that app type only; the catalog
    /// lints as before. A key of the frozen layer, a taken key and a non-key are refused.
    @Test func renameChangesAParameterEverywhereItIsNamed() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let config = scratch.file(".choosy-data.yml")
        try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "ignore:\n", with: """
            ignore:
              - rule: empty-description
                path: app-data/browser.json
                at: browser/parameters/callback_name
                reason: a test of rename

            """).write(to: config, atomically: true, encoding: .utf8)
        let before = try ToolRunner.run(["lint", "--format", "json"], in: catalog)
        let file = catalog.appendingPathComponent("app-data/browser.json")
        let maps = try String(contentsOf: catalog.appendingPathComponent("app-data/maps.yaml"), encoding: .utf8)
        let text = try String(contentsOf: file, encoding: .utf8)
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(file, text: text)
        let declaration = try LSPNavigationTests.position(of: "\"callback_name\",", in: text, shift: 1)
        let prepared = try client.request("textDocument/prepareRename", ["textDocument": ["uri": file.absoluteString], "position": declaration])
        #expect((prepared["result"] as? [String: Any])?["start"] as? NSDictionary == ["line": declaration["line"]!, "character": declaration["character"]! - 1] as NSDictionary)
        let response = try client.request("textDocument/rename", ["textDocument": ["uri": file.absoluteString], "position": declaration, "newName": "source_name"])
        let changes = try #require((response["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]], "\(response)")
        #expect(changes.keys.sorted() == [config.absoluteString, file.absoluteString].sorted())
        for (uri, edits) in changes {
            let url = try #require(URL(string: uri))
            try LSPTextEdits.apply(edits, to: try String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }
        let renamed = try String(contentsOf: file, encoding: .utf8)
        #expect(!renamed.contains("callback_name") && renamed.contains("{{source_name}}") && renamed.contains("\"source_name\": \"MyApp\""))
        #expect(try String(contentsOf: config, encoding: .utf8).contains("at: browser/parameters/source_name"))
        #expect(try String(contentsOf: catalog.appendingPathComponent("app-data/maps.yaml"), encoding: .utf8) == maps)
        let after = try ToolRunner.run(["lint", "--format", "json"], in: catalog)
        #expect(after.status == before.status)
        #expect(after.standardOutput.replacingOccurrences(of: "source_name", with: "callback_name") == before.standardOutput)

        client.notify("textDocument/didChange", ["textDocument": ["uri": file.absoluteString, "version": 2], "contentChanges": [["text": renamed]]])
        let url = try LSPNavigationTests.position(of: "{{url}}", in: renamed, shift: 3)
        for (newName, message) in [
            ("address", "the rename would edit builtin/browser.yaml, a file of the frozen layer 'builtin'"),
            ("Bad-Name", "'Bad-Name' is not a key"),
        ] {
            let refused = try client.request("textDocument/rename", ["textDocument": ["uri": file.absoluteString], "position": url, "newName": newName])
            #expect(((refused["error"] as? [String: Any])?["message"] as? String)?.hasPrefix(message) == true, "\(refused)")
        }
        let source = try LSPNavigationTests.position(of: "{{source_name}}", in: renamed, shift: 3)
        let taken = try client.request("textDocument/rename", ["textDocument": ["uri": file.absoluteString], "position": source, "newName": "url"])
        #expect((taken["error"] as? [String: Any])?["message"] as? String == "app type 'browser' already has parameter 'url'; pick another key, or merge the two by hand")
    }

    /// The quick fix of a duplicated app action removes it, and the file still parses.
    @Test func aQuickFixRemovesADuplicatedAppAction() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/browser.json")
        let original = try String(contentsOf: file, encoding: .utf8)
        let action = "\"key\": \"browse\",\n            \"url_format\": \"\(Self.browseFormat)\""
        let duplicated = original.replacingOccurrences(of: "{\n            \(action)", with: "{\n            \(action)\n          },\n          {\n            \(action)")
        #expect(duplicated != original)
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(file, text: duplicated)
        let duplicate = try #require(try client.diagnostics(of: file, version: 1).first { $0["code"] as? String == "duplicate-app-action" })
        let response = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": file.absoluteString], "range": try #require(duplicate["range"]), "context": ["diagnostics": [duplicate]],
        ])
        let actions = try #require(response["result"] as? [[String: Any]])
        let fix = try #require(actions.first { ($0["title"] as? String)?.hasPrefix("Remove this duplicate") == true }, "\(actions)")
        #expect(fix["kind"] as? String == "quickfix")
        let changes = try #require((fix["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])
        let fixed = try LSPTextEdits.apply(try #require(changes[file.absoluteString]), to: duplicated)
        let tree = try #require(try JSONSerialization.jsonObject(with: Data(fixed.utf8)) as? [[String: Any]])
        // What it should be: the duplicate (the second of the two) left out.
        var expected = try #require(try JSONSerialization.jsonObject(with: Data(duplicated.utf8)) as? [[String: Any]])
        var apps = try #require(expected[0]["apps"] as? [[String: Any]])
        var appActions = try #require(apps[0]["actions"] as? [Any])
        #expect(appActions.count == 2)
        appActions.remove(at: 1)
        apps[0]["actions"] = appActions
        expected[0]["apps"] = apps
        #expect(tree as NSArray == expected as NSArray)
    }

    /// A change of `.choosy-data.yml` (announced by the client's file watcher, which the
    /// server registers for) lints the open documents again under the new config.
    @Test func aConfigChangeRelintsTheOpenDocuments() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/browser.json")
        let config = catalog.appendingPathComponent(".choosy-data.yml")
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try client.waitForMessage("client/registerCapability") { $0["method"] as? String == "client/registerCapability" }
        let registrations = try #require((registration["params"] as? [String: Any])?["registrations"] as? [[String: Any]])
        #expect(registrations.first?["method"] as? String == "workspace/didChangeWatchedFiles")
        client.send(["id": try #require(registration["id"]), "result": NSNull()])
        client.open(file, text: try String(contentsOf: file, encoding: .utf8))
        #expect(try client.diagnostics(of: file, version: 1).isEmpty)
        let configText = try String(contentsOf: config, encoding: .utf8)
        try configText.replacingOccurrences(of: "ignored-override: off", with: "ignored-override: error").write(to: config, atomically: true, encoding: .utf8)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": config.absoluteString, "type": 2]]])
        let relinted = try client.diagnostics(of: file, version: 1)
        #expect(relinted.map { $0["code"] as? String } == ["ignored-override"])
        #expect(relinted.first?["severity"] as? Int == 1)
    }

    /// An open `.choosy-data.yml` stands in for the file as soon as it changes, unsaved: the
    /// other open documents are linted under it, and its own mistakes are its diagnostics.
    @Test func anEditedConfigBufferRelintsTheOpenDocuments() throws {
        let scratch = try Self.scratchCatalog()
        let catalog = scratch.url
        let file = catalog.appendingPathComponent("app-data/browser.json")
        let config = catalog.appendingPathComponent(".choosy-data.yml")
        let configText = try String(contentsOf: config, encoding: .utf8)
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(file, text: try String(contentsOf: file, encoding: .utf8))
        client.open(config, text: configText)
        #expect(try client.diagnostics(of: file, version: 1).isEmpty)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": config.absoluteString, "version": 2],
            "contentChanges": [["text": configText.replacingOccurrences(of: "ignored-override: off", with: "ignored-override: warning")]],
        ])
        #expect(try client.diagnostics(of: file, version: 1).map { $0["code"] as? String } == ["ignored-override"])
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": config.absoluteString, "version": 3],
            "contentChanges": [["text": configText.replacingOccurrences(of: "ignored-override: off", with: "ignored-override: sometimes")]],
        ])
        let mistakes = try client.diagnostics(of: config, version: 3)
        #expect(mistakes.map { $0["code"] as? String } == ["config"])
        #expect(try client.diagnostics(of: file, version: 1).isEmpty)
    }

    /// Bad input is answered or logged, never a crash: a body that is no JSON gets a parse
    /// error, a header without Content-Length is logged and skipped, an unknown method gets
    /// MethodNotFound; the server answers the next request.
    @Test func malformedMessagesAreAnsweredOrLogged() throws {
        let client = try LSPClient(in: TestPaths.packageRoot)
        client.sendRaw(Data("Content-Length: 9\r\n\r\n{not json".utf8))
        let parseError = try client.waitForMessage("the parse error") { $0["error"] != nil }
        #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700)
        #expect(parseError["id"] is NSNull)
        client.sendRaw(Data("Content-Type: text/plain\r\n\r\n".utf8))
        let early = try client.request("textDocument/hover", [:])
        #expect((early["error"] as? [String: Any])?["code"] as? Int == -32002)
        try client.initialize(root: TestPaths.packageRoot)
        let unknown = try client.request("choosy/unknown", [:])
        #expect((unknown["error"] as? [String: Any])?["code"] as? Int == -32601)
        let shutdown = try client.request("shutdown")
        #expect(shutdown["result"] is NSNull)
        client.notify("exit")
        #expect(try client.waitForExit() == 0)
        // Read once the server is gone: what it logged is read on a thread of its own, which a
        // busy machine may not have run yet while the server still answers.
        #expect(client.standardError.contains("choosy-data lsp: a message header without a valid Content-Length"))
    }

    /// Frames the transport cannot take are logged and skipped, and it reads on: a message over
    /// the size limit is read past, not held; a Content-Length with a sign is refused; a body
    /// that is no UTF-8 gets a parse error; a body cut short by the end of the input says how
    /// many bytes it lacked.
    @Test func oversizedSignedAndTruncatedFramesAreSkippedAndLogged() throws {
        let client = try LSPClient(in: TestPaths.packageRoot)
        let limit = 64 << 20  // docs/editors.md, "Limits"
        client.sendRaw(Data("Content-Length: \(limit + 1)\r\n\r\n".utf8) + Data(count: limit + 1))
        client.sendRaw(Data("Content-Length: +2\r\n\r\nContent-Length: -2\r\n\r\n".utf8))
        client.sendRaw(Data("Content-Length: 3\r\n\r\n".utf8) + Data([0xFF, 0xFE, 0x7B]))
        let parseError = try client.waitForMessage("the parse error") { $0["error"] != nil }
        #expect((parseError["error"] as? [String: Any])?["code"] as? Int == -32700)
        try client.initialize(root: TestPaths.packageRoot)
        client.sendRaw(Data("Content-Length: 10\r\n\r\n{}".utf8))
        client.closeInput()
        #expect(try client.waitForExit() == 1)
        #expect(client.standardError.components(separatedBy: "\n").filter { !$0.isEmpty } == [
            "choosy-data lsp: Content-Length \(limit + 1) is over the limit \(limit); the message was skipped",
            "choosy-data lsp: a message header without a valid Content-Length (got 'Content-Length: +2'); the frame was dropped",
            "choosy-data lsp: a message header without a valid Content-Length (got 'Content-Length: -2'); the frame was dropped",
            "choosy-data lsp: the input ended 8 bytes before the end of a message of 10 bytes",
        ])
    }

    /// After a malformed header (a value that is no number, lines ending without CR, a NUL in
    /// the field name) whose body runs into the next frame, the server reads on from the next
    /// Content-Length field and answers the requests that follow.
    @Test(arguments: ["Content-Length: abc\r\n\r\n{}", "Content-Length: 2\n\n{}", "Content-Le\u{0}ngth: 2\r\n\r\n{}"])
    func aMalformedHeaderIsFollowedByAnswers(malformed: String) throws {
        let client = try LSPClient(in: TestPaths.packageRoot)
        client.sendRaw(Data(malformed.utf8))
        try client.initialize(root: TestPaths.packageRoot)
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///nowhere.json"], "position": ["line": 0, "character": 0]])
        #expect(hover["id"] != nil)
        // Read once the server is gone, so that all it logged has been read.
        client.closeInput()
        _ = try client.waitForExit()
        #expect(client.standardError.contains("bytes were skipped to the next Content-Length field"), "\(client.standardError)")
    }

    @Test func exitWithoutShutdownExitsOne() throws {
        let client = try LSPClient(in: TestPaths.packageRoot)
        try client.initialize(root: TestPaths.packageRoot)
        client.notify("exit")
        #expect(try client.waitForExit() == 1)
    }

    @Test func closedInputEndsTheServer() throws {
        let client = try LSPClient(in: TestPaths.packageRoot)
        try client.initialize(root: TestPaths.packageRoot)
        client.closeInput()
        #expect(try client.waitForExit() == 1)
        #expect(client.standardError.isEmpty)
    }
}
