import ChoosyTestSupport
import Foundation
import Testing

/// The upstream catalog as phones in the field see it: for every app type, action and app,
/// `choosy-data url` must say what the shipped client does (outcome, URL byte for byte,
/// dropped parameters) for values with `& = ? / #`, `%`, non-ASCII text and empty values, as
/// an independent Python transcription of the client's rules computes it
/// (Fixtures/shipped-client/oracle.py) on builds before iOS 17, whose rule of validity it
/// transcribes (`--platform ios16`); and `lint` must report every format that crashes it.
@Suite(.serialized)
struct UpstreamShippedClientTests {
    static let corpus = TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data")
    static let config = "Tests/Fixtures/upstream/.choosy-data.yml"

    /// One app's result as both sides state it.
    struct AppResult: Decodable, Equatable {
        let app: String
        let outcome: String
        let url: String?
        let dropped: [String]
    }

    /// What the oracle expects for one app type, action and set of values.
    struct Expectation: Decodable {
        let type: String
        let action: String
        let values: [String: String]
        let results: [AppResult]
    }

    /// `choosy-data url --format json`'s shape, as far as it is compared.
    struct Preview: Decodable {
        let client: String
        let results: [AppResult]
    }

    static func expectations() throws -> [Expectation] {
        let fixtures = TestPaths.sharedFixture("shipped-client")
        let outcome = try ToolRunner.run(
            ["python3", fixtures.appendingPathComponent("oracle.py").path, corpus.appendingPathComponent("builtin").path,
             corpus.appendingPathComponent("app-data").path, fixtures.appendingPathComponent("values.json").path],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        return try JSONDecoder().decode([Expectation].self, from: Data(outcome.standardOutput.utf8))
    }

    @Test(.tags(.slow)) func urlSaysWhatThePhoneOpensForEveryApp() throws {
        let expectations = try Self.expectations()
        #expect(expectations.count >= 150)
        #expect(Set(expectations.flatMap { $0.results.map(\.outcome) }) == ["url", "app", "crash"])
        for expected in expectations {
            // Values in a fixed order: the command line takes them in the order given.
            let values = expected.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            let outcome = try ToolRunner.run(["url", expected.type, expected.action] + values + ["--format", "json", "--config", Self.config, "--platform", "ios16"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            let preview = try JSONDecoder().decode(Preview.self, from: Data(outcome.standardOutput.utf8))
            #expect(preview.client == "shipped")
            #expect(preview.results == expected.results, "\(expected.type) \(expected.action) \(values)")
        }
    }

    @Test func lintReportsEveryFormatThatCrashesTheClient() throws {
        let crashing = Set(try Self.expectations().flatMap { expected in
            expected.results.filter { $0.outcome == "crash" }.map { "\(expected.type)/\($0.app)/\(expected.action)" }
        })
        #expect(!crashing.isEmpty)
        let outcome = try ToolRunner.run(["lint", "--config", Self.config, "--format", "json"])
        let report = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        let crashFindings = (report?["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "query-crash" }
        #expect(crashFindings.count == crashing.count)
        for finding in crashFindings {
            #expect(finding["severity"] as? String == "error")
        }
    }
}
