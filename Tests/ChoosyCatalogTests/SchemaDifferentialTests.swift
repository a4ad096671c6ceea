import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCommandLine
@testable import ChoosyCore
@testable import ChoosyEditor
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// Runs our validator and python-jsonschema (from the venv `make test` sets up) over the
/// fixtures in Fixtures/schema and checks they agree on every file.
///
/// Both sides are compared as sets of (keyword, instance location) pairs. The instance location
/// is JSON Schema's, which is where python-jsonschema puts `error.absolute_path`: the failing
/// value itself, except for `required`, `additionalProperties: false` and `propertyNames`,
/// which it places at the object. Our findings point at the missing property's object too,
/// but at the member's key for an unknown or misnamed property, so the comparison uses
/// `SchemaViolation.instanceLocation`, which is the object there. YAML fixtures reach Python
/// as the JSON text of our loaded tree, so both validate the same value.
struct SchemaDifferentialTests {
    struct Fixture {
        let name: String
        let isValid: Bool
        let root: Node
    }

    static let directory = TestPaths.fixture("schema")
    static let python = TestPaths.packageRoot.appendingPathComponent(".venv/bin/python")

    static func fixtures() throws -> [Fixture] {
        try ["valid", "invalid"].flatMap { kind in
            let folder = directory.appendingPathComponent(kind)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { fileName in
                let path = folder.appendingPathComponent(fileName).path
                let document = try Document.load(try SourceFile.read(path: path))
                return Fixture(name: "\(kind)/\(fileName)", isValid: kind == "valid", root: document.root)
            }
        }
    }

    @Test func pythonJSONSchemaAgreesOnEveryFixture() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python.path) else {
            Issue.record("\(Self.python.path) is missing: run `make test`, which installs python-jsonschema there")
            return
        }
        let fixtures = try Self.fixtures()
        #expect(fixtures.count >= 40, "the differential corpus has shrunk to \(fixtures.count) files")
        let expected = try Self.pythonResults(for: fixtures)
        #expect(Set(expected.keys) == Set(fixtures.map(\.name)))
        for fixture in fixtures {
            let ours = Set(AppTypeSchema.validator.validate(fixture.root).map { "\($0.keyword) \($0.instanceLocation)" })
            let theirs = Set(expected[fixture.name] ?? [])
            #expect(ours == theirs, "\(fixture.name): ours \(ours.sorted()), python-jsonschema \(theirs.sorted())")
            #expect(ours.isEmpty == fixture.isValid, "\(fixture.name) is in the wrong folder: \(ours.sorted())")
        }
    }

    /// Python's errors per fixture name, each as "keyword pointer".
    static func pythonResults(for fixtures: [Fixture]) throws -> [String: [String]] {
        try pythonResults(
            for: fixtures.map { ($0.name, JSONValue($0.root).compactText()) },
            schema: TestPaths.packageRoot.appendingPathComponent("schemas/app-type.schema.json"))
    }

    /// python-jsonschema's errors per instance name, each as "keyword pointer", validating
    /// each instance (JSON text) against `schema` (its `$schema` picks the draft).
    static func pythonResults(for instances: [(name: String, json: String)], schema: URL) throws -> [String: [String]] {
        var input = "["
        for (index, instance) in instances.enumerated() {
            input += index == 0 ? #"{"name":"# : #",{"name":"#
            input += JSONValue.string(instance.name).compactText()
            input += #","instance":\#(instance.json)}"#
        }
        input += "]"
        let scratch = try ScratchDirectory("schema")
        let inputURL = scratch.file("schema.json")
        try input.write(to: inputURL, atomically: true, encoding: .utf8)
        let outcome = try ToolRunner.run(
            [directory.appendingPathComponent("jsonschema-oracle.py").path, schema.path, inputURL.path], program: python)
        try #require(outcome.status == 0, "jsonschema-oracle.py failed: \(outcome.standardError)")
        let decoded = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: [[String]]]
        let results = try #require(decoded, "unexpected output: \(outcome.standardOutput)")
        return results.mapValues { $0.map { $0.joined(separator: " ") } }
    }
}
