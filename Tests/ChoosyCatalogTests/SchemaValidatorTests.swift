import Testing
@testable import ChoosyCatalog
@testable import ChoosyCore
@testable import ChoosySyntax

/// The validator's keywords, messages and locations, and the compiler's refusals.
struct SchemaValidatorTests {
    /// An instance with `↓` where the one violation must start, and what it must say.
    struct Case: CustomTestStringConvertible, Sendable {
        let instance: String
        let keyword: String
        let message: String
        let pointer: String
        var instanceLocation: String?
        var testDescription: String { message }
    }

    static func load(_ text: String, fileName: String = "test.json") throws -> Node {
        try Document.load(SourceFile(path: fileName, text: text)).root
    }

    static func validator(_ schema: String) throws -> SchemaValidator {
        SchemaValidator(try JSONSchema(compiling: try load(schema)))
    }

    /// Validates the case's instance (YAML when it starts with `-`) and checks its one violation.
    static func check(_ testCase: Case, with validator: SchemaValidator) throws {
        let marker = try #require(testCase.instance.firstRange(of: "↓"))
        let fileName = testCase.instance.hasPrefix("-") ? "test.yaml" : "test.json"
        let violations = validator.validate(try load(testCase.instance.replacingOccurrences(of: "↓", with: ""), fileName: fileName))
        let violation = try #require(violations.count == 1 ? violations.first : nil, "violations: \(violations.map(\.message))")
        #expect(violation.keyword == testCase.keyword)
        #expect(violation.message == testCase.message)
        #expect(violation.pointer.description == testCase.pointer)
        #expect(violation.instanceLocation.description == (testCase.instanceLocation ?? testCase.pointer))
        #expect(violation.range.start.offset == testCase.instance[..<marker.lowerBound].utf8.count)
    }

    static let appType = #""name": "Email", "key": "email", "parameters": [], "actions": []"#

