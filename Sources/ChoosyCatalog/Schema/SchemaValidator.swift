import ChoosyCore
import ChoosySyntax
import Foundation

/// Checks a tree against a compiled `JSONSchema` and says what is wrong where, in words a
/// contributor understands: objects are named by their schema's `title`, hints are taken from
/// `description`.
public struct SchemaValidator: Sendable {
    /// How a message names the value it is about.
    private enum Subject {
        case document
        case member(String)
        case element
        case propertyName

        func phrase(title: String?) -> String {
            switch self {
            case .document: "the file"
            case .member(let key): "\"\(key.excerpt)\""
            case .element: "each \(title ?? "item")"
            case .propertyName: "the property name"
            }
        }

        var isPropertyName: Bool {
            if case .propertyName = self { return true }
            return false
        }
    }

    /// A schema with its `$ref` followed: the keywords of both apply, and the referring
    /// schema's annotations win, since they are about this particular use.
    private struct Resolved {
        let schemas: [JSONSchema]

        package var title: String? { schemas.lazy.compactMap(\.title).first }
        package var description: String? { schemas.lazy.compactMap(\.description).first }
    }

    /// Unknown properties are suggested a known one at most this many edits away.
    static let maximumSuggestionDistance = 2

    public let root: JSONSchema
    /// Every schema below the root, resolved once, by identity: resolving again at every node
    /// (an array, a set and a name lookup each time) was a seventh of the validator's time.
    private let resolutions: [ObjectIdentifier: Resolved]

    public init(_ root: JSONSchema) {
        self.root = root
        var resolutions: [ObjectIdentifier: Resolved] = [:]
        var pending = [root]
        while let schema = pending.popLast() {
            guard resolutions[ObjectIdentifier(schema)] == nil else { continue }
            resolutions[ObjectIdentifier(schema)] = Self.resolve(schema, in: root)
            pending += schema.subschemas
        }
        self.resolutions = resolutions
    }

    /// Every violation in `document`, in tree order.
    public func validate(_ document: Node) -> [SchemaViolation] {
        var violations: [SchemaViolation] = []
        validate(document) { _, _, violation in violations.append(violation()) }
        return violations
    }

    /// Where a violation of `keyword` starts, and the violation, made only when asked for.
    public typealias Report = (_ keyword: String, _ start: SourceLocation, _ violation: () -> SchemaViolation) -> Void

    /// Tells `report` of every violation in `document`, in tree order, without making its
    /// message: a caller that lists a hundred of a million violations makes a hundred.
    public func validate(_ document: Node, report: Report) {
        validate(document, against: root, as: .document, report: report)
    }

    private func resolve(_ schema: JSONSchema) -> Resolved {
        resolutions[ObjectIdentifier(schema)] ?? Self.resolve(schema, in: root)
    }

    private static func resolve(_ schema: JSONSchema, in root: JSONSchema) -> Resolved {
        var schemas = [schema]
        // Compiling checked that every reference resolves; a cycle of bare references would
        // describe no value at all, so following a reference at most once per name is enough.
        var seen: Set<String> = []
        while let name = schemas.last?.reference, seen.insert(name).inserted, let target = root.definitions[name] {
            schemas.append(target)
        }
        return Resolved(schemas: schemas)
    }

    private func validate(_ node: Node, against schema: JSONSchema, as subject: Subject, report: Report) {
        let resolved = resolve(schema)
        for schema in resolved.schemas {
            check(node, against: schema, resolved: resolved, as: subject, report: report)
        }
    }

