import ChoosyCore
import ChoosySyntax

/// The merged catalog, or a part of it, as one tree in the client's wire format whose every
/// leaf remembers the file it came from, with the values the client ignores beside the ones it
/// keeps; `show` renders its json and text from this one tree.
public indirect enum MergedValue: Sendable {
    /// Members in the wire format's order; each may come from another layer. Members that are
    /// `ignored` are not part of the wire format.
    case object([(key: String, value: MergedValue)])
    case array([MergedValue])
    /// A value as written in one file: a scalar, or a subtree taken whole (`examples`, an
    /// unknown member).
    case source(Node, file: String)
    /// A field of a later definition that the client ignores, keeping the earliest definition
    /// whole (the shipped client); only an object's member, right after the member the client
    /// keeps, or where it would be.
    case ignored(Node, file: String)

    /// The members of an object in the wire format (without the ignored ones), or nil.
    public var members: [(key: String, value: MergedValue)]? {
        guard case .object(let members) = self else { return nil }
        return Self.wireMembers(members)
    }

    private static func wireMembers(_ members: [(key: String, value: MergedValue)]) -> [(key: String, value: MergedValue)] {
        members.filter { if case .ignored = $0.value { false } else { true } }
    }

    /// The first member named `key` of an object.
    public subscript(key: String) -> MergedValue? {
        members?.first { $0.key == key }?.value
    }

    /// The JSON to print: the same tree without its origins.
    public var jsonValue: JSONValue {
        switch self {
        case .object(let members): .object(Self.wireMembers(members).map { ($0.key, $0.value.jsonValue) })
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .source(let node, _), .ignored(let node, _): JSONValue(node)
        }
    }

    /// The same tree as a `Node` at `pointer`, for the writers that take one (YAML). Values
    /// keep their source ranges; an object or array made by the merge takes its first value's.
    public func node(at pointer: JSONPointer = .root) -> Node {
        switch self {
        case .object(let members):
            let values = Self.wireMembers(members).map { Member(key: $0.key, keyRange: SourceRange(at: .start), value: $0.value.node(at: pointer.appending(key: $0.key))) }
            return Node(.object(Members(values)), range: values.first?.value.range ?? SourceRange(at: .start), pointer: pointer)
        case .array(let elements):
            let values = elements.enumerated().map { $1.node(at: pointer.appending(index: $0)) }
            return Node(.array(Elements(values)), range: values.first?.range ?? SourceRange(at: .start), pointer: pointer)
        case .source(let node, _), .ignored(let node, _):
            return node.moved(to: pointer)
        }
    }
}

extension MergedCatalog {
    /// The whole merged catalog: the array of app types a client downloads.
    public var tree: MergedValue { .array(appTypes.map(\.tree)) }

    /// The whole catalog, one app type, or one app of a type. Unknown keys are errors that
    /// list the valid ones.
    public func tree(appType typeKey: String?, app appKey: String?) throws(UnknownKeyError) -> MergedValue {
        guard let typeKey else { return tree }
        guard let appType = appType(typeKey) else {
            throw UnknownKeyError(kind: "app type", key: typeKey, validKeys: appTypes.map(\.key))
        }
        guard let appKey else { return appType.tree }
        guard let app = appType.app(appKey) else {
            throw UnknownKeyError(kind: "app", key: appKey, in: "app type '\(typeKey)'", validKeys: appType.apps.map(\.key))
        }
        return app.tree
    }
}

extension MergedAppType {
    /// The app type in the wire format's member order.
    public var tree: MergedValue {
        MergedFields(definitions).object(.appType) { list in
            switch list {
            case .parameter: parameters.map(\.tree)
            case .action: actions.map(\.tree)
            default: apps.map(\.tree)
            }
        }
    }
}

extension MergedApp {
    /// The app in the wire format's member order.
    public var tree: MergedValue {
        MergedFields(definitions).object(.app) { _ in actions.map(\.tree) }
    }
}

extension Merged<Parameter> {
    package var tree: MergedValue { MergedFields(definitions).object(.parameter) }
}

extension Merged<Action> {
    package var tree: MergedValue { MergedFields(definitions).object(.action) }
}

extension Merged<AppAction> {
    /// Examples are not merged by key: like every field they are present when of their type (an
    /// array), and a later layer's list replaces an earlier one whole.
    package var tree: MergedValue { MergedFields(definitions).object(.appAction) }
}

/// The fields of one value merged over its definitions: each field from the definition the
/// profile takes it from, as the model decodes it (null or a value of the wrong type is no
/// value), followed by the values the profile ignores.
private struct MergedFields<Entity: KeyedEntity> {
    typealias Member = (key: String, value: MergedValue)

    let definitions: Definitions<Entity>

    init(_ definitions: Definitions<Entity>) {
        self.definitions = definitions
    }

    /// The value as an object of the fields `entity` declares, in canonical order, then the
    /// members it does not know; each list of keyed values is what `list` gives for the entity
    /// the list holds.
    func object(_ entity: CatalogEntity, list: (CatalogEntity) -> [MergedValue] = { _ in [] }) -> MergedValue {
        .object(entity.fields.flatMap { field -> [Member] in
            switch field.kind {
            case .key: key
            case .entities(let element, _) where element.isKeyed: [(field.name, .array(list(element)))]
            default: self.field(field.name) { $0.node[field.name].flatMap { field.accepts($0) ? $0 : nil } }
            }
        } + unknownMembers(known: entity.fieldNames))
    }

    /// The field's member, if a definition provides it, then an `ignored` member for each
    /// ignored definition whose value of the field differs from the one kept.
    func field<Value>(_ name: String, _ value: (Entity) -> Value?) -> [Member] {
        let kept = definitions.definition(providing: value).flatMap { definition in definition.node[name].map { (definition, $0) } }
        let keptValue = kept.map { JSONValue($0.1) }
        let ignored = definitions.ignored.compactMap { definition -> Member? in
            guard value(definition) != nil, let node = definition.node[name], JSONValue(node) != keptValue else { return nil }
            return (name, .ignored(node, file: definition.file))
        }
        return (kept.map { [(name, .source($0.1, file: $0.0.file))] } ?? []) + ignored
    }

    /// The key, from the definition that introduced the value (every definition has it), as the
    /// client holds it (the shipped client lowercases keys).
    var key: [Member] {
        guard let first = definitions.first, var node = first.node["key"] else { return [] }
        if let text = node.string, definitions.profile.matchingKey(text) != text {
            node.value = .string(definitions.profile.matchingKey(text))
        }
        return [("key", .source(node, file: first.file))]
    }

    /// Members the model does not know, in order of first appearance, each from the
    /// definition the profile takes it from (unless null), so a misspelt override shows next
    /// to the field it failed to override.
    func unknownMembers(known: [String]) -> [Member] {
        var names: [String] = []
        for definition in definitions {
            for member in definition.node.unknownMembers(knownKeys: known) where !names.contains(member.key) {
                names.append(member.key)
            }
        }
        return names.flatMap { name in
            field(name) { $0.node[name].flatMap { $0.kindName == "null" ? nil : $0 } }
        }
    }
}
