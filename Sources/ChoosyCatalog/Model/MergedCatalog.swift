import ChoosyCore

/// The catalog as a client sees it: the layers merged by key at every level (app types;
/// parameters, actions and apps of a type; an app's actions). Order is the earlier layer's
/// order with new keys appended. Which definition of a key counts is the client profile's:
/// the earliest one whole (`shipped`) or, field by field, the latest that has the field
/// (`rfc3986`). Values without a string key take no part (the schema rule reports them).
/// docs/merge.md is the specification. The platform the client runs on takes no part in the
/// merge; it is kept for what its URLs become (`ClientProfile.open`).
public struct MergedCatalog: Sendable {
    public let appTypes: [MergedAppType]
    public let profile: ClientProfile
    public let platform: Platform
    /// The files of frozen layers (built into apps in the field): what changes in them reaches
    /// no phone already in the field.
    public let frozenFiles: Set<String>
    private let appTypeLookup: KeyLookup

    /// Merges `catalog` as `profile` does, for a client on `platform`; nil is what the
    /// catalog's config names. `includingPartialFiles`: the readable parts of files with
    /// syntax errors take part (for lint).
    public init(_ catalog: Catalog, profile: ClientProfile? = nil, platform: Platform? = nil, includingPartialFiles: Bool = false) {
        let profile = profile ?? catalog.clientProfile
        let platform = platform ?? catalog.platform
        let definitions = catalog.layers.flatMap { layer in
            (layer.files + (includingPartialFiles ? layer.partialFiles.map(\.file) : [])).flatMap(\.appTypes)
        }
        let (groups, lookup) = groupByKey(definitions, profile: profile)
        appTypes = groups.concurrentMap { MergedAppType(key: $0.key, definitions: $0.definitions, platform: platform) }
        appTypeLookup = lookup
        self.profile = profile
        self.platform = platform
        frozenFiles = Set(catalog.frozenFiles.keys)
    }

    /// The merged app type with `key`.
    public func appType(_ key: String) -> MergedAppType? {
        appTypeLookup.position(of: key, among: appTypes.lazy.map(\.key)).map { appTypes[$0] }
    }
}

/// One value merged across layers: all its definitions in layer order. A field's value is
/// the profile's: the earliest definition's, or that of the last definition that has it.
public struct Merged<Entity: KeyedEntity>: Sendable {
    /// Every definition, earliest layer first; never empty.
    public let definitions: Definitions<Entity>

    /// The key the definitions share, read from the earliest: a copy in every merged app
    /// action was 5 MB of the heap of a 64 MB lint.
    public var key: String { definitions.key }

    /// The definition a field's merged value comes from; nil when it has none.
    public func definition<Value>(providing field: (Entity) -> Value?) -> Entity? {
        definitions.definition(providing: field)
    }

    /// A field's merged value.
    public func value<Value>(_ field: (Entity) -> Value?) -> Value? {
        definitions.value(of: field)
    }
}

/// An app type merged across layers, with its parameters, actions and apps merged by key. A
/// class: the docs site's pages, apps and url_formats of a type all hold it, and copying its
/// lists with every holder was a tenth of `docs`.
public final class MergedAppType: Sendable {
    public let key: String
    public let definitions: Definitions<AppType>
    public let parameters: [Merged<Parameter>]
    /// The key of every parameter, in order: the placeholders the client fills. Kept, since
    /// every URL rendered for the type reads them all.
    public let parameterKeys: [String]
    /// The parameter keys as the shipped client fills their placeholders, one after the other:
    /// the earliest definition's, in its order and as often as it declares each, then the
    /// keys later definitions add.
    public let keysInFillOrder: [String]
    public let actions: [Merged<Action>]
    /// The key of every action, in order. Kept, since lint looks up every app action's key:
    /// reading each candidate's key from its node for every lookup was a twenty-fifth of lint.
    public let actionKeys: [String]
    public let apps: [MergedApp]
    /// The platform the client runs on, for what the type's URLs become.
    public let platform: Platform
    private let parameterLookup: KeyLookup
    private let actionLookup: KeyLookup
    private let appLookup: KeyLookup

    package init(key: String, definitions: Definitions<AppType>, platform: Platform) {
        self.key = key
        self.definitions = definitions
        self.platform = platform
        let profile = definitions.profile
        let parameterGroups = groupByKey(definitions.flatMap(\.parameters), profile: profile)
        let actionGroups = groupByKey(definitions.flatMap(\.actions), profile: profile)
        let appGroups = groupByKey(definitions.flatMap(\.apps), profile: profile)
        (parameters, parameterLookup) = (parameterGroups.groups.map { Merged(definitions: $0.definitions) }, parameterGroups.lookup)
        parameterKeys = parameterGroups.groups.map(\.key)
        var keysDeclaredBefore = Set<String>()
        var keysInFillOrder: [String] = []
        for definition in definitions {
            let keys = definition.parameters.compactMap { $0.key.map(profile.matchingKey) }
            keysInFillOrder += keys.filter { !keysDeclaredBefore.contains($0) }
            keysDeclaredBefore.formUnion(keys)
        }
        self.keysInFillOrder = keysInFillOrder
        (actions, actionLookup) = (actionGroups.groups.map { Merged(definitions: $0.definitions) }, actionGroups.lookup)
        actionKeys = actionGroups.groups.map(\.key)
        (apps, appLookup) = (appGroups.groups.map { MergedApp(definitions: $0.definitions) }, appGroups.lookup)
    }

