import ChoosyCatalogTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosySyntax
@testable import ChoosyTools

/// The declaration of the catalog's fields reaches every place that spells them: a catalog
/// holding every declared field is valid, `show` and `diff` give it back whole, `fmt` puts it
/// in order, and a change of any one field is a change `diff` reports as the field's
/// declaration classifies it. The catalogs are built from the declaration itself, so a field
/// added to it and forgotten anywhere makes one of these tests fail.
struct CatalogFieldTests {
    /// A catalog with one app type holding every declared field once.
    static var fullCatalog: JSONValue { .array([value(of: .appType, changing: nil)]) }

    /// One `entity` with every declared field; the field `changed` (at any depth) has another
    /// value: other text, the other flag, or a list with a second element. Each text is its
    /// path, so that a value shown under another field's name does not go unnoticed.
    static func value(of entity: CatalogEntity, changing changed: CatalogField?, path: String = "") -> JSONValue {
        .object(entity.fields.map { field in
            let isChanged = field.name == changed?.name && field.entity == changed?.entity
            return (field.name, sample(field, isChanged: isChanged, changing: changed, path: path + "/" + field.name))
        })
    }

    private static func sample(_ field: CatalogField, isChanged: Bool, changing changed: CatalogField?, path: String) -> JSONValue {
        switch field.kind {
        case .key: .string(isChanged ? "k2" : "k")
        case .text: .string(isChanged ? path + "!" : path)
        case .pattern(let pattern):
            // A value the pattern accepts: a URL scheme or a web address.
            .string((isChanged ? ["b:", "https://b.example"] : ["a:", "https://a.example"]).first { $0.range(of: pattern, options: .regularExpression) != nil }!)
        case .flag: .bool(isChanged)
        case .valuesByKey: .object([("k", .string(isChanged ? "w" : "v"))])
        case .entities(let element, _):
            .array([value(of: element, changing: changed, path: path)]
                + (isChanged ? [value(of: element, changing: element.fields.first { $0.kind == .key }, path: path)] : []))
        }
    }

    static func merged(_ value: JSONValue) -> MergedCatalog {
        MergedCatalog(Catalog(text: value.compactText(), layer: "server"))
    }

    static var allFields: [CatalogField] { CatalogField.all }

    /// What `diff` calls the entity a change of the field is reported on, and the field's name
    /// there: an example's fields change the app action's `examples`.
    static func reportedPlace(of field: CatalogField) -> (entity: CatalogChange.Entity, field: String) {
        guard let entity = CatalogChange.Entity.allCases.first(where: { $0.noun == field.entity.title }) else {
            let owner = CatalogField.all.first { if case .entities(field.entity, _) = $0.kind { true } else { false } }!
            return (reportedPlace(of: owner).entity, owner.name)
        }
        return (entity, field.name)
    }

    @Test func theSchemaFileDeclaresExactlyTheDeclaredFields() throws {
        let definitions = try AppTypeSchemaFile.tree()["$defs"]
        for entity in CatalogEntity.allCases {
            let definition = definitions?[entity.rawValue]
            #expect(definition?["properties"]?.members?.map(\.key) == entity.fieldNames, "\(entity)")
            #expect(definition?["required"]?.elements?.compactMap(\.string) == entity.fields.filter(\.isRequired).map(\.name), "\(entity)")
        }
    }

    @Test func aCatalogWithEveryFieldIsValid() throws {
        let document = try Document.load(SourceFile(path: "t.json", text: Self.fullCatalog.compactText()))
        #expect(AppTypeSchema.validator.validate(document.root).map(\.message) == [])
    }

    /// `fmt`'s order is the declaration's, which keeps the documented rule: name, key and
    /// description first.
    @Test func canonicalOrderIsTheDeclarationOrder() throws {
        for entity in CatalogEntity.allCases {
            let leading = ["name", "key", "description"].filter(entity.fieldNames.contains)
            #expect(Array(entity.fieldNames.prefix(leading.count)) == leading, "\(entity)")
        }
        func reversed(_ value: JSONValue) -> JSONValue {
            switch value {
            case .object(let members): .object(members.reversed().map { ($0.0, reversed($0.1)) })
            case .array(let elements): .array(elements.map(reversed))
            default: value
            }
        }
        let document = try Document.load(SourceFile(path: "t.json", text: reversed(Self.fullCatalog).compactText()))
        #expect(JSONValue(CanonicalOrder.apply(to: document.root)) == Self.fullCatalog)
    }

    @Test func showGivesBackEveryField() {
        #expect(Self.merged(Self.fullCatalog).tree.jsonValue == Self.fullCatalog)
    }

    @Test func anAddedAppTypeCarriesEveryField() {
        let changes = CatalogDiff(old: Self.merged(.array([])), new: Self.merged(Self.fullCatalog)).changes
        #expect(changes.map(\.kind) == [.added])
        #expect(changes.first?.after == Self.value(of: .appType, changing: nil))
    }

    /// The test the declaration exists for: a field `diff` does not compare changes silently.
    @Test(arguments: allFields)
    func aChangeOfAnyFieldIsReportedAsDeclared(_ field: CatalogField) {
        let old = Self.merged(Self.fullCatalog)
        let new = Self.merged(.array([Self.value(of: .appType, changing: field)]))
        let changes = CatalogDiff(old: old, new: new).changes
        let summary = changes.map { "\($0.changeClass) \($0.kind) \($0.entity) \($0.field ?? "-")" }
        let place = Self.reportedPlace(of: field)
        switch field.diffRule {
        case .identity:
            #expect(!changes.isEmpty, "\(field.entity).\(field.name)")
        case .elements:
            guard case .entities(let element, _) = field.kind else { Issue.record("\(field.name) is no list"); return }
            let entity = Self.reportedPlace(of: element.fields[0]).entity
            #expect(summary == ["feature added \(entity) -"], "\(field.entity).\(field.name)")
        case .always(let changeClass):
            #expect(summary == ["\(changeClass) changed \(place.entity) \(place.field)"], "\(field.entity).\(field.name)")
        case .requirement:
            #expect(summary == ["breaking changed \(place.entity) \(place.field)"], "\(field.entity).\(field.name)")
        case .placeholders:
            #expect(summary == ["fix changed \(place.entity) \(place.field)"], "\(field.entity).\(field.name)")
        }
    }
}

extension CatalogField: CustomTestStringConvertible {
    public var testDescription: String { "\(entity.rawValue).\(name)" }
}
