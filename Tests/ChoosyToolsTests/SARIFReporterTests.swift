import ChoosyTestSupport
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// SARIF 2.1.0 for GitHub code scanning: the properties it requires, URIs relative to the
/// repository, and fingerprints that survive unrelated edits.
struct SARIFReporterTests {
    static let reporter = SARIFReporter(baseDirectory: "/work/repo", rules: SampleReport.rules)

    static func parsed(_ report: LintReport) throws -> Node {
        try JSONParser.parse(SourceFile(path: "report.sarif", text: reporter.render(report))).root
    }

    @Test func sampleReportMatchesGolden() throws {
        try expectMatchesGolden(Self.reporter.render(SampleReport.report), "reporters/sarif.json")
    }

    /// What GitHub's "SARIF support for code scanning" marks required, non-empty.
    @Test func hasEveryPropertyCodeScanningRequires() throws {
        let log = try Self.parsed(SampleReport.report)
        #expect(log["$schema"]?.string == "https://json.schemastore.org/sarif-2.1.0.json")
        #expect(log["version"]?.string == "2.1.0")
        let runs = try #require(log["runs"]?.elements)
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"]?.string == "unicodeCodePoints")
        let driver = try #require(run["tool"]?["driver"])
        #expect(driver["name"]?.string == "choosy-data")
        #expect(driver["version"]?.string == choosyDataVersion)
        let rules = try #require(driver["rules"]?.elements)
        #expect(rules.map { $0["id"]?.string } == SampleReport.rules.map(\.id))
        for rule in rules {
            for path in [["shortDescription", "text"], ["fullDescription", "text"], ["help", "text"], ["help", "markdown"], ["name"]] {
                #expect(!(Self.string(rule, path) ?? "").isEmpty, "rule \(rule["id"]?.string ?? "?") lacks \(path)")
            }
            #expect(["error", "warning", "note"].contains(Self.string(rule, ["defaultConfiguration", "level"])))
        }
        let results = try #require(run["results"]?.elements)
        #expect(results.count == SampleReport.report.findings.count)
        for (result, finding) in zip(results, SampleReport.report.findings) {
            #expect(result["ruleId"]?.string == finding.ruleID)
            let index = try #require(Self.integer(result["ruleIndex"]))
            #expect(rules[index]["id"]?.string == finding.ruleID)
            #expect(result["level"]?.string == finding.severity.rawValue)
            #expect(!(Self.string(result, ["message", "text"]) ?? "").isEmpty)
            let locations = try #require(result["locations"]?.elements)
            #expect(locations.count == 1)
            let physical = try #require(locations[0]["physicalLocation"])
            #expect(!(Self.string(physical, ["artifactLocation", "uri"]) ?? "").isEmpty)
            let region = try #require(physical["region"])
            #expect(Self.integer(region["startLine"]) == finding.range.start.line)
            #expect(Self.integer(region["startColumn"]) == finding.range.start.column)
            #expect(Self.integer(region["endLine"]) == finding.range.end.line)
            #expect(Self.integer(region["endColumn"]) == finding.range.end.column)
            #expect(result["partialFingerprints"]?.members?.isEmpty == false)
        }
    }