    @Test(arguments: [
        Case(instance: "↓{}", keyword: "type", message: "the file must be an array, not an object", pointer: ""),
        Case(instance: "[↓{\"name\": \"Email\", \"key\": \"email\", \"parameters\": [], \"actions\": []}]", keyword: "required",
             message: #"missing required property "apps" in an app type"#, pointer: "/0"),
        Case(instance: "[{\(appType), \"apps\": [], ↓\"App\": []}]", keyword: "additionalProperties",
             message: #"unknown property "App" in an app type; did you mean "apps"?"#, pointer: "/0/App", instanceLocation: "/0"),
        Case(instance: "[{\(appType), \"apps\": [], ↓\"icon\": \"mail.png\"}]", keyword: "additionalProperties",
             message: #"unknown property "icon" in an app type"#, pointer: "/0/icon", instanceLocation: "/0"),
        Case(instance: "[{\(appType), \"apps\": ↓{}}]", keyword: "type",
             message: #""apps" must be an array, not an object"#, pointer: "/0/apps"),
        Case(instance: "[{\(appType), \"apps\": [↓\"mail\"]}]", keyword: "type",
             message: "each app must be an object, not a string", pointer: "/0/apps/0"),
        Case(instance: "[{\"name\": \"Email\", \"key\": ↓\"Email\", \"parameters\": [], \"actions\": [], \"apps\": []}]", keyword: "pattern",
             message: #""Email" does not match the key pattern ^[a-z][a-z0-9_]*$"#, pointer: "/0/key"),
        Case(instance: "[{\"name\": ↓\"\", \"key\": \"email\", \"parameters\": [], \"actions\": [], \"apps\": []}]", keyword: "minLength",
             message: #""name" must not be empty"#, pointer: "/0/name"),
        Case(instance: "[{\"name\": ↓null, \"key\": \"email\", \"parameters\": [], \"actions\": [], \"apps\": []}]", keyword: "type",
             message: #""name" must be a string, not null"#, pointer: "/0/name"),
        Case(instance: "[{\(appType), \"apps\": [{\"name\": \"Mail\", \"key\": \"mail\", \"app_url_scheme\": ↓42, \"actions\": [{\"key\": \"compose\", \"url_format\": \"mailto:\"}]}]}]",
             keyword: "type", message: #""app_url_scheme" must be a string, not a number"#, pointer: "/0/apps/0/app_url_scheme"),
        Case(instance: "[{\(appType), \"apps\": [{\"name\": \"Mail\", \"key\": \"mail\", \"app_url_scheme\": \"mailto:\", \"actions\": ↓[]}]}]",
             keyword: "minItems", message: #""actions" must not be empty"#, pointer: "/0/apps/0/actions"),
        Case(instance: "[{\(appType), \"apps\": [{\"name\": \"Mail\", \"key\": \"mail\", \"app_url_scheme\": \"mailto:\", \"actions\": [{\"key\": \"compose\", \"url_format\": \"mailto:\", \"examples\": [{\"parameters\": {↓\"To\": \"a\"}, \"url\": \"mailto:a\"}]}]}]}]",
             keyword: "pattern", message: #"property name "To" does not match the key pattern ^[a-z][a-z0-9_]*$"#,
             pointer: "/0/apps/0/actions/0/examples/0/parameters/To", instanceLocation: "/0/apps/0/actions/0/examples/0/parameters"),
        Case(instance: "- name: Email\n  key: email\n  parameters:\n    - ↓name: To\n      key: to\n  actions: []\n  apps: []\n", keyword: "required",
             message: #"missing required property "description" in a parameter"#, pointer: "/0/parameters/0"),
    ])
    func appTypeSchemaViolation(_ testCase: Case) throws {
        try Self.check(testCase, with: AppTypeSchema.validator)
    }

    @Test func missingPropertyHintReusesItsDescription() throws {
        let violations = AppTypeSchema.validator.validate(try Self.load(#"[{"name": "Email", "key": "email", "parameters": [], "actions": []}]"#))
        #expect(violations.map(\.hint) == [#"add "apps": The apps of this type the user can choose from, each with the URLs that perform the actions it supports."#])
    }

    @Test func unknownPropertyHintListsTheAllowedOnes() throws {
        let violations = AppTypeSchema.validator.validate(try Self.load(#"[{"name": "Email", "key": "email", "parameters": [], "actions": [{"name": "Write", "key": "compose", "label": "x"}], "apps": []}]"#))
        #expect(violations.map(\.hint) == ["the properties allowed here are: name, key"])
    }

    @Test func patternHintIsTheDescriptionOfWhatThePatternChecks() throws {
        let violations = AppTypeSchema.validator.validate(try Self.load(#"[{"name": "Email", "key": "E", "parameters": [], "actions": [], "apps": []}]"#))
        #expect(violations.first?.hint?.hasPrefix("An identifier that code and other catalog entries refer to") == true)
    }

    /// Keywords and values the app-type schema does not exercise, on small schemas of their own.
    static let keywordCases: [(schema: String, testCase: Case)] = [
        (#"{"type": "integer"}"#, Case(instance: "↓1.5", keyword: "type", message: "the file must be an integer, not a number", pointer: "")),
        (#"{"type": "null"}"#, Case(instance: "↓0", keyword: "type", message: "the file must be null, not a number", pointer: "")),
        (#"{"items": {"type": "number"}}"#, Case(instance: "[1, ↓true]", keyword: "type", message: "each item must be a number, not a boolean", pointer: "/1")),
        (#"{"minItems": 2}"#, Case(instance: "↓[1]", keyword: "minItems", message: "the file must have at least 2 items", pointer: "")),
        (#"{"minLength": 3}"#, Case(instance: "↓\"ab\"", keyword: "minLength", message: "the file must be at least 3 characters long", pointer: "")),
        (#"{"minLength": 2}"#, Case(instance: "↓\"é\"", keyword: "minLength", message: "the file must be at least 2 characters long", pointer: "")),
        (#"{"pattern": "b"}"#, Case(instance: "↓\"ac\"", keyword: "pattern", message: "\"ac\" does not match the pattern b", pointer: "")),
        (#"{"propertyNames": {"minLength": 2}}"#,
         Case(instance: "{\"ab\": 1, ↓\"c\": 2}", keyword: "minLength", message: "the property name must be at least 2 characters long",
              pointer: "/c", instanceLocation: "")),
        (#"{"required": ["a"]}"#, Case(instance: "↓{\"b\": 1}", keyword: "required", message: "missing required property \"a\" in an object", pointer: "")),
        (#"{"properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "number"}}"#,
         Case(instance: "{\"a\": \"x\", \"b\": ↓\"y\"}", keyword: "type", message: "\"b\" must be a number, not a string", pointer: "/b")),
        (#"{"properties": {"a": {"type": "string"}}, "additionalProperties": true}"#,
         Case(instance: "{\"a\": ↓1, \"b\": 1}", keyword: "type", message: "\"a\" must be a string, not a number", pointer: "/a")),
        (##"{"$defs": {"n": {"title": "count", "type": "integer"}}, "items": {"$ref": "#/$defs/n", "minItems": 1}}"##,
         Case(instance: "[↓\"x\"]", keyword: "type", message: "each count must be an integer, not a string", pointer: "/0")),
        (##"{"$defs": {"n": {"type": "string"}}, "$ref": "#/$defs/n", "minLength": 2}"##,
         Case(instance: "↓\"x\"", keyword: "minLength", message: "the file must be at least 2 characters long", pointer: "")),
    ]

    @Test(arguments: keywordCases)
    func keyword(_ schema: String, _ testCase: Case) throws {
        try Self.check(testCase, with: try Self.validator(schema))
    }

    @Test func keywordsApplyOnlyToTheirKindOfValue() throws {
        let validator = try Self.validator(#"{"required": ["a"], "minLength": 5, "minItems": 5, "pattern": "x", "items": {"type": "null"}}"#)
        for instance in ["1", "true", "null"] {
            #expect(validator.validate(try Self.load(instance)).isEmpty, "\(instance)")
        }
    }

    @Test(arguments: [
        (#"{"maxLength": 3}"#, "/maxLength", #"the keyword "maxLength" is not supported by this validator"#),
        (#"{"items": {"format": "uri"}}"#, "/items/format", #"the keyword "format" is not supported by this validator"#),
        (##"{"$ref": "#/$defs/missing"}"##, "/$ref", ##""$ref" names #/$defs/missing, which "$defs" does not define"##),
        (#"{"$ref": "other.json"}"#, "/$ref", ##""$ref" must be a string #/$defs/<name>"##),
        (#"{"items": {"$defs": {}}}"#, "/items/$defs", #""$defs" is supported at the root only"#),
        (#"{"$schema": "http://json-schema.org/draft-07/schema#"}"#, "/$schema", #""$schema" must be https://json-schema.org/draft/2020-12/schema, at the root only"#),
        (#"{"type": ["string", "null"]}"#, "/type", #""type" must be one type name: object, array, string, number, integer, boolean, null"#),
        (#"{"minLength": -1}"#, "/minLength", #""minLength" must be a non-negative integer"#),
        (#"{"pattern": "["}"#, "/pattern", #""pattern" is not a valid regular expression"#),
        (#"{"properties": []}"#, "/properties", "expected an object of schemas, not an array"),
        (#"{"items": true}"#, "/items", "a schema must be an object, not a boolean"),
    ])
    func compilerRefuses(_ schema: String, pointer: String, message: String) throws {
        let root = try Self.load(schema)
        let error = #expect(throws: JSONSchemaError.self) { try JSONSchema(compiling: root) }
        #expect(error?.message == message)
        #expect(error?.pointer.description == pointer)
    }

    @Test(arguments: [
        ("url_fromat", "url_format", 1), ("Url_Format", "url_format", 0), ("nmae", "name", 1), ("", "key", 3),
        ("paramters", "parameters", 1), ("key", "", 3), ("kitten", "sitting", 3),
    ])
    func editDistance(_ a: String, _ b: String, distance: Int) {
        #expect(Suggestion.distance(a, b) == distance)
        #expect(Suggestion.distance(b, a) == distance)
    }
}
