import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// What changed between two catalogs for the apps that consume them: the merged catalogs
/// compared entity by entity, every change classified (docs/diff.md), renames recognised.
/// Under the shipped profile, changes to values the client ignores are docs, marked so;
/// changes to frozen layers alone are marked as reaching no phone already in the field.
public struct CatalogDiff: Sendable {
    /// Ordered by class (breaking first), app type, entity, app, key and field, each change to
    /// what the client holds before one to what it ignores.
    public let changes: [CatalogChange]
    /// The client both catalogs were merged for (the new catalog's).
    public let profile: ClientProfile

    /// Compares two catalogs merged with one profile (the new catalog's is the one reported).
    public init(old: MergedCatalog, new: MergedCatalog) {
        profile = new.profile
        var comparison = Comparison(frozenFiles: old.frozenFiles.union(new.frozenFiles))
        comparison.compare(old.appTypes, new.appTypes)
        changes = comparison.changes.sorted(by: Self.isOrderedBefore)
    }

    public func count(of changeClass: ChangeClass) -> Int {
        changes.count { $0.changeClass == changeClass }
    }

    public func count(of kind: CatalogChange.Kind) -> Int {
        changes.count { $0.kind == kind }
    }

    /// How many changes are to frozen layers alone (reaching no phone already in the field).
    public var frozenLayerCount: Int {
        changes.count(where: \.isInFrozenLayer)
    }

    /// Whether a change reaches the `--fail-on` gate.
    public func fails(at gate: DiffGate) -> Bool {
        changes.contains { gate.isReached(by: $0.changeClass) }
    }

    private static func isOrderedBefore(_ a: CatalogChange, _ b: CatalogChange) -> Bool {
        func rank(_ change: CatalogChange) -> (Int, String, Int, String, String, String) {
            (ChangeClass.allCases.firstIndex(of: change.changeClass)!, change.type,
             CatalogChange.Entity.allCases.firstIndex(of: change.entity)!, change.app ?? "", change.key, change.field ?? "")
        }
        let (rankA, rankB) = (rank(a), rank(b))
        return rankA != rankB ? rankA < rankB : !a.isIgnoredByClient && b.isIgnoredByClient
    }
}

/// The walk over both catalogs, collecting changes.
private struct Comparison {
    /// The files of both sides' frozen layers (the sides' paths never coincide).
    let frozenFiles: Set<String>
    var changes: [CatalogChange] = []

    /// Whether definitions in `files`, at least one, all lie in frozen layers.
    private func areFrozen(_ files: [String]) -> Bool {
        !files.isEmpty && files.allSatisfy(frozenFiles.contains)
    }

    mutating func compare(_ old: [MergedAppType], _ new: [MergedAppType]) {
        let content = { (type: MergedAppType) in Values.withoutKey(Values.appType(type)) }
        let types = KeyedPairing(old: old, new: new, oldKey: \.key, newKey: \.key, oldContent: content, newContent: content)
        record(types, .appType, type: { $0.key }, value: Values.appType)
        for (oldType, newType) in types.common {
            compare(oldType, newType)
        }
    }

    private mutating func compare(_ old: MergedAppType, _ new: MergedAppType) {
        let type = new.key
        compareFields(.appType, type: type, key: type, old.definitions, new.definitions)

        let parameterContent = { (parameter: Merged<Parameter>) in Values.withoutKey(Values.parameter(parameter)) }
        let parameters = KeyedPairing(
            old: old.parameters, new: new.parameters, oldKey: \.key, newKey: \.key,
            oldContent: parameterContent, newContent: parameterContent)
        // A new parameter that callers must pass breaks every existing call.
        record(parameters, .parameter, type: { _ in type }, value: Values.parameter) {
            $0.value(\.presenceRequired) == true ? .breaking : .feature
        }
        for (oldParameter, newParameter) in parameters.common {
            compare(oldParameter, newParameter, type: type)
        }

        // Old URL formats are read with renamed parameters' new names, and old app actions
        // with renamed actions' new keys, so that one rename is reported once.
        let parameterRenames = Dictionary(uniqueKeysWithValues: parameters.renamed.map { ($0.old.key, $0.new.key) })
        let oldURLFormat = { (text: String) in Values.renamingPlaceholders(in: text, parameterRenames) }
        let actions = KeyedPairing(
            old: old.actions, new: new.actions, oldKey: \.key, newKey: \.key,
            oldContent: { Values.actionContent($0, of: old, urlFormat: oldURLFormat) },
            newContent: { Values.actionContent($0, of: new, urlFormat: { $0 }) })
        record(actions, .action, type: { _ in type }, value: Values.action)
        for (oldAction, newAction) in actions.common {
            compareFields(.action, type: type, key: newAction.key, oldAction.definitions, newAction.definitions)
        }

        let actionRenames = Dictionary(uniqueKeysWithValues: actions.renamed.map { ($0.old.key, $0.new.key) })
        let oldActionKey = { (key: String) in actionRenames[key] ?? key }
        let apps = KeyedPairing(
            old: old.apps, new: new.apps, oldKey: \.key, newKey: \.key,
            oldContent: { Values.withoutKey(Values.app($0, actionKey: oldActionKey, urlFormat: oldURLFormat)) },
            newContent: { Values.withoutKey(Values.app($0)) })
        record(apps, .app, type: { _ in type }, value: { Values.app($0) })
        recordOrder(of: apps, in: new.apps, type: type)
        for (oldApp, newApp) in apps.common {
            compare(oldApp, newApp, of: (old, new), actionKey: oldActionKey, urlFormat: oldURLFormat)
        }
    }

