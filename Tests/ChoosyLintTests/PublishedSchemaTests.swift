import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax

/// The schema files published for editors (schemas/, docs/schema.md): current, with an `$id`
/// only where the site's address is known, and the draft-07 edition judging every fixture as
/// the draft 2020-12 one does.
struct PublishedSchemaTests {
    static func fileURL(_ schema: PublishedSchema) -> URL {
        TestPaths.schemas.appendingPathComponent(schema.fileName)
    }

    /// With `RECORD_GOLDEN=1` the file is written instead, and the test fails, as golden files are.
    @Test(arguments: PublishedSchema.allCases)
    func committedFileIsCurrent(_ schema: PublishedSchema) throws {
        let url = Self.fileURL(schema)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try schema.text().write(to: url, atomically: true, encoding: .utf8)
            Issue.record("wrote schemas/\(schema.fileName); run again without RECORD_GOLDEN")
            return
        }
        let committed = try? String(contentsOf: url, encoding: .utf8)
        #expect(committed == schema.text(), "schemas/\(schema.fileName) is stale: run `make docs`")
    }

    @Test(arguments: PublishedSchema.allCases)
    func idIsTheAddressOnTheSite(_ schema: PublishedSchema) throws {
        let withID = try Document.load(SourceFile(path: schema.fileName, text: schema.text(siteURL: "https://catalog.test/choosy")))
        #expect(withID.root["$id"]?.string == "https://catalog.test/choosy/\(schema.fileName)")
        #expect(withID.root.members?.map(\.key).prefix(2) == ["$schema", "$id"])
        let slashed = try Document.load(SourceFile(path: schema.fileName, text: schema.text(siteURL: "https://catalog.test/choosy/")))
        #expect(slashed.root["$id"]?.string == "https://catalog.test/choosy/\(schema.fileName)")
        let withoutID = try Document.load(SourceFile(path: schema.fileName, text: schema.text()))
        #expect(withoutID.root["$id"] == nil)
    }

    @Test func draftSevenEditionKeepsDescriptionsBesideReferences() throws {
        let schema = JSONValue.object([
            ("$schema", .string(JSONSchema.draft)),
            ("properties", .object([
                ("key", .object([("$ref", .string("#/$defs/key")), ("description", .string("The key."))])),
                ("list", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/key"))]))])),
            ])),
            ("$defs", .object([("key", .object([("type", .string("string"))]))])),
        ])
        let expected = JSONValue.object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("properties", .object([
                ("key", .object([("allOf", .array([.object([("$ref", .string("#/definitions/key"))])])), ("description", .string("The key."))])),
                ("list", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/definitions/key"))]))])),
            ])),
            ("definitions", .object([("key", .object([("type", .string("string"))]))])),
        ])
        #expect(DraftSevenEdition.translate(schema).rendered() == expected.rendered())
    }

    /// python-jsonschema reports the same (keyword, instance location) pairs for every fixture
    /// with the draft-07 edition as with the draft 2020-12 one, which
    /// `SchemaDifferentialTests` holds to our validator's.
    @Test func draftSevenEditionJudgesEveryFixtureAlike() throws {
        guard FileManager.default.isExecutableFile(atPath: JSONSchemaOracle.python.path) else {
            Issue.record("\(JSONSchemaOracle.python.path) is missing: run `make test`, which installs python-jsonschema there")
            return
        }
        let fixtures = try JSONSchemaOracle.fixtures()
        let instances = fixtures.map { ($0.name, JSONValue($0.root).compactText()) }
        let latest = try JSONSchemaOracle.pythonResults(for: instances, schema: Self.fileURL(.appType))
        let draftSeven = try JSONSchemaOracle.pythonResults(for: instances, schema: Self.fileURL(.appTypeDraft07))
        #expect(latest.count == fixtures.count)
        for fixture in fixtures {
            #expect(draftSeven[fixture.name] == latest[fixture.name], "\(fixture.name)")
            #expect((latest[fixture.name] ?? []).isEmpty == fixture.isValid, "\(fixture.name)")
        }
    }

    /// The editor settings of docs/schema.md parse (JSON and YAML with our parser, TOML with
    /// Python's tomllib) and name only schema files that exist.
    @Test func editorSettingsInTheDocsParseAndNameRealFiles() throws {
        let doc = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("docs/schema.md"), encoding: .utf8)
        let blocks = doc.matches(of: /```([a-z]+)\n((?:.*\n)*?)```/).map { (language: String($0.output.1), text: String($0.output.2)) }
        #expect(Set(blocks.map(\.language)).isSuperset(of: ["json", "lua", "toml", "yaml"]), "\(blocks.map(\.language))")
        for block in blocks {
            // A *.yml pattern for the app-type schema would match data/.choosy-data.yml too.
            for line in block.text.split(separator: "\n") where line.contains("app-type") {
                #expect(!line.contains("*.yml"), "\(block.language) block maps .yml files to the app-type schema: \(line)")
            }
            for name in block.text.matches(of: /([a-z0-9.-]+\.schema\.json)/).map({ String($0.output.1) }) {
                #expect(PublishedSchema(rawValue: name) != nil, "\(block.language) block names \(name)")
            }
            switch block.language {
            case "json", "yaml":
                #expect(throws: Never.self, "\(block.text)") { try Document.load(SourceFile(path: "settings.\(block.language)", text: block.text)) }
            case "toml":
                guard FileManager.default.isExecutableFile(atPath: JSONSchemaOracle.python.path) else {
                    Issue.record("\(JSONSchemaOracle.python.path) is missing: run `make test`, which creates it")
                    continue
                }
                let outcome = try ProgramRunner.run(
                    ["-c", "import sys, tomllib; tomllib.loads(sys.stdin.read())"], program: JSONSchemaOracle.python,
                    standardInput: Data(block.text.utf8))
                #expect(outcome.status == 0, "\(outcome.standardError)")
            default:
                break
            }
        }
    }
}
