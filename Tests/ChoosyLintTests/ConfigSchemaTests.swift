import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax

/// The schema of `.choosy-data.yml` (schemas/choosy-data-config.schema.json): it knows every
/// key, rule and client profile, and python-jsonschema with it, in both drafts, accepts exactly
/// the configs `CatalogConfig.decode` accepts among the fixtures and the repository's configs.
struct ConfigSchemaTests {
    static let directory = TestPaths.fixture("config-schema")

    struct Config {
        let name: String
        let isValid: Bool
        let document: Document
    }

    /// The fixtures of Fixtures/config-schema, then every `.choosy-data.yml` of the repository (of
    /// data/ and of every test target's fixtures);
    /// of those only bad-config's is a mistake.
    static func configs() throws -> [Config] {
        let fixtures = try ["valid", "invalid"].flatMap { kind in
            let folder = directory.appendingPathComponent(kind)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
                Config(name: "\(kind)/\(name)", isValid: kind == "valid", document: try load(folder.appendingPathComponent(name)))
            }
        }
        let root = TestPaths.packageRoot
        let repository = ["data/" + CatalogConfig.fileName] + (FileManager.default.enumerator(atPath: TestPaths.testsDirectory.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix("/" + CatalogConfig.fileName) }.sorted().map { "Tests/" + $0 }
        return try fixtures + repository.map { path in
            Config(name: path, isValid: !path.contains("/bad-config/"), document: try load(root.appendingPathComponent(path)))
        }
    }

    static func load(_ url: URL) throws -> Document {
        try YAMLLoader.load(try SourceFile.read(path: url.path))
    }

    static func schemaTree() throws -> Node {
        try Document.load(SourceFile(path: PublishedSchema.config.fileName, text: PublishedSchema.config.text())).root
    }

    @Test func knowsEveryRuleAndClientProfile() throws {
        let schema = try Self.schemaTree()
        let ruleIDs = Linter.ruleDescriptions.map(\.id)
        #expect(schema["properties"]?["rules"]?["properties"]?.members?.map(\.key) == ruleIDs)
        #expect(schema["$defs"]?["ignoreEntry"]?["properties"]?["rule"]?["enum"]?.elements?.compactMap(\.string) == ["*"] + ruleIDs.filter { $0 != "config" })
        #expect(schema["properties"]?["client"]?["enum"]?.elements?.compactMap(\.string) == ClientProfile.allCases.map(\.rawValue))
    }

    /// The keys `decode` accepts are the declared ones; this fixture uses each of them, so a new
    /// key is checked against the schema as soon as it is declared.
    @Test func everyKeyFixtureUsesEveryDeclaredKey() throws {
        let root = try Self.load(Self.directory.appendingPathComponent("valid/every-key.yml")).root
        let used: [(CatalogConfigKey.Place, [Node])] = [
            (.root, [root]), (.layer, Array(root["layers"]?.elements ?? [])), (.ignoreEntry, Array(root["ignore"]?.elements ?? [])),
        ]
        for (place, mappings) in used {
            let keys = Set(mappings.flatMap { $0.members?.map(\.key) ?? [] })
            #expect(keys == Set(CatalogConfigKey.names(in: place)), "\(place)")
        }
        #expect(Set(Self.schemaTreeKeys(try Self.schemaTree())) == Set(CatalogConfigKey.all.map(\.name)))
    }

    private static func schemaTreeKeys(_ schema: Node) -> [String] {
        [schema, schema["$defs"]?["layer"], schema["$defs"]?["ignoreEntry"]].flatMap { $0?["properties"]?.members?.map(\.key) ?? [] }
    }

    @Test func pythonJSONSchemaAcceptsWhatDecodeAccepts() throws {
        guard FileManager.default.isExecutableFile(atPath: JSONSchemaOracle.python.path) else {
            Issue.record("\(JSONSchemaOracle.python.path) is missing: run `make test`, which installs python-jsonschema there")
            return
        }
        let configs = try Self.configs()
        #expect(configs.count >= 30, "the config corpus has shrunk to \(configs.count) files")
        let instances = configs.map { ($0.name, JSONValue($0.document.root).compactText()) }
        for edition in [PublishedSchema.config, .configDraft07] {
            let schema = TestPaths.packageRoot.appendingPathComponent("schemas").appendingPathComponent(edition.fileName)
            let results = try JSONSchemaOracle.pythonResults(for: instances, schema: schema)
            for config in configs {
                let errors = results[config.name] ?? ["not validated"]
                #expect(errors.isEmpty == config.isValid, "\(edition.fileName) \(config.name): \(errors)")
            }
        }
        // The catalog layer judges the shape, lint the rule ids; together they are the judge.
        for config in configs {
            let decoded = try? CatalogConfig.decode(config.document)
            let accepted = decoded.map { ConfigRule.findings(for: [], namedRules: $0.namedRules, in: config.name).isEmpty } ?? false
            #expect(accepted == config.isValid, "decode \(config.name)")
        }
    }
}