    /// Records a new order of the apps both catalogs have: the order the client's picker lists
    /// them in. Docs: no call changes, but users see it.
    private mutating func recordOrder(of apps: KeyedPairing<MergedApp>, in newApps: [MergedApp], type: String) {
        // The pairs are in the old catalog's order.
        let oldOrder = apps.common.map(\.new.key)
        let common = Set(oldOrder)
        let newOrder = newApps.map(\.key).filter(common.contains)
        guard newOrder != oldOrder else { return }
        let list = { (keys: [String]) in JSONValue.object([("apps", .array(keys.map(JSONValue.string)))]) }
        // The picker's order is that of the apps' earliest definitions.
        let isFrozen = areFrozen(apps.common.flatMap { [$0.old.definitions[0].file, $0.new.definitions[0].file] })
        changes.append(CatalogChange(
            .reordered, .app, type: type, key: type, class: .docs, before: list(oldOrder), after: list(newOrder), isInFrozenLayer: isFrozen))
    }

    private mutating func compare(_ old: Merged<Parameter>, _ new: Merged<Parameter>, type: String) {
        compareFields(.parameter, type: type, key: new.key, old.definitions, new.definitions)
    }

    private mutating func compare(
        _ old: MergedApp, _ new: MergedApp, of types: (old: MergedAppType, new: MergedAppType), actionKey: (String) -> String,
        urlFormat: (String) -> String
    ) {
        let type = types.new.key
        compareFields(.app, type: type, key: new.key, old.definitions, new.definitions)
        // An app action's key names the action it implements, so there is no renaming one: a
        // new key is a removal and an addition.
        let actions = KeyedPairing(old: old.actions, new: new.actions, oldKey: { actionKey($0.key) }, newKey: \.key)
        for action in actions.removed {
            changes.append(CatalogChange(
                .removed, .appAction, type: type, key: action.key, app: new.key, class: .breaking,
                before: Values.appAction(action), after: nil, isInFrozenLayer: areFrozen(action.files)))
        }
        for action in actions.added {
            changes.append(CatalogChange(
                .added, .appAction, type: type, key: action.key, app: new.key, class: .feature,
                before: nil, after: Values.appAction(action), isInFrozenLayer: areFrozen(action.files)))
        }
        for (oldAction, newAction) in actions.common {
            compareFields(
                .appAction, type: type, key: newAction.key, app: new.key, oldAction.definitions, newAction.definitions,
                urlFormat: urlFormat, parameterKeys: (types.old.keysInFillOrder, types.new.keysInFillOrder), platform: types.new.platform)
        }
    }

