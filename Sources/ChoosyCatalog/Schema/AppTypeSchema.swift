import ChoosyCore
import ChoosySyntax

/// The schema of catalog files. `schemas/app-type.schema.json` is the published copy; the text
/// is embedded so that an installed binary needs no data files, and a test keeps the two equal.
/// The definition of each entity is written from the declaration of its fields
/// (`CatalogField.all`), so a field is described once.
package enum AppTypeSchema {
    /// The schema as schemas/ holds it: without an `$id`, since only the docs site knows its address.
    package static let text = text(id: nil)

    /// The schema with `$id` set to `id` when given.
    package static func text(id: String?) -> String {
        "{\n  \"$schema\": \"\(JSONSchema.draft)\",\n" + (id.map { "  \"$id\": \(quoted($0)),\n" } ?? "") + header
            + CatalogEntity.allCases.map(definition).joined(separator: ",\n") + "\n  }\n}"
    }

    private static let header = #"""
      "title": "catalog file",
      "description": "One file of the Choosy URL-scheme catalog: a list of app types, normally exactly one whose key is the file's base name. Written in JSON or YAML.",
      "type": "array",
      "items": {"$ref": "#/$defs/appType"},
      "$defs": {
        "key": {
          "title": "key",
          "description": "An identifier that code and other catalog entries refer to: a lowercase ASCII letter, then lowercase letters, digits and underscores, such as show_profile.",
          "type": "string",
          "pattern": "\#(KeyGrammar.pattern)"
        },
    """# + "\n"

    /// An entity's entry in `$defs`, written as the schema file lays it out.
    private static func definition(_ entity: CatalogEntity) -> String {
        let required = entity.fields.filter(\.isRequired).map { quoted($0.name) }.joined(separator: ", ")
        let properties = entity.fields.map { field in
            "        \(quoted(field.name)): {\n" + property(field).map { "          " + $0 }.joined(separator: ",\n") + "\n        }"
        }
        return """
                \(quoted(entity.rawValue)): {
                  "title": \(quoted(entity.title)),
                  "description": \(quoted(entity.description)),
                  "type": "object",
                  "required": [\(required)],
                  "additionalProperties": false,
                  "properties": {
            \(properties.joined(separator: ",\n"))
                  }
                }
            """
    }

    /// The members of a field's schema, one a line.
    private static func property(_ field: CatalogField) -> [String] {
        let description = "\"description\": \(quoted(field.description))"
        let title = field.title.map { ["\"title\": \(quoted($0))"] } ?? []
        let examples = field.examples.isEmpty ? [] : ["\"examples\": [\(field.examples.map(quoted).joined(separator: ", "))]"]
        switch field.kind {
        case .key:
            return [##""$ref": "#/$defs/key""##, description] + examples
        case .text(let nonEmpty):
            return title + [description, #""type": "string""#] + (nonEmpty ? [#""minLength": 1"#] : []) + examples
        case .pattern(let pattern):
            return title + [description, #""type": "string""#, "\"pattern\": \(quoted(pattern))"] + examples
        case .flag:
            // The model reads an absent flag as false.
            return title + [description, #""type": "boolean""#, #""default": false"#]
        case .entities(let entity, let minItems):
            return title + [description, #""type": "array""#] + (minItems.map { ["\"minItems\": \($0)"] } ?? [])
                + ["\"items\": {\"$ref\": \(quoted("#/$defs/" + entity.rawValue))}"]
        case .valuesByKey:
            return title + [
                description, #""type": "object""#, ##""propertyNames": {"$ref": "#/$defs/key"}"##,
                #""additionalProperties": {"type": "string"}"#,
            ]
        }
    }

    /// The schema with `$id` set to `id` when given, as a value to translate.
    package static func tree(id: String?) -> JSONValue {
        JSONValue(document(text(id: id)).root)
    }

    /// `text` as a JSON string.
    private static func quoted(_ text: String) -> String {
        JSONValue.string(text).compactText()
    }

    /// The compiled schema's validator. The text is a constant that tests compile, so failing
    /// here is a bug in this file, not an input error.
    package static let validator: SchemaValidator = {
        do {
            return SchemaValidator(try JSONSchema(compiling: document(text).root))
        } catch {
            preconditionFailure("the embedded app-type schema does not compile: \(error)")
        }
    }()

    /// The schema text's tree. The text is a constant that tests parse, so failing here is a
    /// bug in this file.
    private static func document(_ text: String) -> Document {
        do {
            return try Document.load(SourceFile(path: "the embedded app-type schema", text: text))
        } catch {
            preconditionFailure("the embedded app-type schema does not parse: \(error)")
        }
    }
}
