/// The catalog as the client sees it: the layers merged by key, a later layer winning, at
/// every level (app type fields; parameters, actions and apps by key; an app's actions by
/// key). Order is the earlier layer's order with new keys appended. Values without a string
/// key take no part (the schema rule reports them). docs/merge.md is the specification.
public struct MergedCatalog: Sendable {
    public let appTypes: [MergedAppType]
    private let appTypeLookup: KeyLookup

    public init(_ catalog: Catalog) {
        let definitions = catalog.layers.flatMap { $0.files.flatMap(\.appTypes) }
        let (groups, lookup) = groupByKey(definitions)
        appTypes = groups.concurrentMap { MergedAppType(key: $0.key, definitions: $0.definitions) }
        appTypeLookup = lookup
    }

    /// The merged app type with `key`.
    public func appType(_ key: String) -> MergedAppType? {
        appTypeLookup.position(of: key, among: appTypes.lazy.map(\.key)).map { appTypes[$0] }
    }
}

/// One value merged across layers: all its definitions in layer order. A field's value is
/// that of the last definition that has the field.
public struct Merged<Entity: KeyedEntity>: Sendable {
    /// Every definition, earliest layer first; never empty.
    public let definitions: Definitions<Entity>

    /// The key the definitions share, read from the earliest: a copy in every merged app
    /// action was 5 MB of the heap of a 64 MB lint.
    public var key: String { definitions.key }

    /// The definition a field's merged value comes from: the last one that has the field.
    public func definition<Value>(providing field: (Entity) -> Value?) -> Entity? {
        definitions.last { field($0) != nil }
    }

    /// A field's merged value.
    public func value<Value>(_ field: (Entity) -> Value?) -> Value? {
        definitions.lastValue(of: field)
    }
}

/// An app type merged across layers, with its parameters, actions and apps merged by key. A
/// class: the docs site's pages, apps and url_formats of a type all hold it, and copying its
/// lists with every holder was a tenth of `docs`.
public final class MergedAppType: Sendable {
    public let key: String
    public let definitions: Definitions<AppType>
    public let parameters: [Merged<Parameter>]
    public let actions: [Merged<Action>]
    public let apps: [MergedApp]
    private let parameterLookup: KeyLookup
    private let actionLookup: KeyLookup
    private let appLookup: KeyLookup

    init(key: String, definitions: Definitions<AppType>) {
        self.key = key
        self.definitions = definitions
        let parameterGroups = groupByKey(definitions.flatMap(\.parameters))
        let actionGroups = groupByKey(definitions.flatMap(\.actions))
        let appGroups = groupByKey(definitions.flatMap(\.apps))
        (parameters, parameterLookup) = (parameterGroups.groups.map { Merged(definitions: $0.definitions) }, parameterGroups.lookup)
        (actions, actionLookup) = (actionGroups.groups.map { Merged(definitions: $0.definitions) }, actionGroups.lookup)
        (apps, appLookup) = (appGroups.groups.map { MergedApp(definitions: $0.definitions) }, appGroups.lookup)
    }

    public var name: String? { definitions.lastValue(of: \.name) }

    public func parameter(_ key: String) -> Merged<Parameter>? {
        parameterLookup.position(of: key, among: parameters.lazy.map(\.key)).map { parameters[$0] }
    }

    public func action(_ key: String) -> Merged<Action>? {
        actionLookup.position(of: key, among: actions.lazy.map(\.key)).map { actions[$0] }
    }

    public func app(_ key: String) -> MergedApp? {
        appLookup.position(of: key, among: apps.lazy.map(\.key)).map { apps[$0] }
    }
}

/// An app merged across layers, with its actions merged by key. A class: the merged app type
/// and every loaded definition of the app hold it.
public final class MergedApp: Sendable {
    public let definitions: Definitions<App>
    public let actions: [Merged<AppAction>]
    private let actionLookup: KeyLookup

    public var key: String { definitions.key }