    /// Applies the keywords of one schema; each keyword applies only to its kind of value, as
    /// in JSON Schema, so a value of the wrong type gets one violation, from `type`.
    private func check(
        _ node: Node, against schema: JSONSchema, resolved: Resolved, as subject: Subject,
        report reportViolation: Report
    ) {
        // The words are closures that do not escape: escaping ones boxed the lazy names below on
        // the heap at every node, a violation or not (half of the rule's instructions).
        func report(_ keyword: String, _ message: @autoclosure () -> String, hint: @autoclosure () -> String? = resolved.description) {
            let range = node.range
            withoutActuallyEscaping(message) { message in
                withoutActuallyEscaping(hint) { hint in
                    reportViolation(keyword, range.start) {
                        SchemaViolation(
                            keyword: keyword, message: message(), hint: hint(), range: range, pointer: node.pointer,
                            instanceLocation: node.pointer)
                    }
                }
            }
        }
        // Made only for a violation: building the words for every node was a twentieth of lint's
        // time.
        func name() -> String { subject.phrase(title: resolved.title) }
        if let type = schema.type, !Self.node(node, hasType: type) {
            report("type", "\(name()) must be \(Self.phrase(forType: type.rawValue)), not \(Self.phrase(forType: node.kindName))")
        }
        // Through the node's accessors, not a switch on `value`: a string is read from the
        // file only when a keyword looks at its text.
        if node.isString {
            guard schema.minLength != nil || schema.lazyPattern != nil, let text = node.string else { return }
            if let minLength = schema.minLength, !Self.text(text, hasAtLeast: minLength) {
                report("minLength", minLength == 1 ? "\(name()) must not be empty" : "\(name()) must be at least \(minLength) characters long")
            }
            if schema.lazyPattern != nil, schema.simplePattern?.matches(text) != true, let pattern = schema.pattern, pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                let patternName = [schema.title ?? resolved.title, "pattern"].compactMap { $0 }.joined(separator: " ")
                let value = subject.isPropertyName ? "property name \"\(text.excerpt)\"" : "\"\(text.excerpt)\""
                report("pattern", "\(value) does not match the \(patternName) \(pattern.pattern)", hint: schema.description ?? resolved.description)
            }
        } else if let elements = node.elements {
            if let minItems = schema.minItems, elements.count < minItems {
                report("minItems", minItems == 1 ? "\(name()) must not be empty" : "\(name()) must have at least \(minItems) items")
            }
            if let items = schema.items {
                for element in elements { validate(element, against: items, as: .element, report: reportViolation) }
            }
        } else if let members = node.members {
            // A function, not a lazy variable: a lazy one captured by the closures below was
            // boxed on the heap for every object.
            func objectName() -> String { resolved.title?.withIndefiniteArticle ?? "an object" }
            for key in schema.required where !members.contains(where: { $0.key == key }) {
                report(
                    "required", "missing required property \"\(key)\" in \(objectName())",
                    hint: schema.property(key).flatMap { resolve($0).description }.map { "add \"\(key)\": \($0)" })
            }
            // Made at the first misspelt property only: a set, since asking the members for each
            // unknown key made an object of 20 000 unknown keys take a minute.
            var presentProperties: Set<String>?
            for member in members where checkMember(member, of: node, against: schema, report: reportViolation) {
                let present = presentProperties ?? Set(members.lazy.map(\.key).filter { schema.property($0) != nil })
                presentProperties = present
                reportViolation("additionalProperties", member.keyRange.start) {
                    unknownProperty(member, of: node, against: schema, objectName: objectName(), presentProperties: present)
                }
            }
        }
    }

    /// Validates `member` of `object`; true when the schema allows no such property, which the
    /// caller reports (`unknownProperty`), where the object's words are made once.
    private func checkMember(_ member: Member, of object: Node, against schema: JSONSchema, report: Report) -> Bool {
        if let propertyNames = schema.propertyNames {
            // JSON Schema has no location for a key, so it places these violations at the
            // object; the finding still points at the key.
            let name = Node(.string(member.key), range: member.keyRange, pointer: member.value.pointer)
            validate(name, against: propertyNames, as: .propertyName) { keyword, start, violation in
                // Made here: a property name that breaks a pattern is rare.
                let violation = violation()
                report(keyword, start) {
                    SchemaViolation(
                        keyword: violation.keyword, message: violation.message, hint: violation.hint, range: violation.range,
                        pointer: violation.pointer, instanceLocation: object.pointer)
                }
            }
        }
        if let property = schema.property(member.key) {
            validate(member.value, against: property, as: .member(member.key), report: report)
            return false
        }
        switch schema.additionalProperties {
        case .forbidden:
            return true
        case .schema(let additional):
            validate(member.value, against: additional, as: .member(member.key), report: report)
        case nil:
            break
        }
        return false
    }

    /// The violation of a property `schema` does not allow, with the known one it may be a typo of.
    private func unknownProperty(
        _ member: Member, of object: Node, against schema: JSONSchema, objectName: String, presentProperties: Set<String>
    ) -> SchemaViolation {
        let allowed = schema.properties.map(\.name)
        var message = "unknown property \"\(member.key.excerpt)\" in \(objectName)"
        if let suggestion = suggestion(for: member.key, among: allowed, present: presentProperties) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        return SchemaViolation(
            keyword: "additionalProperties", message: message,
            hint: allowed.isEmpty ? "remove it" : "the properties allowed here are: \(allowed.joined(separator: ", "))",
            range: member.keyRange, pointer: member.value.pointer, instanceLocation: object.pointer)
    }

    /// The allowed property closest to `key`, if it is near enough to be a typo, preferring
    /// the ones the object lacks, since a misspelt property is usually a missing one.
    private func suggestion(for key: String, among allowed: [String], present: @autoclosure () -> Set<String>) -> String? {
        // A key far longer than every name is no typo of one; measuring it against them costs
        // its length times theirs.
        let length = key.lowercased().unicodeScalars.count
        let candidates = allowed
            .filter { abs($0.lowercased().unicodeScalars.count - length) <= Self.maximumSuggestionDistance }
            .map { (name: $0, distance: Suggestion.distance(key, $0)) }
            .filter { $0.distance <= Self.maximumSuggestionDistance && $0.distance < key.count }
        guard !candidates.isEmpty else { return nil }
        let present = present()
        return candidates
            .min { (present.contains($0.name) ? 1 : 0, $0.distance) < (present.contains($1.name) ? 1 : 0, $1.distance) }?
            .name
    }

    /// Whether `text` has at least `count` Unicode scalars, counted only that far: counting
    /// a prefix of the scalar view made a substring for every string with a `minLength`.
    private static func text(_ text: String, hasAtLeast count: Int) -> Bool {
        var remaining = count
        for _ in text.unicodeScalars {
            guard remaining > 0 else { break }
            remaining -= 1
        }
        return remaining <= 0
    }

    /// "a string", "an object", but "null", which is a value rather than a kind of value.
    private static func phrase(forType name: String) -> String {
        name == "null" ? name : name.withIndefiniteArticle
    }

    /// By the node's kind: only `integer` reads the value (asking for the members or the
    /// number's text to learn the type made a view or a string for every node).
    private static func node(_ node: Node, hasType type: JSONSchema.InstanceType) -> Bool {
        let kind = node.kind
        switch type {
        case .object: return kind == .object
        case .array: return kind == .array
        case .string: return kind.isString
        case .number: return kind.isNumber
        case .integer: return kind.isNumber && node.numberText.flatMap(Double.init).map { $0.rounded() == $0 } ?? false
        case .boolean: return kind == .true || kind == .false
        case .null: return kind == .null
        }
    }
}
