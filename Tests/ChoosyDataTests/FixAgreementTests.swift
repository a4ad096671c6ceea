import ChoosyTestSupport
import Foundation
import Testing

/// One fix, three readers: `lint --fix --unsafe-fixes`, the editor's quick fixes and SARIF's
/// `fixes` must make the same edits, on a fixture catalog with safe and unsafe fixes, fixes
/// nested in others, a byte order mark, JSON and YAML in block and flow style with comments.
@Suite(.serialized)
struct FixAgreementTests {
    static let catalog = TestPaths.fixture("fix-agreement")
    static let files = ["base/flow.yaml", "base/notes.yaml", "base/tweets.json"]

    /// An edit as bytes of the file it changes, whoever gave it.
    struct Edit: Hashable, CustomStringConvertible {
        let rule: String
        let title: String
        let isSafe: Bool
        let bytes: Range<Int>
        let newText: String

        var description: String { "\(rule) \(isSafe ? "safe" : "unsafe") '\(title)' \(bytes) \(newText.debugDescription)" }
    }

    @Test func lintFixTheQuickFixesAndSARIFMakeTheSameEdits() throws {
        try LintFixEndToEndTests.withCopy(of: Self.catalog) { copy in
            let original = try LintFixEndToEndTests.contents(of: copy)
            let sarif = try Self.sarifEdits(in: copy)
            let client = try LSPClient(in: copy)
            try client.initialize(root: copy)
            var version = 1
            var editorResult: [String: String] = [:]
            for name in Self.files {
                let file = copy.appendingPathComponent(name)
                var text = String(decoding: try #require(original[name]), as: UTF8.self)
                client.open(file, text: text)
                // What the file offers before any fix: the editor's edits are SARIF's.
                let offered = try Self.quickFixes(client, file, text)
                #expect(Set(offered.map(\.edit)) == sarif[name, default: []], "\(name)")
                #expect(offered.contains { !$0.edit.isSafe } && offered.contains { $0.edit.isSafe }, "\(name) has both kinds")
                // The editor applies one fix at a time, the first in the file, until none is
                // offered; the CLI applies as many as do not overlap in each pass.
                var applied = 0
                while let first = try Self.quickFixes(client, file, text).min(by: { $0.edit.bytes.lowerBound < $1.edit.bytes.lowerBound }) {
                    text = try LSPTextEdits.apply(first.lspEdits, to: text)
                    version += 1
                    client.notify("textDocument/didChange", [
                        "textDocument": ["uri": file.absoluteString, "version": version], "contentChanges": [["text": text]],
                    ])
                    applied += 1
                    try #require(applied < 50, "\(name): the quick fixes never run out")
                }
                editorResult[name] = text
            }
            let lint = try ToolRunner.run(["lint", "--fix", "--unsafe-fixes", "."], in: copy)
            #expect(lint.standardError.hasPrefix("fixed base/flow.yaml ("), "\(lint.standardError)")
            let fixed = try LintFixEndToEndTests.contents(of: copy)
            for name in Self.files {
                #expect(String(decoding: try #require(fixed[name]), as: UTF8.self) == editorResult[name], "\(name)")
            }
            // Text edits keep what no fix is about: every comment of the YAML files.
            let notes = String(decoding: try #require(fixed["base/notes.yaml"]), as: UTF8.self)
            for comment in ["# yaml-language-server: $schema=", "# Notes apps: every fix must keep this comment.", "# padded on purpose", "# the one action",
                            "# Drafts: this comment stays when the duplicate above goes.", "# The end of the notes: a comment after the last entry stays too."] {
                #expect(notes.contains(comment), "\(comment)")
            }
            #expect(String(decoding: try #require(fixed["base/flow.yaml"]), as: UTF8.self).contains("# a flow duplicate"))
            #expect(!lint.standardOutput.contains("duplicate"), "\(lint.standardOutput)")
            #expect(!lint.standardOutput.contains("white space"), "\(lint.standardOutput)")
        }
    }

    /// The quick fixes offered for the whole of `text`: each action's edit as bytes of `text`,
    /// and its LSP edits to apply.
    static func quickFixes(_ client: LSPClient, _ file: URL, _ text: String) throws -> [(edit: Edit, lspEdits: [[String: Any]])] {
        let lines = text.components(separatedBy: "\n")
        let response = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": file.absoluteString],
            "range": ["start": ["line": 0, "character": 0], "end": ["line": lines.count, "character": 0]],
            "context": ["diagnostics": [Any]()],
        ])
        let actions = try #require(response["result"] as? [[String: Any]], "\(response)")
        return try actions.map { action in
            let rule = try #require((action["diagnostics"] as? [[String: Any]])?.first?["code"] as? String)
            let title = try #require(action["title"] as? String)
            let edits = try #require(((action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])?[file.absoluteString])
            try #require(edits.count == 1, "our fixes are one edit each")
            let range = try #require(edits[0]["range"] as? [String: Any])
            func offset(_ key: String) throws -> Int {
                let position = try #require(range[key] as? [String: Int])
                return try byteOffset(utf16: try #require(position["character"]), onLine: try #require(position["line"]), of: lines)
            }
            let suffix = " (\(rule))"
            try #require(title.hasSuffix(suffix))
            return (Edit(rule: rule, title: String(title.dropLast(suffix.count)), isSafe: action["isPreferred"] as? Bool == true,
                         bytes: try offset("start")..<offset("end"), newText: try #require(edits[0]["newText"] as? String)), edits)
        }
    }

    /// Every fix of `lint --format sarif` over the catalog at `copy`, as edits of each file.
    static func sarifEdits(in copy: URL) throws -> [String: Set<Edit>] {
        let outcome = try ToolRunner.run(["lint", "--format", "sarif", "."], in: copy)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        var edits: [String: Set<Edit>] = [:]
        for result in results {
            for fix in result["fixes"] as? [[String: Any]] ?? [] {
                let title = try #require((fix["description"] as? [String: Any])?["text"] as? String)
                let isSafe = (fix["properties"] as? [String: Any])?["applicability"] as? String == "safe"
                for change in try #require(fix["artifactChanges"] as? [[String: Any]]) {
                    let uri = try #require((change["artifactLocation"] as? [String: Any])?["uri"] as? String)
                    let lines = String(decoding: try Data(contentsOf: copy.appendingPathComponent(uri)), as: UTF8.self).components(separatedBy: "\n")
                    for replacement in try #require(change["replacements"] as? [[String: Any]]) {
                        let region = try #require(replacement["deletedRegion"] as? [String: Int])
                        let bytes: Range<Int>
                        if let offset = region["byteOffset"], let length = region["byteLength"] {
                            bytes = offset..<(offset + length)
                        } else {
                            bytes = try scalarOffset(region, "start", of: lines)..<scalarOffset(region, "end", of: lines)
                        }
                        let newText = try #require((replacement["insertedContent"] as? [String: Any])?["text"] as? String)
                        edits[uri, default: []].insert(Edit(
                            rule: try #require(result["ruleId"] as? String), title: title, isSafe: isSafe, bytes: bytes, newText: newText))
                    }
                }
            }
        }
        return edits
    }

    /// The byte offset of a SARIF region's `startLine`/`startColumn` (or end): columns count
    /// Unicode scalars, after a byte order mark on line 1.
    static func scalarOffset(_ region: [String: Int], _ end: String, of lines: [String]) throws -> Int {
        let line = try #require(region["\(end)Line"]) - 1
        let column = try #require(region["\(end)Column"]) - 1
        let skipped = line == 0 && lines[0].hasPrefix("\u{FEFF}") ? 1 : 0
        let before = lines[..<line].reduce(0) { $0 + $1.utf8.count + 1 }
        return before + lines[line].unicodeScalars.prefix(column + skipped).reduce(0) { $0 + String($1).utf8.count }
    }

    /// The byte offset of an LSP position (UTF-16 code units into the line).
    static func byteOffset(utf16 character: Int, onLine line: Int, of lines: [String]) throws -> Int {
        let before = lines[..<min(line, lines.count)].reduce(0) { $0 + $1.utf8.count + 1 }
        guard line < lines.count else { return before - 1 }
        var units = 0
        var bytes = 0
        for scalar in lines[line].unicodeScalars where units < character {
            units += String(scalar).utf16.count
            bytes += String(scalar).utf8.count
        }
        return before + bytes
    }
}