    @Test func notesBecomeRelatedLocationsAndMessageLines() throws {
        let result = try #require(try Self.parsed(SampleReport.report)["runs"]?.elements?.first?["results"]?.elements?.first)
        let related = try #require(result["relatedLocations"]?.elements)
        #expect(related.count == 1)
        #expect(Self.integer(related[0]["id"]) == 1)
        #expect(Self.string(related[0], ["message", "text"]) == "first defined here")
        #expect(Self.integer(related[0]["physicalLocation"]?["region"]?["startLine"]) == 3)
        #expect(Self.string(result, ["message", "text"]) == """
            duplicate key "name"; an object holds each key once
            hint: remove one of the two, or merge their contents
            note: first defined here at catalog/email.json:3:5
            """)
    }

    @Test func hostileMessageSurvivesTheRoundTrip() throws {
        let finding = Finding(
            ruleID: "syntax", severity: .error, message: "100% \"sure\": \\ back\u{1}slash, größe 🙂", file: "a.json",
            range: SampleReport.range(1, 1, 1, 2), pointer: "/a~1b")
        let result = try #require(try Self.parsed(LintReport(findings: [finding], fileCount: 1))["runs"]?.elements?.first?["results"]?.elements?.first)
        #expect(Self.string(result, ["message", "text"]) == #"100% "sure": \ back\u0001slash, größe 🙂"#)
        #expect(Self.string(result, ["properties", "jsonPointer"]) == "/a~1b")
    }

    @Test(arguments: [
        ("catalog/email.json", "catalog/email.json"),
        ("./catalog/../data/x.json", "data/x.json"),
        ("/work/repo/data/x.json", "data/x.json"),
        ("../elsewhere/x.json", "file:///work/elsewhere/x.json"),
        ("/tmp/x y.json", "file:///tmp/x%20y.json"),
        ("/work/repository/x.json", "file:///work/repository/x.json"),
        ("a:b/c#d?e%f.json", "a%3Ab/c%23d%3Fe%25f.json"),
        ("größe.json", "gr%C3%B6%C3%9Fe.json"),
    ])
    func artifactURIIsRelativeToTheBaseDirectoryAndPercentEncoded(path: String, uri: String) {
        #expect(Self.reporter.artifactURI(for: path) == uri)
    }

    @Test func fingerprintIgnoresTheLineButNotTheMessage() {
        let original = SampleReport.report.findings[0]
        let moved = Finding(
            ruleID: original.ruleID, severity: original.severity, message: original.message, file: original.file,
            range: SampleReport.range(9, 5, 9, 11), pointer: original.pointer, hint: original.hint, notes: original.notes)
        let reworded = Finding(
            ruleID: original.ruleID, severity: original.severity, message: "another message", file: original.file,
            range: original.range, pointer: original.pointer)
        #expect(Self.fingerprint(original) == Self.fingerprint(moved))
        #expect(Self.fingerprint(original) != Self.fingerprint(reworded))
    }

    @Test func identicalFindingsGetDistinctFingerprints() throws {
        let finding = SampleReport.report.findings[0]
        let output = try Self.parsed(LintReport(findings: [finding, finding], fileCount: 1))
        let prints = (output["runs"]?.elements?.first?["results"]?.elements ?? []).map {
            $0["partialFingerprints"]?[SARIFReporter.fingerprintKey]?.string
        }
        #expect(prints.count == 2)
        #expect(prints[0]?.hasSuffix(":1") == true)
        #expect(prints[1]?.hasSuffix(":2") == true)
        #expect(prints[0]?.dropLast(2) == prints[1]?.dropLast(2))
    }

    @Test func ruleOutsideTheRuleListHasNoIndex() throws {
        let finding = Finding(
            ruleID: "not-listed", severity: .warning, message: "m", file: "a.json",
            range: SampleReport.range(1, 1, 1, 1), pointer: "")
        let result = try #require(try Self.parsed(LintReport(findings: [finding], fileCount: 1))["runs"]?.elements?.first?["results"]?.elements?.first)
        #expect(result["ruleId"]?.string == "not-listed")
        #expect(result["ruleIndex"] == nil)
    }

    @Test func rulesLinkTheirSectionOfTheRulesURL() throws {
        let reporter = SARIFReporter(baseDirectory: "/work/repo", rules: SampleReport.rules, rulesURL: "https://example.com/docs/rules.md")
        let log = try JSONParser.parse(SourceFile(path: "r.sarif", text: reporter.render(SampleReport.report))).root
        let rules = log["runs"]?.elements?.first?["tool"]?["driver"]?["rules"]?.elements ?? []
        #expect(rules.map { $0["helpUri"]?.string } == SampleReport.rules.map { "https://example.com/docs/rules.md#\($0.id)" })
        #expect(try Self.parsed(SampleReport.report)["runs"]?.elements?.first?["tool"]?["driver"]?["rules"]?.elements?.first?["helpUri"] == nil)
    }

    @Test(arguments: [("https://github.com/o/r/blob/main/docs/rules.md", true), ("docs/rules.md", false), ("https://x/rules.md#a", false), ("2x:y", false), ("http:", false)])
    func rulesURLIsAnAbsoluteURIWithoutFragment(url: String, valid: Bool) {
        #expect(SARIFReporter.isRulesURL(url) == valid)
    }

    @Test func fixableFindingsCarryTheirFixAsAReplacement() throws {
        let source = SourceFile(path: "catalog/t.json", text: #"[{"name": " T", "key": "t"}]"#)
        let report = Linter.lint(Catalog(layers: [Layer(name: "a", sources: [source])]))
        let reporter = SARIFReporter(baseDirectory: "/work/repo")
        let log = try JSONParser.parse(SourceFile(path: "r.sarif", text: reporter.render(report))).root
        let result = try #require(log["runs"]?.elements?.first?["results"]?.elements?.first { $0["ruleId"]?.string == "name-whitespace" })
        let change = try #require(result["fixes"]?.elements?.first?["artifactChanges"]?.elements?.first)
        #expect(change["artifactLocation"]?["uri"]?.string == reporter.artifactURI(for: "catalog/t.json"))
        let replacement = try #require(change["replacements"]?.elements?.first)
        #expect(JSONValue(try #require(replacement["deletedRegion"])).compactText() == #"{"startLine":1,"startColumn":11,"endLine":1,"endColumn":15}"#)
        #expect(replacement["insertedContent"]?["text"]?.string == #""T""#)
        #expect(result["fixes"]?.elements?.first?["description"]?["text"]?.string == #"Replace with "T""#)
        #expect(result["fixes"]?.elements?.first?["properties"]?["applicability"]?.string == "safe")
    }

    /// The byte order mark has no column (columns start after it), so its deletion is a byte region.
    @Test func theByteOrderMarkFixDeletesItsBytes() throws {
        let source = SourceFile(path: "catalog/t.json", text: "\u{FEFF}[]")
        let report = Linter.lint(Catalog(layers: [Layer(name: "a", sources: [source])]))
        let log = try Self.parsed(report)
        let fix = try #require(log["runs"]?.elements?.first?["results"]?.elements?.first { $0["ruleId"]?.string == "bom" }?["fixes"]?.elements?.first)
        let replacement = try #require(fix["artifactChanges"]?.elements?.first?["replacements"]?.elements?.first)
        #expect(JSONValue(try #require(replacement["deletedRegion"])).compactText() == #"{"byteOffset":0,"byteLength":3}"#)
        #expect(replacement["insertedContent"]?["text"]?.string == "")
        #expect(fix["description"]?["text"]?.string == "Delete the byte order mark")
    }

    @Test(arguments: [("duplicate-key", "DuplicateKey"), ("bom", "Bom"), ("a-b-c", "ABC")])
    func ruleNameIsThePascalCaseID(id: String, name: String) {
        #expect(SARIFReporter.ruleName(id) == name)
    }

    static func fingerprint(_ finding: Finding) -> String? {
        let log = try? parsed(LintReport(findings: [finding], fileCount: 1))
        return log?["runs"]?.elements?.first?["results"]?.elements?.first?["partialFingerprints"]?[SARIFReporter.fingerprintKey]?.string
    }

    static func string(_ node: Node, _ path: [String]) -> String? {
        path.reduce(Optional(node)) { $0?[$1] }?.string
    }

    static func integer(_ node: Node?) -> Int? {
        if case .number(let text) = node?.value { return Int(text) }
        return nil
    }
}
