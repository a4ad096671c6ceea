import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// The formatter on chosen inputs: golden output of a messy file, the fixes and where they
/// come from, comments, refusals.
struct FormatterTests {
    static func messy(_ name: String) throws -> SourceFile {
        try SourceFile.read(path: TestPaths.sharedFixture("fmt/\(name)").path)
    }

    @Test(arguments: [("messy.json", SourceLanguage.json), ("messy.json", .yaml), ("messy.yaml", .json), ("messy.yaml", .yaml)])
    func messyFileFormatsAsGolden(_ name: String, _ format: SourceLanguage) throws {
        let formatted = try CatalogFormatter.format(try Self.messy(name), as: format)
        try expectMatchesGolden(formatted.text, "fmt/\(name).\(format.rawValue)", in: TestPaths.sharedFixtures)
    }

    @Test func messyFileGetsEveryKindOfFix() throws {
        let fixes = try CatalogFormatter.format(try Self.messy("messy.json")).fixes
        #expect(fixes.map { "\($0.title) at \($0.edits.map(\.range.start))" } == [
            "Delete the byte order mark at [1:1]",
            #"Replace with "tweetbot:///post?text={{text}}&via={{via}}" at [1:40]"#,
            #"Replace with "tweetbot:" at [3:23]"#,
            #"Replace with "Tweetbot" at [3:65]"#,
        ])
    }

    /// Fixer and rule share their detection: after fmt, none of the findings it fixes is left,
    /// and every finding it leaves has no fix.
    @Test(arguments: CatalogFormatter.fixingRules.flatMap { rule in type(of: rule).description.triggeringExamples.map { (type(of: rule).description.id, $0) } })
    func fixesRemoveTheirFindings(_ ruleID: String, _ example: RuleDescription.Example) throws {
        let text = example.text.replacingOccurrences(of: "↓", with: "")
        let source = SourceFile(path: example.fileName, text: text)
        let formatted = try CatalogFormatter.format(source)
        let before = try findings(of: ruleID, in: source, builtin: example.builtin)
        let after = try findings(of: ruleID, in: SourceFile(path: example.fileName, text: formatted.text), builtin: example.builtin)
        #expect(after.count == before.count - formatted.fixes.count)
        #expect(formatted.fixes.count <= before.count)
        #expect(try CatalogFormatter.format(SourceFile(path: example.fileName, text: formatted.text)).fixes.isEmpty)
    }

    private func findings(of ruleID: String, in source: SourceFile, builtin: String?) throws -> [Finding] {
        let layers = (builtin.map { [Layer(name: "builtin", sources: [SourceFile(path: "builtin.json", text: $0)])] } ?? [])
            + [Layer(name: "example", sources: [source])]
        return Linter.lint(Catalog(layers: layers)).findings.filter { $0.ruleID == ruleID && $0.file == source.path }
    }

    @Test func configThatTurnsARuleOffKeepsItsValues() throws {
        let source = SourceFile(path: "t.json", text: #"[{"name": " T ", "key": "t"}]"#)
        let config = CatalogConfig(layers: [], ruleSettings: ["name-whitespace": .off])
        #expect(try CatalogFormatter.format(source, config: config).fixes.isEmpty)
        #expect(try CatalogFormatter.format(source).fixes.count == 1)
    }

    @Test func namesOfOnlyWhiteSpaceAreReportedNotEmptied() throws {
        let source = SourceFile(path: "t.json", text: #"[{"name": "  ", "key": "t"}]"#)
        #expect(try CatalogFormatter.format(source).fixes.isEmpty)
    }

    @Test(arguments: [
        ("# lead\n- a\n", ["1:1"]),
        ("- a # trailing\n- 'b # in a string'\n- \"c #\" #after\n", ["1:5", "3:9"]),
        ("key: | # header\n  text # not a comment\n", ["1:8"]),
        ("a: b#c\nd: [e,#f\n  g]\n", ["2:7"]),
        ("a: 1\n", []),
    ])
    func commentsAreFoundOutsideScalars(_ text: String, _ expected: [String]) throws {
        let document = try YAMLLoader.load(SourceFile(path: "t.yaml", text: text))
        #expect(YAMLComments.locations(in: document).map(\.description) == expected)
    }

    @Test func yamlWithCommentsIsRefusedUnlessDropped() throws {
        let source = SourceFile(path: "t.yaml", text: "# one\n- key: t # two\n- key: u\n# three\n")
        #expect(throws: FormatRefusal.comments(count: 2, first: SourceLocation(line: 2, column: 10, offset: 15))) {
            try CatalogFormatter.format(source)
        }
        let dropped = try CatalogFormatter.format(source, dropComments: true)
        #expect(dropped.droppedComments == 2)
        #expect(dropped.text == "# one\n- key: t\n- key: u\n")
    }

    /// The comment lines before the first node (an editor's schema modeline) are the file's
    /// header: kept as written, less blank lines and white space at their ends, so formatting
    /// the output again changes nothing.
    @Test func leadingCommentsAreKeptAsTheHeader() throws {
        let modeline = "# yaml-language-server: $schema=https://example.org/app-type.schema.json"
        let source = SourceFile(path: "t.yaml", text: "\u{FEFF}\(modeline)\n\n  # about this file  \r\n\n[{key: t, name: T}]\n")
        let formatted = try CatalogFormatter.format(source)
        #expect(formatted.droppedComments == 0)
        #expect(formatted.text == "\(modeline)\n# about this file\n- name: T\n  key: t\n")
        #expect(try CatalogFormatter.format(SourceFile(path: "t.yaml", text: formatted.text)).text == formatted.text)
    }

    /// JSON cannot hold the header: converting needs --drop-comments, as for any comment.
    @Test func leadingCommentsAreRefusedWhenConvertingToJSON() throws {
        let source = SourceFile(path: "t.yaml", text: "# yaml-language-server: $schema=x.json\n- key: t\n")
        #expect(throws: FormatRefusal.comments(count: 1, first: SourceLocation(line: 1, column: 1, offset: 0))) {
            try CatalogFormatter.format(source, as: .json)
        }
    }

    @Test func unparsableFilesAreRefusedWithTheirPosition() {
        #expect(throws: FormatRefusal.self) { try CatalogFormatter.format(SourceFile(path: "t.json", text: "[1,]")) }
        do {
            _ = try CatalogFormatter.format(SourceFile(path: "t.json", text: "[1,]"))
        } catch {
            #expect(error.location.description == "1:3")
        }
    }

    @Test func membersFollowTheSchemaThenKeepTheirOrder() throws {
        let source = SourceFile(path: "t.json", text: #"[{"z": 1, "apps": [], "key": "t", "a": 2, "name": "T", "key": "u"}]"#)
        let tree = try Document.load(SourceFile(path: "o.json", text: try CatalogFormatter.format(source).text)).root
        #expect(tree.elements?[0].members?.map(\.key) == ["name", "key", "key", "apps", "z", "a"])
    }
}
