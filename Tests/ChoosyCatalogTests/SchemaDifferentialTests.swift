import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore

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
    @Test func pythonJSONSchemaAgreesOnEveryFixture() throws {
        guard FileManager.default.isExecutableFile(atPath: JSONSchemaOracle.python.path) else {
            Issue.record("\(JSONSchemaOracle.python.path) is missing: run `make test`, which installs python-jsonschema there")
            return
        }
        let fixtures = try JSONSchemaOracle.fixtures()
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
    static func pythonResults(for fixtures: [JSONSchemaOracle.Fixture]) throws -> [String: [String]] {
        try JSONSchemaOracle.pythonResults(
            for: fixtures.map { ($0.name, JSONValue($0.root).compactText()) },
            schema: TestPaths.packageRoot.appendingPathComponent("schemas/app-type.schema.json"))
    }
}
