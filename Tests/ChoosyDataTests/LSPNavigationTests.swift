import ChoosyTestSupport
import Foundation
import Testing

/// Hover, completion, definition and references of `choosy-data lsp`, driven over stdio as an
/// editor drives them, in the repository's data/ catalog (read, never written): app type
/// `browser` is declared in builtin/browser.yaml and extended by app-data/browser.json.
@Suite struct LSPNavigationTests {
    static let catalog = TestPaths.packageRoot.appendingPathComponent("data")
    static let builtin = catalog.appendingPathComponent("builtin/browser.yaml")
    static let server = catalog.appendingPathComponent("app-data/browser.json")

    /// The LSP position (UTF-16 characters) of the first `needle` in `text`, `shift` characters in.
    static func position(of needle: String, in text: String, shift: Int = 0) throws -> [String: Int] {
        let lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(needle) }, "no \(needle) in the text")
        let prefix = lines[line][..<(try #require(lines[line].range(of: needle))).lowerBound]
        return ["line": line, "character": prefix.utf16.count + shift]
    }

    /// A client with `data/` open at the server's file, holding `text`.
    static func client(opening text: String) throws -> LSPClient {
        let client = try LSPClient(in: catalog)
        try client.initialize(root: catalog)
        client.open(server, text: text)
        return client
    }

    static func result(_ response: [String: Any]) throws -> Any {
        try #require(response["result"], "no result: \(response)")
    }

    @Test func theCapabilitiesNameTheNavigationMethods() throws {
        let client = try LSPClient(in: Self.catalog)
        let capabilities = try #require(try client.initialize(root: Self.catalog)["capabilities"] as? [String: Any])
        #expect(capabilities["hoverProvider"] as? Bool == true)
        #expect(capabilities["definitionProvider"] as? Bool == true)
        #expect(capabilities["referencesProvider"] as? Bool == true)
        #expect((capabilities["completionProvider"] as? [String: Any])?["triggerCharacters"] as? [String] == ["{", "\""])
    }

    /// After a character outside the BMP, so that UTF-16 positions differ from scalar columns.
    @Test func hoverOnAPlaceholderShowsItsParameterFromAnotherLayer() throws {
        let text = try String(contentsOf: Self.server, encoding: .utf8).replacingOccurrences(of: "&url={{url}}", with: "&q=\u{1F600}&url={{url}}")
        let client = try Self.client(opening: text)
        let position = try Self.position(of: "{{url}}", in: text, shift: 3)
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": Self.server.absoluteString], "position": position])
        let hover = try #require(try Self.result(response) as? [String: Any])
        let contents = try #require(hover["contents"] as? [String: Any])
        #expect(contents["kind"] as? String == "markdown")
        #expect(contents["value"] as? String == """
            **Web address** — parameter `url` of app type `browser`

            Page to open. It must be a complete URL that starts with http:// or https://.

            Declared in `builtin/browser.yaml:5:12`
            """)
        let start = try Self.position(of: "{{url}}", in: text)
        #expect(hover["range"] as? NSDictionary == [
            "start": start, "end": ["line": start["line"]!, "character": start["character"]! + 7],
        ] as NSDictionary)
    }

    /// The outline nests as the entities do: the app type, its parameters and apps, an app's
    /// actions; each symbol named by its key, its name as detail, selecting the key's value.
    @Test func documentSymbolsOutlineTheFile() throws {
        let text = try String(contentsOf: Self.server, encoding: .utf8)
        let client = try Self.client(opening: text)
        let response = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": Self.server.absoluteString]])
        let symbols = try #require(try Self.result(response) as? [[String: Any]])
        func outline(_ symbols: [[String: Any]]) -> [String] {
            symbols.map { symbol in
                let children = outline(symbol["children"] as? [[String: Any]] ?? [])
                return "\(symbol["kind"] as? Int ?? 0) \(symbol["name"] as? String ?? "?")" + (children.isEmpty ? "" : " [\(children.joined(separator: ", "))]")
            }
        }
        #expect(outline(symbols) == ["3 browser [7 callback_url, 7 callback_name, 5 chrome [6 browse]]"])
        let chrome = try #require((symbols[0]["children"] as? [[String: Any]])?[2])
        #expect(chrome["detail"] as? String == "Google Chrome")
        let selection = try #require(chrome["selectionRange"] as? [String: Any])
        #expect(selection["start"] as? NSDictionary == (try Self.position(of: "\"chrome\"", in: text)) as NSDictionary)
        // Beside the catalog's layers, a file has no outline.
        let readme = Self.catalog.appendingPathComponent("notes.json")
        client.open(readme, text: #"[{"key": "x"}]"#)
        let none = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": readme.absoluteString]])
        #expect((try Self.result(none) as? [Any])?.isEmpty == true)
    }

    /// "Go to symbol in workspace" finds an entity by its key or name, letters in order, in
    /// every layer, with the entity that holds it.
    @Test func workspaceSymbolsFindEntitiesByKeyOrName() throws {
        let client = try LSPClient(in: Self.catalog)
        try client.initialize(root: Self.catalog)
        func symbols(_ query: String) throws -> [String] {
            let response = try client.request("workspace/symbol", ["query": query])
            return try #require(try Self.result(response) as? [[String: Any]]).map { symbol in
                let location = symbol["location"] as? [String: Any]
                let file = (location?["uri"] as? String).map { URL(string: $0)!.path.replacingOccurrences(of: Self.catalog.path + "/", with: "") } ?? "?"
                return "\(symbol["name"] as? String ?? "?") in \(symbol["containerName"] as? String ?? "-") at \(file)"
            }
        }
        #expect(try symbols("googlechrome") == ["chrome (Google Chrome) in browser at app-data/browser.json"])
        #expect(try symbols("GChrome") == symbols("googlechrome"))
        #expect(try symbols("callback_url").contains("callback_url (Return URL) in browser at app-data/browser.json"))
        #expect(try symbols("no such thing").isEmpty)
    }

    /// Objects and arrays over several lines fold: JSON to the line before the closing
    /// bracket, a YAML block to its last line; one line folds nothing.
    @Test(arguments: [
        ("app-data/fold.json", "[\n  {\n    \"key\": \"t\",\n    \"apps\": [\n      {\"key\": \"a\"}\n    ]\n  }\n]\n", [[0, 6], [1, 5], [3, 4]]),
        ("app-data/fold.yaml", "- key: t\n  apps:\n    - key: a\n      name: A\n  name: T\n", [[0, 4], [2, 3]]),
    ])
    func foldingRangesFollowTheValues(path: String, text: String, expected: [[Int]]) throws {
        let file = Self.catalog.appendingPathComponent(path)
        let client = try LSPClient(in: Self.catalog)
        try client.initialize(root: Self.catalog)
        client.open(file, text: text)
        let response = try client.request("textDocument/foldingRange", ["textDocument": ["uri": file.absoluteString]])
        let ranges = try #require(try Self.result(response) as? [[String: Any]])
        #expect(ranges.map { [$0["startLine"] as? Int ?? -1, $0["endLine"] as? Int ?? -1] } == expected)
    }

    /// On an `app_url_scheme` value: the scheme, what the Info.plist needs for it, and when the
    /// shipped client keeps another value instead (a server override of a built-in app).
    @Test(arguments: [
        ("app-data/browser.json", "googlechrome-x-callback:", """
            `googlechrome-x-callback:` — URL scheme of app `chrome` of app type `browser`

            The client asks iOS whether the app is installed (`canOpenURL`), so the calling app lists `googlechrome-x-callback` under `LSApplicationQueriesSchemes` in its Info.plist (`choosy-data schemes --write` keeps it in step).
            """),
        ("app-data/maps.yaml", "http://maps.apple.com/", """
            `http://maps.apple.com/?q` — URL scheme of app `maps` of app type `maps`

            The shipped client ignores this value and keeps `http://maps.apple.com/?q`, declared in `builtin/maps.json:41:27`.

            A web address: iOS needs no Info.plist entry for it, and the client always finds it.
            """),
    ])
    func hoverOnASchemeSaysWhatTheInfoPlistNeeds(path: String, scheme: String, expected: String) throws {
        let file = Self.catalog.appendingPathComponent(path)
        let text = try String(contentsOf: file, encoding: .utf8)
        let client = try LSPClient(in: Self.catalog)
        try client.initialize(root: Self.catalog)
        client.open(file, text: text)
        let position = try Self.position(of: scheme, in: text, shift: 2)
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": file.absoluteString], "position": position])
        let contents = try #require((try Self.result(response) as? [String: Any])?["contents"] as? [String: Any])
        #expect(contents["value"] as? String == expected)
    }

    /// Links: an app's `source` page in a catalog file; a layer's `path:` in the config.
    @Test func documentLinksLeadToSourcesAndLayers() throws {
        let client = try LSPClient(in: Self.catalog)
        try client.initialize(root: Self.catalog)
        let targets = try Self.linkTargets(of: Self.catalog.appendingPathComponent("app-data/maps.yaml"), client: client)
        #expect(targets.filter { $0.hasPrefix("https:") } == ["https://developers.google.com/maps/documentation/urls/ios-urlscheme", "https://developers.google.com/waze/deeplinks"])
        let root = Self.catalog.standardizedFileURL
        let configTargets = try Self.linkTargets(of: Self.catalog.appendingPathComponent(".choosy-data.yml"), client: client)
        #expect(configTargets.prefix(2) == [root.appendingPathComponent("builtin").absoluteString, root.appendingPathComponent("app-data").absoluteString])
    }

    /// Links to places: a key a later layer extends or overrides leads to its first
    /// declaration, an ignore entry's `path:` to its file and its `at:` to the value it names,
    /// each at `#L<line>,<column>`.
    @Test func documentLinksLeadToDeclarationsAndIgnoredValues() throws {
        let scratch = try ScratchDirectory("lsp-links", files: [
            ".choosy-data.yml": """
                version: 1
                layers:
                  - name: builtin
                    path: builtin
                  - name: server
                    path: app-data
                ignore:
                  - rule: scheme-format
                    path: builtin/t.json
                    at: t/apps/a/app_url_scheme
                    reason: shipped as it is
                  - rule: unused-parameter
                    path: builtin/*.json
                    reason: a glob names no one file

                """,
            "builtin/t.json": """
                [{"name": "T", "key": "t",
                  "apps": [{"name": "A", "key": "a",
                            "app_url_scheme": "http://a.example"}]}]

                """,
            "app-data/t.yaml": """
                - key: t
                  apps:
                    - key: a
                      app_url_scheme: "a:"
                    - name: B
                      key: b
                      app_url_scheme: "b:"

                """,
        ])
        let client = try LSPClient(in: scratch.url)
        try client.initialize(root: scratch.url)
        let builtin = scratch.file("builtin/t.json").standardizedFileURL.absoluteString
        #expect(try Self.links(of: scratch.file("app-data/t.yaml"), client: client) == [
            "1:8 \(builtin)#L1,23", "3:12 \(builtin)#L2,33",
        ])
        #expect(try Self.links(of: scratch.file(".choosy-data.yml"), client: client).suffix(2) == [
            "9:11 \(builtin)", "10:9 \(builtin)#L3,31",
        ])
    }

    private static func links(of file: URL, client: LSPClient) throws -> [String] {
        client.open(file, text: try String(contentsOf: file, encoding: .utf8))
        let response = try client.request("textDocument/documentLink", ["textDocument": ["uri": file.absoluteString]])
        return try #require(try Self.result(response) as? [[String: Any]]).compactMap { link in
            guard let start = (link["range"] as? [String: Any])?["start"] as? [String: Int], let target = link["target"] as? String else { return nil }
            return "\(start["line"]! + 1):\(start["character"]! + 1) \(target)"
        }
    }

    private static func linkTargets(of file: URL, client: LSPClient) throws -> [String] {
        try links(of: file, client: client).map { String($0.split(separator: " ", maxSplits: 1)[1]) }
    }

    /// Catalog text in a hover is text: a name that is a command link, a description that is
    /// HTML or bold markers, a key with a backtick show as themselves and start no markup.
    @Test func hoverShowsHostileCatalogTextAsText() throws {
        let original = try String(contentsOf: Self.server, encoding: .utf8)
        let text = original.replacingOccurrences(of: "\"name\": \"Return URL\"", with: #""name": "[x](command:workbench.action.terminal.new) **""#)
            .replacingOccurrences(
                of: "\"URL of your app that the browser opens when the user taps its back-to-app button.\"",
                with: ##""# Heading <img src=x onerror=alert(1)> `code` ~~gone~~""##)
        #expect(text.contains("command:workbench") && text.contains("onerror"))
        let client = try Self.client(opening: text)
        let position = try Self.position(of: "{{callback_url}}", in: text, shift: 3)
        let response = try client.request("textDocument/hover", ["textDocument": ["uri": Self.server.absoluteString], "position": position])
        let contents = try #require((try Self.result(response) as? [String: Any])?["contents"] as? [String: Any])
        #expect(contents["value"] as? String == ##"""
            **\[x\](command:workbench.action.terminal.new) \*\*** — parameter `callback_url` of app type `browser`

            \# Heading \<img src=x onerror=alert(1)\> \`code\` \~\~gone\~\~

            Declared in `app-data/browser.json:8:16`
            """##)
    }

    /// The buffer no longer parses: the url_format's string is left open after `{{`. The
    /// parameters its last text declared are offered with those of the earlier layer.
    @Test func completionAfterBracesOffersTheMergedParametersInABrokenBuffer() throws {
        let original = try String(contentsOf: Self.server, encoding: .utf8)
        let text = original.replacingOccurrences(of: "&url={{url}}\",", with: "&url={{")
        let client = try Self.client(opening: original)
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": Self.server.absoluteString, "version": 2], "contentChanges": [["text": text]],
        ])
        #expect(try client.diagnostics(of: Self.server, version: 2).contains { $0["code"] as? String == "syntax" })
        let position = try Self.position(of: "&url={{", in: text, shift: 7)
        let response = try client.request("textDocument/completion", ["textDocument": ["uri": Self.server.absoluteString], "position": position])
        let items = try #require((try Self.result(response) as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.map { $0["label"] as? String } == ["url", "callback_url", "callback_name"])
        let url = try #require(items.first)
        #expect(url["detail"] as? String == "Web address")
        #expect(url["textEdit"] as? NSDictionary == [
            "range": ["start": position, "end": position], "newText": "url}}",
        ] as NSDictionary)
    }

    @Test func definitionOfAPlaceholderIsItsParameterInTheEarlierLayer() throws {
        let text = try String(contentsOf: Self.server, encoding: .utf8)
        let client = try Self.client(opening: text)
        let position = try Self.position(of: "{{url}}", in: text, shift: 2)
        let response = try client.request("textDocument/definition", ["textDocument": ["uri": Self.server.absoluteString], "position": position])
        let builtinText = try String(contentsOf: Self.builtin, encoding: .utf8)
        let declaration = try Self.position(of: "key: url", in: builtinText, shift: 5)
        #expect(try Self.result(response) as? NSArray == [[
            "uri": Self.builtin.absoluteString,
            "range": ["start": declaration, "end": ["line": declaration["line"]!, "character": declaration["character"]! + 3]],
        ]] as NSArray)
    }

    @Test func referencesOfAnAppActionAreTheActionAndEveryAppActionInEveryLayer() throws {
        let text = try String(contentsOf: Self.server, encoding: .utf8)
        let client = try Self.client(opening: text)
        let position = try Self.position(of: "\"browse\"", in: text, shift: 2)
        let response = try client.request("textDocument/references", [
            "textDocument": ["uri": Self.server.absoluteString], "position": position, "context": ["includeDeclaration": true],
        ])
        let locations = try #require(try Self.result(response) as? [[String: Any]])
        let places = locations.compactMap { location -> String? in
            guard let uri = location["uri"] as? String, let start = (location["range"] as? [String: Any])?["start"] as? [String: Int] else { return nil }
            return "\(URL(string: uri)!.lastPathComponent):\(start["line"]!)"
        }
        let builtinLines = try String(contentsOf: Self.builtin, encoding: .utf8).components(separatedBy: "\n")
        let builtinBrowse = builtinLines.indices.filter { builtinLines[$0].hasSuffix("key: browse") }
        #expect(builtinBrowse.count == 2, "the action and Safari's app action")
        #expect(places == builtinBrowse.map { "browser.yaml:\($0)" } + ["browser.json:\(position["line"]!)"])
    }

    @Test func completionOffersRuleIDsInTheConfig() throws {
        let config = Self.catalog.appendingPathComponent(".choosy-data.yml")
        let text = try String(contentsOf: config, encoding: .utf8) + "rules:\n  unu"
        let client = try LSPClient(in: Self.catalog)
        try client.initialize(root: Self.catalog)
        client.open(config, text: text)
        let line = text.components(separatedBy: "\n").count - 1
        let response = try client.request("textDocument/completion", [
            "textDocument": ["uri": config.absoluteString], "position": ["line": line, "character": 5],
        ])
        let items = try #require((try Self.result(response) as? [String: Any])?["items"] as? [[String: Any]])
        let item = try #require(items.first { $0["label"] as? String == "unused-parameter" })
        #expect((item["textEdit"] as? [String: Any])?["newText"] as? String == "unused-parameter: ")
    }
}