    init(definitions: Definitions<App>) {
        self.definitions = definitions
        let actionGroups = groupByKey(definitions.flatMap(\.actions))
        (actions, actionLookup) = (actionGroups.groups.map { Merged(definitions: $0.definitions) }, actionGroups.lookup)
    }

    public var name: String? { definitions.lastValue(of: \.name) }
    public var appURLScheme: String? { definitions.lastValue(of: \.appURLScheme) }
    /// The definition the merged `app_url_scheme` comes from, for pointing at it.
    public var appURLSchemeDefinition: App? { definitions.last { $0.appURLScheme != nil } }
    public var source: String? { definitions.lastValue(of: \.source) }

    public func action(_ key: String) -> Merged<AppAction>? {
        actionLookup.position(of: key, among: actions.lazy.map(\.key)).map { actions[$0] }
    }
}

/// Groups entities by key in order of first appearance, each group in the given order, with
/// the lookup that finds a group's position by its key. Most lists are short (an app's
/// actions), where comparing keys is cheaper than hashing them; long ones (a layer's apps) are
/// indexed, and the index is the lookup's.
private func groupByKey<Entity: KeyedEntity>(_ entities: [Entity]) -> (groups: [(key: String, definitions: Definitions<Entity>)], lookup: KeyLookup) {
    let isIndexed = entities.count > KeyLookup.searchLimit
    var groups: [(key: String, definitions: Definitions<Entity>)] = []
    var indexByKey: [String: Int] = [:]
    if isIndexed { indexByKey.reserveCapacity(entities.count) }
    for entity in entities {
        guard let key = entity.key else { continue }
        if let index = isIndexed ? indexByKey[key] : groups.firstIndex(where: { $0.key == key }) {
            groups[index].definitions.append(entity)
        } else {
            if isIndexed { indexByKey[key] = groups.count }
            groups.append((key, Definitions(entity)))
        }
    }
    return (groups, KeyLookup(index: isIndexed ? indexByKey : nil))
}

/// The definitions of one merged value, earliest layer first; never empty. Most values have
/// one, which then needs no array of its own: a one-element array for every merged app action
/// was 13 MB of the heap when linting a 64 MB catalog.
public struct Definitions<Entity: KeyedEntity>: RandomAccessCollection, Sendable {
    private let earliest: Entity
    private var later: [Entity] = []

    init(_ earliest: Entity) {
        self.earliest = earliest
    }

    /// A field's value in the last definition that has it, read once: a field is read from
    /// its node each time it is asked for.
    func lastValue<Value>(of field: (Entity) -> Value?) -> Value? {
        // Most values have one definition: read it without walking a reversed collection.
        guard !later.isEmpty else { return field(earliest) }
        for definition in later.reversed() {
            if let value = field(definition) { return value }
        }
        return field(earliest)
    }

    /// The key of the definitions: values without one are never merged.
    var key: String { earliest.key ?? "" }

    mutating func append(_ definition: Entity) {
        later.append(definition)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { later.count + 1 }

    public subscript(position: Int) -> Entity {
        position == 0 ? earliest : later[position - 1]
    }
}

/// Finds a merged value by its key: a short list is searched (cheaper than hashing, and most
/// lists are an app's few actions), a long one has a dictionary, so that looking up every app
/// or action of a long list is not quadratic (20 000 apps in one type took 1.1 s to lint).
struct KeyLookup: Sendable {
    /// The longest list that is searched rather than indexed.
    static let searchLimit = 16

    /// Key to position; nil for a list short enough to search.
    private let index: [String: Int]?

    init(index: [String: Int]?) {
        self.index = index
    }

    /// The position of `key` among `keys`, the keys this lookup was made from.
    func position(of key: String, among keys: some Collection<String>) -> Int? {
        guard let index else { return keys.firstIndex(of: key).map { keys.distance(from: keys.startIndex, to: $0) } }
        return index[key]
    }
}