    /// Records each field the entity declares that the two values say differently, as its
    /// declaration classifies it, and each that the definitions the client ignores say
    /// differently (docs). Keys and lists of keyed values are compared by the walk.
    /// `parameterKeys` are the old and new type's, in the order the client fills them, for the
    /// url_format of an app action.
    private mutating func compareFields<Entity>(
        _ entity: CatalogChange.Entity, type: String, key: String, app: String? = nil,
        _ old: Definitions<Entity>, _ new: Definitions<Entity>, urlFormat: (String) -> String = { $0 },
        parameterKeys: (old: [String], new: [String]) = ([], []), platform: Platform = .default
    ) {
        for field in entity.declaration.fields {
            let value: (Entity) -> JSONValue? = Values.member(field)
            // Where the value the client reads comes from on either side, and the values it ignores.
            let isFrozen = areFrozen([old.definition(providing: value), new.definition(providing: value)].compactMap { $0?.file })
            let isIgnoredFrozen = areFrozen([Self.ignoredDefinition(old, value), Self.ignoredDefinition(new, value)].compactMap { $0?.file })
            switch field.diffRule {
            case .identity, .elements:
                continue
            case .always(let changeClass):
                compareValue(
                    entity, type: type, key: key, app: app, field.name, old.value(of: value), new.value(of: value), class: { _ in changeClass },
                    isInFrozenLayer: isFrozen)
                compareIgnored(entity, type: type, key: key, app: app, field.name, old, new, value, isInFrozenLayer: isIgnoredFrozen)
            case .requirement:
                // Requiring what was optional breaks callers; relaxing a requirement is new freedom.
                compareValue(
                    entity, type: type, key: key, app: app, field.name, old.value(of: value) ?? .bool(false), new.value(of: value) ?? .bool(false),
                    class: { $0 == .bool(true) ? .breaking : .feature }, isInFrozenLayer: isFrozen)
                compareIgnored(entity, type: type, key: key, app: app, field.name, old, new, value, isInFrozenLayer: isIgnoredFrozen)
            case .placeholders:
                let text = { (definition: Entity) in definition.node[field.name]?.string }
                compareURLFormat(
                    old.value(of: text), new.value(of: text), type: type, key: key, app: app, urlFormat: urlFormat,
                    parameterKeys: parameterKeys, profile: old.profile, platform: platform, isInFrozenLayer: isFrozen)
                compareURLFormat(
                    Self.ignoredValue(old, text), Self.ignoredValue(new, text),
                    type: type, key: key, app: app, urlFormat: urlFormat, parameterKeys: parameterKeys, profile: old.profile,
                    platform: platform, isIgnoredByClient: true, isInFrozenLayer: isIgnoredFrozen)
            }
        }
    }

    /// A url_format change is judged by what the client does with it (`AppActionOutcome`):
    /// breaking when a format that opened a URL no longer does, a fix when one that never did
    /// now does or still does not; between two that open URLs, breaking when a declared
    /// parameter's placeholder disappears (callers' values are silently dropped), a feature
    /// when declared placeholders only appear, and a fix otherwise. An undeclared placeholder
    /// is no caller's value: it counts for neither. Docs when the client ignores both texts.
    private mutating func compareURLFormat(
        _ oldText: String?, _ newText: String?, type: String, key: String, app: String?, urlFormat: (String) -> String,
        parameterKeys: (old: [String], new: [String]), profile: ClientProfile, platform: Platform, isIgnoredByClient: Bool = false,
        isInFrozenLayer: Bool
    ) {
        guard oldText.map(urlFormat) != newText else { return }
        let before = Set(oldText.map { Values.placeholderNames(in: urlFormat($0)) } ?? []).intersection(parameterKeys.new)
        let after = Set(newText.map(Values.placeholderNames(in:)) ?? []).intersection(parameterKeys.new)
        let removed = before.subtracting(after).sorted()
        let added = after.subtracting(before).sorted()
        let outcomeBefore = oldText.map { AppActionOutcome(format: $0, parameterKeys: parameterKeys.old, profile: profile, on: platform).state }
        let outcomeAfter = newText.map { AppActionOutcome(format: $0, parameterKeys: parameterKeys.new, profile: profile, on: platform).state }
        let changeClass: ChangeClass = switch (outcomeBefore == .url, outcomeAfter == .url) {
        case _ where isIgnoredByClient: .docs
        case (true, false): .breaking
        case (false, _): .fix
        case (true, true): !removed.isEmpty ? .breaking : !added.isEmpty ? .feature : .fix
        }
        func value(_ text: String?) -> JSONValue {
            .object([
                ("url_format", text.map(JSONValue.string) ?? .null),
                ("placeholders", .array((text.map(Values.placeholderNames(in:)) ?? []).map(JSONValue.string))),
            ])
        }
        changes.append(CatalogChange(
            .changed, .appAction, type: type, key: key, app: app, class: changeClass, field: "url_format",
            before: value(oldText), after: value(newText), placeholdersRemoved: removed, placeholdersAdded: added,
            outcomes: outcomeBefore == outcomeAfter ? nil : (outcomeBefore, outcomeAfter), isIgnoredByClient: isIgnoredByClient,
            isInFrozenLayer: isInFrozenLayer))
    }

