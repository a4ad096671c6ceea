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
    public var jsonOutput: JSONOutput {
        switch self {
        case .object(let members): .object(Self.wireMembers(members).map { ($0.key, $0.value.jsonOutput) })
        case .array(let elements): .array(elements.map(\.jsonOutput))
        case .source(let node, _), .ignored(let node, _): JSONOutput(node)
        }
    }

    /// The same tree as a `Node` at `pointer`, for the writers that take one (YAML). Values
    /// keep their source ranges; an object or array made by the merge takes its first value's.
    public func node(at pointer: JSONPointer = .root) -> Node {
        switch self {
        case .object(let members):
            let values = Self.wireMembers(members).map { Member(key: $0.key, keyRange: SourceRange(at: .start), value: $0.value.node(at: pointer.appending(key: $0.key))) }
            return Node(.object(values), range: values.first?.value.range ?? SourceRange(at: .start), pointer: pointer)
        case .array(let elements):
            let values = elements.enumerated().map { $1.node(at: pointer.appending(index: $0)) }
            return Node(.array(values), range: values.first?.range ?? SourceRange(at: .start), pointer: pointer)
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
        let fields = MergedFields(definitions)
        return .object(
            fields.field("name") { $0.name } + fields.key + [
                ("parameters", .array(parameters.map(\.tree))),
                ("actions", .array(actions.map(\.tree))),
                ("apps", .array(apps.map(\.tree))),
            ] + fields.unknownMembers(known: AppType.knownKeys))
    }
}

extension MergedApp {
    /// The app in the wire format's member order.
    public var tree: MergedValue {
        let fields = MergedFields(definitions)
        return .object(
            fields.field("name") { $0.name } + fields.key
                + fields.field("app_url_scheme") { $0.appURLScheme } + fields.field("source") { $0.source }
                + [("actions", .array(actions.map(\.tree)))] + fields.unknownMembers(known: App.knownKeys))
    }
}

extension Merged<Parameter> {
    var tree: MergedValue {
        let fields = MergedFields(definitions)
        return .object(
            fields.field("name") { $0.name } + fields.key + fields.field("description") { $0.description }
                + fields.field("presence_required") { $0.presenceRequired } + fields.field("value_required") { $0.valueRequired }
                + fields.unknownMembers(known: Parameter.knownKeys))
    }
}

extension Merged<Action> {
    var tree: MergedValue {
        let fields = MergedFields(definitions)
        return .object(fields.field("name") { $0.name } + fields.key + fields.unknownMembers(known: Action.knownKeys))
    }
}

extension Merged<AppAction> {
    var tree: MergedValue {
        let fields = MergedFields(definitions)
        // The model does not decode examples; like every field they are present when of their
        // type (an array), and a later layer's list replaces an earlier one whole.
        return .object(
            fields.key + fields.field("url_format") { $0.urlFormat } + fields.field("examples") { $0.node["examples"]?.elements }
                + fields.unknownMembers(known: AppAction.knownKeys + ["examples"]))
    }
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

    /// The field's member, if a definition provides it, then an `ignored` member for each
    /// ignored definition whose value of the field differs from the one kept.
    func field<Value>(_ name: String, _ value: (Entity) -> Value?) -> [Member] {
        let kept = definitions.definition(providing: value).flatMap { definition in definition.node[name].map { (definition, $0) } }
        let keptValue = kept.map { JSONOutput($0.1) }
        let ignored = definitions.ignored.compactMap { definition -> Member? in
            guard value(definition) != nil, let node = definition.node[name], JSONOutput(node) != keptValue else { return nil }
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