    public var name: String? { definitions.value(of: \.name) }


    public func parameter(_ key: String) -> Merged<Parameter>? {
        parameterLookup.position(of: key, among: parameterKeys).map { parameters[$0] }
    }

    public func action(_ key: String) -> Merged<Action>? {
        actionLookup.position(of: key, among: actionKeys).map { actions[$0] }
    }

    public func app(_ key: String) -> MergedApp? {
        position(ofApp: key).map { apps[$0] }
    }

    /// Where the app `key` stands among `apps`: its row in each of the type's matrices.
    public func position(ofApp key: String) -> Int? {
        appLookup.position(of: key, among: apps.lazy.map(\.key))
    }
}

/// An app merged across layers, with its actions merged by key. A class: the merged app type
/// and every loaded definition of the app hold it.
public final class MergedApp: Sendable {
    public let definitions: Definitions<App>
    public let actions: [Merged<AppAction>]
    private let actionLookup: KeyLookup

    public var key: String { definitions.key }

    package init(definitions: Definitions<App>) {
        self.definitions = definitions
        let actionGroups = groupByKey(definitions.flatMap(\.actions), profile: definitions.profile)
        (actions, actionLookup) = (actionGroups.groups.map { Merged(definitions: $0.definitions) }, actionGroups.lookup)
    }

    public var name: String? { definitions.value(of: \.name) }
    public var appURLScheme: String? { definitions.value(of: \.appURLScheme) }
    /// The definition the merged `app_url_scheme` comes from, for pointing at it.
    public var appURLSchemeDefinition: App? { definitions.definition(providing: \.appURLScheme) }
    public var source: String? { definitions.value(of: \.source) }

    public func action(_ key: String) -> Merged<AppAction>? {
        actionLookup.position(of: key, among: actions.lazy.map(\.key)).map { actions[$0] }
    }
}

/// Groups entities by key, as `profile` matches keys, in order of first appearance, each group
/// in the given order, with the lookup that finds a group's position by its key. Most lists
/// are short (an app's actions), where comparing keys is cheaper than hashing them; long ones
/// (a layer's apps) are indexed, and the index is the lookup's.
private func groupByKey<Entity: KeyedEntity>(
    _ entities: [Entity], profile: ClientProfile
) -> (groups: [(key: String, definitions: Definitions<Entity>)], lookup: KeyLookup) {
    let isIndexed = entities.count > KeyLookup.searchLimit
    var groups: [(key: String, definitions: Definitions<Entity>)] = []
    // Most keys have one definition: growing the groups one at a time was a third of grouping.
    groups.reserveCapacity(entities.count)
    var indexByKey: [String: Int] = [:]
    if isIndexed { indexByKey.reserveCapacity(entities.count) }
    for entity in entities {
        guard let key = entity.key.map(profile.matchingKey) else { continue }
        if let index = isIndexed ? indexByKey[key] : groups.firstIndex(where: { $0.key == key }) {
            groups[index].definitions.append(entity)
        } else {
            if isIndexed { indexByKey[key] = groups.count }
            groups.append((key, Definitions(entity, profile: profile)))
        }
    }
    return (groups, KeyLookup(index: isIndexed ? indexByKey : nil))
}

/// The definitions of one merged value, earliest layer first; never empty; and the profile
/// that decides which of them a field comes from. Most values have one, which then needs no
/// array of its own: a one-element array for every merged app action was 13 MB of the heap
/// when linting a 64 MB catalog.
public struct Definitions<Entity: KeyedEntity>: RandomAccessCollection, Sendable {
    private let earliest: Entity
    private var later: [Entity] = []
    public let profile: ClientProfile

    package init(_ earliest: Entity, profile: ClientProfile) {
        self.earliest = earliest
        self.profile = profile
    }

    /// A field's merged value, read once: a field is read from its node each time it is asked
    /// for. The shipped client keeps the earliest definition whole, so a later one never fills
    /// in a field it lacks; otherwise the last definition that has the field wins.
    package func value<Value>(of field: (Entity) -> Value?) -> Value? {
        // Most values have one definition: read it without walking a reversed collection.
        guard !later.isEmpty, profile.laterDefinitionsWin else { return field(earliest) }
        for definition in later.reversed() {
            if let value = field(definition) { return value }
        }
        return field(earliest)
    }

    /// The definition a field's merged value comes from; nil when the value has no such field.
    package func definition<Value>(providing field: (Entity) -> Value?) -> Entity? {
        guard profile.laterDefinitionsWin else { return field(earliest) == nil ? nil : earliest }
        return last { field($0) != nil }
    }

    /// The definitions after the one the client keeps whole: what the shipped client ignores
    /// (empty for a profile where later definitions win).
    public var ignored: ArraySlice<Entity> { profile.laterDefinitionsWin ? [] : later[...] }

    /// The key of the definitions, as the profile matches keys: values without one are never
    /// merged.
    var key: String { profile.matchingKey(earliest.key ?? "") }

    package mutating func append(_ definition: Entity) {
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
