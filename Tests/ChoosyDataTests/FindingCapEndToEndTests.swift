import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyLint

/// `lint --max-findings`, run as users run it: a file of one key repeated lists at most N
/// findings of a rule, then one that says how many more, and every output format says how
/// many were left out; the exit code still counts them all.
@Suite(.serialized)
struct FindingCapEndToEndTests {
    /// A file in no catalog, linted on its own: one object with `count` + 1 "name" keys, so
    /// `count` duplicate-key findings, and the schema's findings about the app type besides.
    static func repeatedKeys(_ count: Int, key: String = "name") throws -> ScratchDirectory {
        let members = Array(repeating: "\"\(key)\": \"x\"", count: count + 1).joined(separator: ", ")
        return try ScratchDirectory("cap", files: ["repeated.json": "[{\"key\": \"t\", \(members)}]"])
    }

    static func lines(of rule: String, in output: String) -> [Substring] {
        output.split(separator: "\n").filter { $0.hasSuffix("[\(rule)]") }
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aReportListsAHundredFindingsOfARuleInAFileThenHowManyMore() throws {
        let scratch = try Self.repeatedKeys(250)
        let outcome = try ToolRunner.run(["lint", "repeated.json"], in: scratch.url)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let duplicates = Self.lines(of: "duplicate-key", in: outcome.standardOutput)
        #expect(duplicates.count == FindingCap.defaultLimit + 1)
        #expect(duplicates.last?.contains("error: 150 more findings of this rule in this file, left out of the report") == true)
        #expect(outcome.standardOutput.contains("lint --max-findings 0' lists them all"))
        // The summary line counts every finding, those left out too.
        let all = try ToolRunner.run(["lint", "repeated.json", "--max-findings", "0"], in: scratch.url)
        let summary = try #require(outcome.standardOutput.split(separator: "\n").last)
        let fullSummary = try #require(all.standardOutput.split(separator: "\n").last)
        #expect(summary == fullSummary.dropLast() + " (150 of them not listed; --max-findings 0 lists them all).")
    }

    /// Every rule caps its findings as it makes them: 1.2 MB of a hundred thousand app types
    /// with only a bad key are 600 000 findings, which took 335 MB (and two minutes, finding a
    /// file's lines again for each duplicate's fix) when each rule returned all of its own.
    @Test func memoryFollowsTheInputNotTheFindings() throws {
        let appTypes = Array(repeating: #"{"key": "A"}"#, count: 100_000).joined(separator: ",")
        let scratch = try ScratchDirectory("cap", files: ["types.json": "[\(appTypes)]"])
        let (outcome, measuredPeak) = try ToolRunner.runMeasuringMemory(["lint", "types.json"], in: scratch.url)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        for rule in ["schema", "key-format", "duplicate-app-type"] {
            #expect(Self.lines(of: rule, in: outcome.standardOutput).count == FindingCap.defaultLimit + 1, "\(rule)")
        }
        #expect(outcome.standardOutput.hasSuffix("599999 errors, 1 warning (599699 of them not listed; --max-findings 0 lists them all).\n"))
        // About 50 MB now, the process's own 20 MB included; a bound well clear of both.
        let peak = try #require(measuredPeak, "\(outcome.standardError)")
        #expect(peak < 150_000, "peak RSS \(peak) KiB")
    }

    @Test func maxFindingsZeroListsThemAll() throws {
        let scratch = try Self.repeatedKeys(250)
        let outcome = try ToolRunner.run(["lint", "repeated.json", "--max-findings", "0"], in: scratch.url)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(Self.lines(of: "duplicate-key", in: outcome.standardOutput).count == 250)
        #expect(!outcome.standardOutput.contains("more findings of this rule"))
        #expect(!outcome.standardOutput.contains("not listed"))
    }

    /// Three listed, the rest in one finding at the first left out; JSON and SARIF say how
    /// many were left out, and the counts still hold every finding.
    @Test func maxFindingsThreeInEveryFormat() throws {
        let scratch = try Self.repeatedKeys(250)
        let text = try ToolRunner.run(["lint", "repeated.json", "--max-findings=3"], in: scratch.url)
        #expect(text.status == 1)
        let duplicates = Self.lines(of: "duplicate-key", in: text.standardOutput)
        #expect(duplicates.count == 4)
        #expect(duplicates.last?.contains("247 more findings of this rule in this file") == true)

        let json = try Self.json(ToolRunner.run(["lint", "repeated.json", "--max-findings", "3", "--format", "json"], in: scratch.url).standardOutput)
        let uncapped = try Self.json(ToolRunner.run(["lint", "repeated.json", "--max-findings", "0", "--format", "json"], in: scratch.url).standardOutput)
        let summary = try #require(json["summary"] as? [String: Any])
        let uncappedSummary = try #require(uncapped["summary"] as? [String: Any])
        #expect(summary["omitted"] as? Int == 247)
        #expect(uncappedSummary["omitted"] as? Int == 0)
        #expect(summary["errors"] as? Int == uncappedSummary["errors"] as? Int)
        let findings = try #require(json["findings"] as? [[String: Any]])
        let duplicateFindings = findings.filter { $0["rule"] as? String == "duplicate-key" }
        #expect(duplicateFindings.count == 4)
        // At the fourth duplicate: the first one left out.
        let uncappedDuplicates = try #require(uncapped["findings"] as? [[String: Any]]).filter { $0["rule"] as? String == "duplicate-key" }
        #expect(duplicateFindings[3]["column"] as? Int == uncappedDuplicates[3]["column"] as? Int)
        #expect(duplicateFindings[3]["severity"] as? String == "error")

        let sarif = try Self.json(ToolRunner.run(["lint", "repeated.json", "--max-findings", "3", "--format", "sarif"], in: scratch.url).standardOutput)
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        #expect((run["properties"] as? [String: Any])?["omittedFindings"] as? Int == 247)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.filter { $0["ruleId"] as? String == "duplicate-key" }.count == 4)
    }

    /// The run's property bag and the summary result's are valid SARIF 2.1.0.
    @Test func aCappedSARIFLogIsValid() throws {
        let scratch = try Self.repeatedKeys(10)
        let log = try ToolRunner.run(["lint", "repeated.json", "--max-findings", "2", "--format", "sarif"], in: scratch.url).standardOutput
        #expect(log.contains("\"omittedFindings\": 8"))
        let errors = try SARIFSchemaTests.errors(in: [log])
        #expect(errors == [[]], "\(errors)")
    }

    /// An ignore entry naming a finding past the cap silences it and is not stale: a rule the
    /// config ignores is capped after the ignores have matched.
    @Test func anIgnoreEntryPastTheCapIsNotStale() throws {
        let many = Array(repeating: "\"a\": 1", count: 6).joined(separator: ", ")
        let scratch = try ScratchDirectory("cap", files: [
            ".choosy-data.yml": """
                version: 1
                layers:
                  - {name: builtin, path: builtin}
                ignore:
                  - rule: duplicate-key
                    path: builtin/t.json
                    pointer: /0/y/b
                    reason: kept
                """,
            "builtin/t.json": "[{\"key\": \"t\", \"x\": {\(many)}, \"y\": {\"b\": 1, \"b\": 2}}]",
        ])
        let outcome = try ToolRunner.run(["lint", ".", "--max-findings", "2", "--format", "json"], in: scratch.url)
        let findings = try #require(Self.json(outcome.standardOutput)["findings"] as? [[String: Any]])
        #expect(!findings.contains { $0["rule"] as? String == "stale-ignore" }, "\(outcome.standardOutput)")
        let duplicates = findings.filter { $0["rule"] as? String == "duplicate-key" }
        #expect(duplicates.count == 3)
        #expect(duplicates.last?["message"] as? String == "3 more findings of this rule in this file, left out of the report")
        #expect(!duplicates.contains { $0["pointer"] as? String == "/0/y/b" })
    }

    /// Capped findings are still errors: the exit code and --quiet see them.
    @Test func cappedFindingsStillFailTheRun() throws {
        let scratch = try Self.repeatedKeys(5)
        let outcome = try ToolRunner.run(["lint", "repeated.json", "--max-findings", "1", "--quiet"], in: scratch.url)
        #expect(outcome.status == 1)
        #expect(Self.lines(of: "duplicate-key", in: outcome.standardOutput).count == 2)
    }

    @Test(arguments: [["--max-findings", "-1"], ["--max-findings", "abc"], ["--max-findings=1.5"], ["--max-findings="]])
    func aValueThatIsNotACountIsAUsageError(option: [String]) throws {
        let scratch = try Self.repeatedKeys(2)
        let outcome = try ToolRunner.run(["lint", "repeated.json"] + option, in: scratch.url)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("Error: --max-findings takes a whole number of findings per rule and file, 0 for all; got '"))
        #expect(outcome.standardError.contains("See 'choosy-data lint --help'"))
    }

    /// A url_format of 20 000 opening braces is quoted by its first 60 characters, not in full.
    @Test func aLongPlaceholderIsQuotedCut() throws {
        let format = "a://x?q=" + String(repeating: "{", count: 20_000) + "p}}}"
        let app = #"{"name": "A", "key": "a", "app_url_scheme": "a:", "actions": [{"key": "go", "url_format": "\#(format)"}]}"#
        let scratch = try ScratchDirectory("cap", files: [
            "ph.json": #"[{"name": "T", "key": "ph", "parameters": [], "actions": [{"name": "Go", "key": "go"}], "apps": [\#(app)]}]"#,
        ])
        let outcome = try ToolRunner.run(["lint", "ph.json", "--format", "json"], in: scratch.url)
        #expect(outcome.status == 1)
        let findings = try #require(Self.json(outcome.standardOutput)["findings"] as? [[String: Any]])
        let message = try #require(findings.first { $0["rule"] as? String == "placeholder-syntax" }?["message"] as? String)
        #expect(message.contains("'\(String(repeating: "{", count: 60))…'"), "\(message.prefix(300))")
        #expect(outcome.standardOutput.utf8.count < 5_000)
    }

    /// A 10 000-character key is quoted by its first 60 characters and `…`, not in full.
    @Test func aLongKeyIsQuotedCut() throws {
        let key = String(repeating: "k", count: 10_000)
        let scratch = try Self.repeatedKeys(1, key: key)
        let outcome = try ToolRunner.run(["lint", "repeated.json"], in: scratch.url)
        #expect(outcome.status == 1)
        let duplicate = try #require(Self.lines(of: "duplicate-key", in: outcome.standardOutput).first)
        #expect(duplicate.contains("duplicate key \"\(String(repeating: "k", count: 60))…\""))
        #expect(!duplicate.contains(String(repeating: "k", count: 61)))
        let unknown = try #require(Self.lines(of: "schema", in: outcome.standardOutput).first { $0.contains("unknown property") })
        #expect(unknown.contains("unknown property \"\(String(repeating: "k", count: 60))…\""))
    }
}
