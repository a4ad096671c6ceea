import ChoosyCore
import ChoosySyntax
import Foundation

/// A JSON Schema (draft 2020-12) compiled from its tree, holding only the keywords
/// `supportedKeywords` lists; compiling refuses any other, so no check is ever silently skipped.
public final class JSONSchema: Sendable {
    /// The instance types of the `type` keyword.
    public enum InstanceType: String, Sendable, CaseIterable {
        case object, array, string, number, integer, boolean, null
    }

    /// What `additionalProperties` says about members that `properties` does not name.
    public enum AdditionalProperties: Sendable {
        /// `false`: such members are errors.
        case forbidden
        /// A schema every such member's value must match.
        case schema(JSONSchema)
    }

    /// Every keyword the compiler accepts and the validator implements; annotations included.
    public static let supportedKeywords: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "title", "description", "examples", "default",
        "type", "properties", "required", "additionalProperties", "propertyNames",
        "items", "minItems", "pattern", "minLength",
    ]

    package static let draft = "https://json-schema.org/draft/2020-12/schema"
    private static let referencePrefix = "#/$defs/"

    public let title: String?
    public let description: String?
    /// The name of the root's `$defs` entry that `$ref` points at.
    public let reference: String?
    public let type: InstanceType?
    /// Property schemas in the order the schema lists them, which is the order hints list them.
    public let properties: [(name: String, schema: JSONSchema)]
    public let required: [String]
    public let additionalProperties: AdditionalProperties?
    public let propertyNames: JSONSchema?
    public let items: JSONSchema?
    public let minItems: Int?
    public var pattern: NSRegularExpression? { lazyPattern?.expression }
    /// `pattern` in the byte matcher tried before it, when the pattern is simple enough.
    let simplePattern: ASCIIPattern?
    let lazyPattern: LazyRegularExpression?
    public let minLength: Int?
    /// The root's `$defs`, by name; empty below the root.
    public let definitions: [String: JSONSchema]
    /// Where this schema is in the schema document, for errors about it.
    public let location: JSONPointer

    /// Compiles the root schema of a schema document and checks that every `$ref` resolves.
    public convenience init(compiling root: Node) throws(JSONSchemaError) {
        try self.init(compiling: root, isRoot: true)
        var unresolved: [(String, JSONPointer)] = []
        collectReferences(into: &unresolved)
        if let (name, pointer) = unresolved.first(where: { definitions[$0.0] == nil }) {
            throw JSONSchemaError("\"$ref\" names \(Self.referencePrefix)\(name), which \"$defs\" does not define", at: pointer.appending(key: "$ref"))
        }
    }

    private init(compiling node: Node, isRoot: Bool) throws(JSONSchemaError) {
        guard let members = node.members else {
            throw JSONSchemaError("a schema must be an object, not \(node.kindName.withIndefiniteArticle)", at: node.pointer)
        }
        var title: String?, description: String?, reference: String?, type: InstanceType?
        var properties: [(name: String, schema: JSONSchema)] = [], required: [String] = []
        var additionalProperties: AdditionalProperties?, propertyNames: JSONSchema?, items: JSONSchema?
        var minItems: Int?, pattern: LazyRegularExpression?, simplePattern: ASCIIPattern?, minLength: Int?
        var definitions: [String: JSONSchema] = [:]
        for member in members {
            let value = member.value
            switch member.key {
            case "$schema":
                guard isRoot, value.string == Self.draft else {
                    throw JSONSchemaError("\"$schema\" must be \(Self.draft), at the root only", at: value.pointer)
                }
            case "$id":
                guard isRoot, value.string != nil else {
                    throw JSONSchemaError("\"$id\" must be a string, at the root only", at: value.pointer)
                }
            case "$defs":
                guard isRoot else { throw JSONSchemaError("\"$defs\" is supported at the root only", at: value.pointer) }
                for definition in try Self.schemaMembers(of: value) {
                    definitions[definition.key] = try JSONSchema(compiling: definition.value, isRoot: false)
                }
            case "$ref":
                guard let target = value.string, target.hasPrefix(Self.referencePrefix) else {
                    throw JSONSchemaError("\"$ref\" must be a string \(Self.referencePrefix)<name>", at: value.pointer)
                }
                reference = String(target.dropFirst(Self.referencePrefix.count))
            case "title":
                title = try Self.string(value)
            case "description":
                description = try Self.string(value)
            case "examples":
                guard value.elements != nil else { throw JSONSchemaError("\"examples\" must be an array", at: value.pointer) }
            case "default":
                break
            case "type":
                guard let name = value.string, let instanceType = InstanceType(rawValue: name) else {
                    throw JSONSchemaError("\"type\" must be one type name: \(InstanceType.allCases.map(\.rawValue).joined(separator: ", "))", at: value.pointer)
                }
                type = instanceType
            case "properties":
                for property in try Self.schemaMembers(of: value) {
                    properties.append((property.key, try JSONSchema(compiling: property.value, isRoot: false)))
                }
            case "required":
                guard let names = value.elements?.compactMap(\.string), names.count == value.elements?.count else {
                    throw JSONSchemaError("\"required\" must be an array of strings", at: value.pointer)
                }
                required = names
            case "additionalProperties":
                switch value.value {
                case .bool(false): additionalProperties = .forbidden
                case .bool(true): additionalProperties = nil
                default: additionalProperties = .schema(try JSONSchema(compiling: value, isRoot: false))
                }
            case "propertyNames":
                propertyNames = try JSONSchema(compiling: value, isRoot: false)
            case "items":
                items = try JSONSchema(compiling: value, isRoot: false)
            case "minItems":
                minItems = try Self.count(value, keyword: member.key)
            case "minLength":
                minLength = try Self.count(value, keyword: member.key)
            case "pattern":
                let source = try Self.string(value)
                do {
                    simplePattern = ASCIIPattern(source)
                    // A pattern the byte matcher reads is valid; any other is compiled now to know.
                    pattern = LazyRegularExpression(
                        source: source, compiled: simplePattern == nil ? try NSRegularExpression(pattern: source) : nil)
                } catch {
                    throw JSONSchemaError("\"pattern\" is not a valid regular expression", at: value.pointer)
                }
            default:
                throw JSONSchemaError("the keyword \"\(member.key)\" is not supported by this validator", at: value.pointer)
            }
        }
        self.title = title
        self.description = description
        self.reference = reference
        self.type = type
        self.properties = properties
        self.required = required
        self.additionalProperties = additionalProperties
        self.propertyNames = propertyNames
        self.items = items
        self.minItems = minItems
        self.lazyPattern = pattern
        self.simplePattern = simplePattern
        self.minLength = minLength
        self.definitions = definitions
        location = node.pointer
    }

    /// The schema for property `name`, if `properties` names it.
    public func property(_ name: String) -> JSONSchema? {
        properties.first { $0.name == name }?.schema
    }

    /// Every subschema directly below this one, in a fixed order so errors are reproducible.
    var subschemas: [JSONSchema] {
        var result = properties.map(\.schema) + definitions.sorted { $0.key < $1.key }.map(\.value)
        if case .schema(let schema) = additionalProperties { result.append(schema) }
        result += [propertyNames, items].compactMap { $0 }
        return result
    }

    private func collectReferences(into references: inout [(String, JSONPointer)]) {
        if let reference { references.append((reference, location)) }
        for schema in subschemas { schema.collectReferences(into: &references) }
    }

    private static func schemaMembers(of node: Node) throws(JSONSchemaError) -> Members {
        guard let members = node.members else {
            throw JSONSchemaError("expected an object of schemas, not \(node.kindName.withIndefiniteArticle)", at: node.pointer)
        }
        return members
    }

    private static func string(_ node: Node) throws(JSONSchemaError) -> String {
        guard let text = node.string else { throw JSONSchemaError("expected a string, not \(node.kindName.withIndefiniteArticle)", at: node.pointer) }
        return text
    }

    private static func count(_ node: Node, keyword: String) throws(JSONSchemaError) -> Int {
        guard case .number(let literal) = node.value, let count = Int(literal), count >= 0 else {
            throw JSONSchemaError("\"\(keyword)\" must be a non-negative integer", at: node.pointer)
        }
        return count
    }
}
