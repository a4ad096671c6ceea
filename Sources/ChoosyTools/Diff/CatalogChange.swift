import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// One difference between two merged catalogs, as `diff` reports it: what happened to which
/// entity, how serious it is, and the values before and after.
public struct CatalogChange: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case added, removed, changed, renamed
        /// The apps of a type, both catalogs have, listed in a new order (`key` is the type's).
        case reordered
    }

    /// What kind of catalog value changed, in reporting order.
    public enum Entity: String, Sendable, CaseIterable {
        case appType = "app_type"
        case parameter
        case action
        case app
        case appAction = "app_action"

        /// The entity whose declared fields it has.
        var declaration: CatalogEntity {
            switch self {
            case .appType: .appType
            case .parameter: .parameter
            case .action: .action
            case .app: .app
            case .appAction: .appAction
            }
        }

        /// The words a sentence uses for it.
        public var noun: String {
            switch self {
            case .appType: "app type"
            case .appAction: "app action"
            default: rawValue
            }
        }
    }

    public let kind: Kind
    public let entity: Entity
    /// The app type's key (in the new catalog, for a renamed type).
    public let type: String
    /// The entity's key: the new key when renamed, the old one when removed.
    public let key: String
    /// For `renamed`: the key before.
    public let oldKey: String?
    /// The app's key, for app actions.
    public let app: String?
    public let changeClass: ChangeClass
    /// For `changed`: the member that changed (`name`, `url_format`, …).
    public let field: String?
    /// The value before (nil when added): the whole entity, or for `changed` an object of the
    /// changed member alone (with the placeholders, for a url_format).
    public let before: JSONValue?
    public let after: JSONValue?
    /// For url_format changes: placeholder names that disappear and that appear, sorted.
    public let placeholdersRemoved: [String]
    public let placeholdersAdded: [String]
    /// For url_format changes that change what the client does: its state before and after
    /// (nil on the side without a format).
    public let outcomes: (before: AppActionOutcome.State?, after: AppActionOutcome.State?)?
    /// For `changed`: the member changed only in later definitions that the client ignores
    /// (the shipped client keeps a key's earliest definition), so it has no effect on the
    /// client; `before` and `after` are what those definitions say.
    public let isIgnoredByClient: Bool
    /// Every definition the change touches lies in a frozen layer (built into apps in the
    /// field): it reaches no phone already in the field, only apps built with the new layer.
    public let isInFrozenLayer: Bool

    init(
        _ kind: Kind, _ entity: Entity, type: String, key: String, oldKey: String? = nil, app: String? = nil, class changeClass: ChangeClass,
        field: String? = nil, before: JSONValue?, after: JSONValue?,
        placeholdersRemoved: [String] = [], placeholdersAdded: [String] = [],
        outcomes: (before: AppActionOutcome.State?, after: AppActionOutcome.State?)? = nil, isIgnoredByClient: Bool = false,
        isInFrozenLayer: Bool
    ) {
        self.outcomes = outcomes
        self.kind = kind
        self.entity = entity
        self.type = type
        self.key = key
        self.oldKey = oldKey
        self.app = app
        self.changeClass = changeClass
        self.field = field
        self.before = before
        self.after = after
        self.placeholdersRemoved = placeholdersRemoved
        self.placeholdersAdded = placeholdersAdded
        self.isIgnoredByClient = isIgnoredByClient
        self.isInFrozenLayer = isInFrozenLayer
    }

    /// What a sentence adds for a change to a frozen layer.
    public static let frozenNote = "reaches no phone already in the field (built into the app)"

    /// One line saying what changed, for the text and markdown reports; `code` marks keys and
    /// values (backticks in markdown), `text` writes free text such as a name (escaped in
    /// markdown, so a name is never markup).
    public func sentence(code: (String) -> String, text: (String) -> String = { $0 }) -> String {
        clause(code: code, text: text) + (isInFrozenLayer ? "; " + Self.frozenNote : "")
    }

    private func clause(code: (String) -> String, text: (String) -> String) -> String {
        let subject = "\(entity.noun) \(code(key))" + (app.map { " of app \(code($0))" } ?? "")
        switch kind {
        case .added, .removed:
            let name = (kind == .added ? after : before).flatMap(Self.name(of:))
            return "\(kind.rawValue) \(subject)" + (name.map { " (\(text($0)))" } ?? "") + infoPlistNote(code: code)
        case .renamed:
            return "renamed \(entity.noun) \(code(oldKey ?? "?")) to \(code(key))" + (app.map { " of app \(code($0))" } ?? "")
        case .reordered:
            func order(_ value: JSONValue?) -> String {
                guard case .array(let keys)? = value.flatMap({ Self.member("apps", of: $0) }) else { return "" }
                return keys.compactMap { key in
                    guard case .string(let key) = key else { return nil }
                    return code(key)
                }.joined(separator: ", ")
            }
            return "reordered the apps of app type \(code(type)) (the order the picker lists them in): \(order(before)) → \(order(after))"
        case .changed:
            let field = field ?? "?"
            var sentence = field == "examples"
                ? "changed examples of \(subject): " + ExampleListChange(before: before, after: after).clauses(code: code)
                : "changed \(field) of \(subject): \(quoted(before, field, code)) → \(quoted(after, field, code))"
            if !placeholdersRemoved.isEmpty { sentence += "; removes " + placeholdersRemoved.map { code("{{\($0)}}") }.joined(separator: ", ") }
            if !placeholdersAdded.isEmpty { sentence += "; adds " + placeholdersAdded.map { code("{{\($0)}}") }.joined(separator: ", ") }
            if let (before, after) = outcomes {
                let summary = { (state: AppActionOutcome.State?) in state.map(AppActionOutcome.summary(of:)) ?? "no format" }
                sentence += "; the client \(summary(before)) before, \(summary(after)) now"
            }
            if isIgnoredByClient { sentence += "; ignored by the shipped client" }
            return sentence + infoPlistNote(code: code)
        }
    }

    /// The schemes an app must now list under `LSApplicationQueriesSchemes` for the client to
    /// offer the apps this change brings: the `app_url_scheme` of an added app (or of the apps
    /// of an added app type), or the new one of a changed `app_url_scheme`. Bare, lowercased,
    /// sorted, without the web schemes iOS needs no declaration for; empty for every other
    /// change and for changes the client ignores.
    public var infoPlistSchemes: [String] {
        guard !isIgnoredByClient, let after else { return [] }
        var apps: [JSONValue] = []
        switch (kind, entity) {
        case (.added, .app): apps = [after]
        case (.changed, .app) where field == "app_url_scheme": apps = [after]
        case (.added, .appType):
            if case .array(let list)? = Self.member("apps", of: after) { apps = list }
        default: break
        }
        let schemes = apps.compactMap { app -> String? in
            guard case .string(let scheme)? = Self.member("app_url_scheme", of: app) else { return nil }
            return URISyntax.schemeName(of: scheme)?.lowercased()
        }
        return Set(schemes).subtracting(QueriedSchemes.webSchemes).sorted()
    }

    /// `; Info.plist needs scheme X` when the change brings schemes to declare.
    private func infoPlistNote(code: (String) -> String) -> String {
        let schemes = infoPlistSchemes
        guard !schemes.isEmpty else { return "" }
        return "; Info.plist needs scheme\(schemes.count == 1 ? "" : "s") " + schemes.map(code).joined(separator: ", ")
    }

    /// A scalar member as its literal (strings quoted), or `(none)` when the side lacks it.
    private func quoted(_ value: JSONValue?, _ field: String, _ code: (String) -> String) -> String {
        switch value.flatMap({ Self.member(field, of: $0) }) {
        case nil, .null?: "(none)"
        case let member?: code(member.compactText())
        }
    }

    private static func name(of value: JSONValue) -> String? {
        if case .string(let name) = member("name", of: value) { return name }
        return nil
    }

    static func member(_ name: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.0 == name }?.1
    }
}
