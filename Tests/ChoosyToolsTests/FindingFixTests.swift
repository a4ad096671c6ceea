import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// Findings carry their fixes, as the text edits JSON and SARIF reports give: applying the safe
/// fixes of a file's findings and then formatting gives what formatting alone gives.
struct FindingFixTests {
    /// The triggering examples of the fixing rules, and YAML values in each scalar style.
    static let sources: [(text: String, fileName: String, builtin: String?)] =
        Linter.rules.compactMap { $0 as? any FixingRule }.flatMap { rule in
            type(of: rule).description.triggeringExamples.map { ($0.text.replacingOccurrences(of: "↓", with: ""), $0.fileName, $0.builtin) }
        } + [
            ("- key: t\n  name: |\n    Email \n  apps: []\n", "block.yaml", nil),
            ("- key: t\n  name: >-\n    Email\n    Composer \n", "folded.yaml", nil),
            ("[{key: t, name: ' T', apps: [{key: a, app_url_scheme: a://}]}]\n", "flow.yaml", nil),
            ("- key: t\n  apps:\n    - key: a\n      app_url_scheme: a://\n      actions:\n        - key: p\n          url_format: a://p?x={{ x }}&y={{ y }}\n",
             "plain.yaml", nil),
            (#"[{"name": "\u0020caf\u00e9", "key": "t"}]"#, "escaped.json", nil),
        ]

    static func findings(in source: SourceFile, builtin: String?) -> [Finding] {
        let layers = (builtin.map { [Layer(name: "builtin", sources: [SourceFile(path: "builtin.json", text: $0)])] } ?? [])
            + [Layer(name: "example", sources: [source])]
        return Linter.lint(Catalog(layers: layers)).findings.filter { $0.file == source.path }
    }

    /// `bytes` with the fixes applied in one pass, as `lint --fix` makes it; fixes that are
    /// the same edit of one value (two padded placeholders in one url_format) are applied once.
    static func applying(_ fixes: [Fix], to bytes: [UInt8]) -> [UInt8] {
        FixApplier.applyOnce(fixes, to: { _ in bytes }).files.values.first ?? bytes
    }

    @Test(arguments: sources.indices)
    func applyingTheEditsThenFormattingIsFormatting(_ index: Int) throws {
        let (text, fileName, builtin) = Self.sources[index]
        let source = SourceFile(path: fileName, text: text)
        let fixes = Self.findings(in: source, builtin: builtin).flatMap { $0.fixes(upTo: .safe) }
        // Most of the rules' examples are mistakes with no safe fix; every other source has one.
        if fileName.hasPrefix("example."), fixes.isEmpty { return }
        try #require(!fixes.isEmpty, "\(fileName): no finding carries a fix")
        let edited = SourceFile(path: fileName, bytes: Self.applying(fixes, to: source.bytes))
        #expect(try CatalogFormatter.format(edited, dropComments: true).text == (try CatalogFormatter.format(source, dropComments: true).text),
                "\(String(decoding: edited.bytes, as: UTF8.self))")
        #expect(Self.findings(in: edited, builtin: builtin).allSatisfy { $0.fixes(upTo: .safe).isEmpty })
    }

    @Test func onlyTheFindingAFixRemovesCarriesIt() {
        let source = SourceFile(path: "t.json", text: #"[{"key": "t", "apps": [{"key": "a", "actions": [{"key": "p", "url_format": "a://p?x={{ x }}&y={y}"}]}]}]"#)
        let findings = Self.findings(in: source, builtin: nil).filter { $0.ruleID == "placeholder-syntax" }
        #expect(findings.map { $0.fixes.first?.title } == [#"Replace with "a://p?x={{x}}&y={y}""#, nil])
    }

    @Test func jsonReportGivesTheFixAsAnEdit() throws {
        let source = SourceFile(path: "t.json", text: "[{\"name\": \"Email \", \"key\": \"t\"}]")
        let report = LintReport(findings: Self.findings(in: source, builtin: nil), fileCount: 1)
        let finding = try #require(try JSONParser.parse(SourceFile(path: "r.json", text: JSONReporter.render(report))).root["findings"]?.elements?.first { $0["rule"]?.string == "name-whitespace" })
        let edit = try #require(finding["fix"]?["edits"]?.elements?.first)
        #expect(JSONValue(edit).compactText() == #"{"file":"t.json","line":1,"column":11,"endLine":1,"endColumn":19,"offset":10,"endOffset":18,"newText":"\"Email\""}"#)
    }

    @Test func theByteOrderMarkFixIsAnEditDeletingItsThreeBytes() throws {
        let source = SourceFile(path: "t.json", text: "\u{FEFF}[]")
        let report = LintReport(findings: Self.findings(in: source, builtin: nil), fileCount: 1)
        let finding = try #require(try JSONParser.parse(SourceFile(path: "r.json", text: JSONReporter.render(report))).root["findings"]?.elements?.first { $0["rule"]?.string == "bom" })
        let edit = try #require(finding["fix"]?["edits"]?.elements?.first)
        #expect(JSONValue(edit).compactText() == #"{"file":"t.json","line":1,"column":1,"endLine":1,"endColumn":1,"offset":0,"endOffset":3,"newText":""}"#)
        #expect(Self.applying(Self.findings(in: source, builtin: nil).flatMap(\.fixes), to: source.bytes) == Array("[]".utf8))
    }

    /// A block node's range runs on to the next token, past comments and the parent's next
    /// key: removing a duplicate takes only the lines up to its last value.
    @Test func removingADuplicateBlockItemKeepsWhatFollowsIt() {
        let text = """
            - key: t
              parameters:
                - key: a
                  name: A  # first
                - key: a
                  name: A again
                # about b
                - key: b
                  x: {k: [1,
                    2]}   # flow ends here
                - key: b
                  name: B again
                  # inside the last
              # after the list
              actions: []

            """
        let source = SourceFile(path: "t.yaml", text: text)
        let removals = Self.findings(in: source, builtin: nil).filter { $0.ruleID == "duplicate-parameter" }.flatMap(\.fixes)
        #expect(removals.map(\.applicability) == [.unsafe, .unsafe])
        #expect(String(decoding: Self.applying(removals, to: source.bytes), as: UTF8.self) == """
            - key: t
              parameters:
                - key: a
                  name: A  # first
                # about b
                - key: b
                  x: {k: [1,
                    2]}   # flow ends here
                  # inside the last
              # after the list
              actions: []

            """)
    }

    @Test func findingsWithoutAFixSayNull() throws {
        let report = LintReport(findings: Self.findings(in: SourceFile(path: "t.json", text: #"[{"name": "  ", "key": "t"}]"#), builtin: nil), fileCount: 1)
        let finding = try #require(try JSONParser.parse(SourceFile(path: "r.json", text: JSONReporter.render(report))).root["findings"]?.elements?.first)
        #expect(finding["fix"]?.isNull == true)
    }
}
