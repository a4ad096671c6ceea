/// The schema of catalog files. `schemas/app-type.schema.json` is the published copy; the text
/// is embedded so that an installed binary needs no data files, and a test keeps the two equal.
enum AppTypeSchema {
    static let text = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "urn:choosy-data:schema:app-type",
      "title": "catalog file",
      "description": "One file of the Choosy URL-scheme catalog: a list of app types, normally exactly one whose key is the file's base name. Written in JSON or YAML.",
      "type": "array",
      "items": {"$ref": "#/$defs/appType"},
      "$defs": {
        "key": {
          "title": "key",
          "description": "An identifier that code and other catalog entries refer to: a lowercase ASCII letter, then lowercase letters, digits and underscores, such as show_profile.",
          "type": "string",
          "pattern": "^[a-z][a-z0-9_]*$"
        },
        "appType": {
          "title": "app type",
          "description": "A kind of app the user picks a favourite for (email, maps, browser): the parameters and actions it offers and the apps that implement them.",
          "type": "object",
          "required": ["name", "key", "parameters", "actions", "apps"],
          "additionalProperties": false,
          "properties": {
            "name": {
              "description": "The app type's name as users read it in the app picker, such as \"Email\".",
              "type": "string",
              "minLength": 1
            },
            "key": {
              "$ref": "#/$defs/key",
              "description": "What client code passes to pick this app type, such as email; the same in every layer, so a later layer can override the app type."
            },
            "parameters": {
              "description": "The inputs the app type's actions accept; an app's URL formats fill them into their {{key}} placeholders.",
              "type": "array",
              "items": {"$ref": "#/$defs/parameter"}
            },
            "actions": {
              "description": "What a calling app can ask any app of this type to do, such as writing a new email.",
              "type": "array",
              "items": {"$ref": "#/$defs/action"}
            },
            "apps": {
              "description": "The apps of this type the user can choose from, each with the URLs that perform the actions it supports.",
              "type": "array",
              "items": {"$ref": "#/$defs/app"}
            }
          }
        },
        "parameter": {
          "title": "parameter",
          "description": "One input of an app type's actions, such as the recipient of an email.",
          "type": "object",
          "required": ["name", "key", "description"],
          "additionalProperties": false,
          "properties": {
            "name": {
              "description": "A short human name for the parameter, such as \"Recipient\".",
              "type": "string",
              "minLength": 1
            },
            "key": {
              "$ref": "#/$defs/key",
              "description": "The name callers pass the value under, and the name of the {{key}} placeholder in URL formats."
            },
            "description": {
              "description": "What the value means and how to write it, for developers calling Choosy: its format, units and an example.",
              "type": "string"
            },
            "presence_required": {
              "description": "When true, callers must pass this parameter to any action that uses it; absent means false.",
              "type": "boolean"
            },
            "value_required": {
              "description": "When true, a passed value must not be empty; absent means false.",
              "type": "boolean"
            }
          }
        },
        "action": {
          "title": "action",
          "description": "Something a calling app can ask any app of the type to do, such as composing an email.",
          "type": "object",
          "required": ["name", "key"],
          "additionalProperties": false,
          "properties": {
            "name": {
              "description": "What the action does, as users read it, such as \"Write a new email\".",
              "type": "string",
              "minLength": 1
            },
            "key": {
              "$ref": "#/$defs/key",
              "description": "What client code passes to request the action, and what app actions name to implement it."
            }
          }
        },
        "app": {
          "title": "app",
          "description": "One app of the type that the user can choose, and how to open it for each action it supports.",
          "type": "object",
          "required": ["name", "key", "app_url_scheme", "actions"],
          "additionalProperties": false,
          "properties": {
            "name": {
              "description": "The app's name as users know it from the App Store, such as \"Google Maps\".",
              "type": "string",
              "minLength": 1
            },
            "key": {
              "$ref": "#/$defs/key",
              "description": "Identifies the app within its app type, and names it in the user's stored choice."
            },
            "app_url_scheme": {
              "title": "URL scheme",
              "description": "The URL the client checks with canOpenURL to learn whether the app is installed: a URL scheme and its colon, such as \"comgooglemaps:\", or a web address for apps that fall back to the browser.",
              "type": "string",
              "pattern": "^[A-Za-z][A-Za-z0-9+.-]*:"
            },
            "source": {
              "title": "documentation URL",
              "description": "An http or https link to where the app's URL scheme is documented, so reviewers can check every URL format against it.",
              "type": "string",
              "pattern": "^https?://[^\\s/]+\\S*$"
            },
            "actions": {
              "description": "The actions of the app type this app implements, each with the URL that performs it. An app that implements none can never be chosen.",
              "type": "array",
              "minItems": 1,
              "items": {"$ref": "#/$defs/appAction"}
            }
          }
        },
        "appAction": {
          "title": "app action",
          "description": "How one app performs one action of its app type: the URL to open, with the parameters filled in.",
          "type": "object",
          "required": ["key", "url_format"],
          "additionalProperties": false,
          "properties": {
            "key": {
              "$ref": "#/$defs/key",
              "description": "The key of the app type's action this implements."
            },
            "url_format": {
              "description": "The URL to open, with a {{key}} placeholder wherever a parameter's value goes; the client percent-encodes each value and drops placeholders the caller did not pass.",
              "type": "string",
              "minLength": 1
            },
            "examples": {
              "description": "Parameter values and the URL they must render to; they document the URL format and are checked against it.",
              "type": "array",
              "items": {"$ref": "#/$defs/example"}
            }
          }
        },
        "example": {
          "title": "example",
          "description": "One rendering of an app action's URL format: the parameter values passed and the URL expected.",
          "type": "object",
          "required": ["parameters", "url"],
          "additionalProperties": false,
          "properties": {
            "parameters": {
              "description": "The values passed, by parameter key; each value is a string, as callers pass it before percent-encoding.",
              "type": "object",
              "propertyNames": {"$ref": "#/$defs/key"},
              "additionalProperties": {"type": "string"}
            },
            "url": {
              "description": "The exact URL the URL format must render to with these parameters.",
              "type": "string",
              "minLength": 1
            }
          }
        }
      }
    }
    """#

    /// The compiled schema's validator. The text is a constant that tests compile, so failing
    /// here is a bug in this file, not an input error.
    static let validator: SchemaValidator = {
        do {
            let document = try Document.load(SourceFile(path: "app-type.schema.json", text: text))
            return SchemaValidator(try JSONSchema(compiling: document.root))
        } catch {
            preconditionFailure("the embedded app-type schema does not compile: \(error)")
        }
    }()
}
