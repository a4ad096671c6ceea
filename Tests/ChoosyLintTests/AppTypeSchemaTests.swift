import ChoosyCatalogTestSupport
import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosySyntax

/// The published schema file: in sync with the embedded copy, within what the validator
/// implements, documented everywhere, and what it says about the catalogs we have.
struct AppTypeSchemaTests {
    /// Every schema object in the tree with its keywords, found by walking the tree by the
    /// meaning of each keyword rather than through `JSONSchema`, so the walk checks the compiler.
    static func schemaObjects(in schema: Node) -> [Node] {
        guard let members = schema.members else { return [] }
        return [schema] + members.flatMap { member -> [Node] in
            switch member.key {
            case "properties", "$defs": (member.value.members ?? []).flatMap { schemaObjects(in: $0.value) }
            case "items", "additionalProperties", "propertyNames": schemaObjects(in: member.value)
            default: []
            }
        }
    }

    /// As the docs site publishes it, with the `$id` that only the site's address gives
    /// (schemas/ holds it without; `PublishedSchemaTests` keeps that file current).
    @Test func schemaUsesExactlyTheKeywordsTheValidatorImplements() throws {
        let published = try Document.load(SourceFile(path: "app-type.schema.json", text: PublishedSchema.appType.text(siteURL: "https://catalog.test/")))
        #expect(throws: Never.self) { try JSONSchema(compiling: published.root) }
        let used = Set(Self.schemaObjects(in: published.root).flatMap { $0.members!.map(\.key) })
        #expect(used.subtracting(JSONSchema.supportedKeywords).isEmpty, "unimplemented: \(used.subtracting(JSONSchema.supportedKeywords).sorted())")
        #expect(JSONSchema.supportedKeywords.subtracting(used).isEmpty, "implemented but unused: \(JSONSchema.supportedKeywords.subtracting(used).sorted())")
    }

    @Test func everyPropertyAndDefinitionIsDescribed() throws {
        let root = try AppTypeSchemaFile.tree()
        for schema in Self.schemaObjects(in: root) {
            for property in schema["properties"]?.members ?? [] {
                #expect(property.value["description"]?.string?.isEmpty == false, "\(property.value.pointer) has no description")
            }
        }
        for definition in root["$defs"]?.members ?? [] {
            #expect(definition.value["title"]?.string != nil, "\(definition.value.pointer) has no title")
            #expect(definition.value["description"]?.string != nil, "\(definition.value.pointer) has no description")
        }
    }

    @Test func bundledCatalogMatches() throws {
        let catalog = try CatalogLoader().load(path: TestPaths.packageRoot.appendingPathComponent("data").path)
        let files = catalog.layers.flatMap(\.files)
        #expect(files.count == 8)
        for file in files {
            let violations = AppTypeSchema.validator.validate(file.document.root)
            #expect(violations.isEmpty, "\(file.document.file.path): \(violations.map(\.message))")
        }
    }

    /// Upstream's mistakes are in its values, not its shape: it matches the schema (its empty
    /// descriptions are the `empty-description` rule's to report).
    @Test func upstreamCatalogMatches() throws {
        let upstream = TestPaths.sharedCorpus.appendingPathComponent("upstream-choosy-data")
        var found: [String] = []
        for layer in ["app-data", "builtin"] {
            let folder = upstream.appendingPathComponent(layer)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
                let document = try Document.load(try SourceFile.read(path: folder.appendingPathComponent(name).path))
                found += AppTypeSchema.validator.validate(document.root).map { "\(layer)/\(name)\($0.pointer) \($0.message)" }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