    /// Records a field that the later definitions the client ignores say differently in the
    /// two catalogs: docs, since no shipped client sees either value (nothing is ignored under
    /// a profile where later definitions win).
    private mutating func compareIgnored<Entity>(
        _ entity: CatalogChange.Entity, type: String, key: String, app: String?, _ field: String,
        _ old: Definitions<Entity>, _ new: Definitions<Entity>, _ value: (Entity) -> JSONValue?, isInFrozenLayer: Bool
    ) {
        let before = Self.ignoredValue(old, value)
        let after = Self.ignoredValue(new, value)
        guard before != after else { return }
        changes.append(fieldChange(
            entity, type: type, key: key, app: app, field, before, after, class: .docs, isIgnoredByClient: true, isInFrozenLayer: isInFrozenLayer))
    }

    /// What the ignored definitions give a field: the last one that has it, as a client that
    /// honours them would take it.
    private static func ignoredValue<Entity, Value>(_ definitions: Definitions<Entity>, _ field: (Entity) -> Value?) -> Value? {
        ignoredDefinition(definitions, field).flatMap(field)
    }

    /// The ignored definition a field's ignored value comes from.
    private static func ignoredDefinition<Entity, Value>(_ definitions: Definitions<Entity>, _ field: (Entity) -> Value?) -> Entity? {
        definitions.ignored.last { field($0) != nil }
    }

    /// Records a changed member, of the class `changeClass` gives for the new value.
    private mutating func compareValue(
        _ entity: CatalogChange.Entity, type: String, key: String, app: String?, _ field: String, _ old: JSONValue?, _ new: JSONValue?,
        class changeClass: (JSONValue?) -> ChangeClass, isInFrozenLayer: Bool
    ) {
        guard old != new else { return }
        changes.append(fieldChange(entity, type: type, key: key, app: app, field, old, new, class: changeClass(new), isInFrozenLayer: isInFrozenLayer))
    }

    private func fieldChange(
        _ entity: CatalogChange.Entity, type: String, key: String, app: String? = nil, _ field: String,
        _ old: JSONValue?, _ new: JSONValue?, class changeClass: ChangeClass, isIgnoredByClient: Bool = false, isInFrozenLayer: Bool
    ) -> CatalogChange {
        CatalogChange(
            .changed, entity, type: type, key: key, app: app, class: changeClass, field: field,
            before: .object([(field, old ?? .null)]), after: .object([(field, new ?? .null)]), isIgnoredByClient: isIgnoredByClient,
            isInFrozenLayer: isInFrozenLayer)
    }

    /// Records the removals (breaking), additions (a feature unless `addedClass` says
    /// otherwise) and renames (breaking: the key consumers use changed) of a pairing.
    private mutating func record<Value>(
        _ pairing: KeyedPairing<Value>, _ entity: CatalogChange.Entity, type: (Value) -> String,
        value: (Value) -> JSONValue, addedClass: (Value) -> ChangeClass = { _ in .feature }
    ) where Value: KeyedValue {
        for old in pairing.removed {
            changes.append(CatalogChange(
                .removed, entity, type: type(old), key: old.key, class: .breaking, before: value(old), after: nil,
                isInFrozenLayer: areFrozen(old.files)))
        }
        for new in pairing.added {
            changes.append(CatalogChange(
                .added, entity, type: type(new), key: new.key, class: addedClass(new), before: nil, after: value(new),
                isInFrozenLayer: areFrozen(new.files)))
        }
        for (old, new) in pairing.renamed {
            changes.append(CatalogChange(
                .renamed, entity, type: type(new), key: new.key, oldKey: old.key, class: .breaking, before: value(old), after: value(new),
                isInFrozenLayer: areFrozen(old.files + new.files)))
        }
    }
}

/// A merged value with a key and its definitions, so that pairings of every level are
/// recorded alike.
protocol KeyedValue {
    associatedtype Entity: KeyedEntity
    var key: String { get }
    var definitions: Definitions<Entity> { get }
}

extension KeyedValue {
    /// The file of each definition.
    var files: [String] { definitions.map(\.file) }
}

extension MergedAppType: KeyedValue {}
extension MergedApp: KeyedValue {}
extension Merged: KeyedValue {}
