import ChoosySyntax
import ChoosyCatalog
import ChoosyTools

/// What the cursor stands on in a loaded catalog file, for hover, definition and references.
enum CursorTarget {
    /// A `{{name}}` placeholder in a url_format of app type `appType`.
    case placeholder(name: String, appType: String, range: SourceRange)
    /// The `key` of a parameter, action, app, app action or app type; `appType` is the key of
    /// the app type it is in (its own for an app type).
    case key(CatalogEntity, key: String, appType: String, range: SourceRange)
    /// A member's name: the field it is.
    case field(CatalogField, range: SourceRange)
    /// The `app_url_scheme` value of app `app` of app type `appType`.
    case scheme(app: String, appType: String, range: SourceRange)

    var range: SourceRange {
        switch self {
        case .placeholder(_, _, let range), .key(_, _, _, let range), .field(_, let range), .scheme(_, _, let range): range
        }
    }

    /// What stands at byte `offset` of `document`, a catalog file: found by walking down from
    /// the top-level list of app types, each list field leading to its entity.
    init?(at offset: Int, in document: Document) {
        var node = document.root
        var elementEntity = CatalogEntity.appType
        var appType: String?
        while true {
            guard let element = node.elements?.first(where: { Self.range($0.range, holds: offset) }),
                  let members = element.members else { return nil }
            let entity = elementEntity
            if entity == .appType { appType = element["key"]?.string }
            if let member = members.first(where: { Self.range($0.keyRange, holds: offset, endIncluded: true) }) {
                guard let field = entity.fields.first(where: { $0.name == member.key }) else { return nil }
                self = .field(field, range: member.keyRange)
                return
            }
            guard let member = members.first(where: { Self.range($0.value.range, holds: offset, endIncluded: true) }),
                  let field = entity.fields.first(where: { $0.name == member.key }), let appType else { return nil }
            switch field.kind {
            case .key:
                guard let key = member.value.string else { return nil }
                self = .key(entity, key: key, appType: appType, range: member.value.range)
                return
            case .entities(let inner, _):
                node = member.value
                elementEntity = inner
            default:
                if entity == .app, field.name == "app_url_scheme", member.value.isString, let app = element["key"]?.string {
                    self = .scheme(app: app, appType: appType, range: member.value.range)
                    return
                }
                guard entity == .appAction, field.name == "url_format", let text = member.value.string else { return nil }
                let value = member.value
                let placeholder = URLTemplate(text).placeholders.lazy
                    .map { ($0.name, document.sourceRange(ofScalars: $0.range, in: value)) }
                    .first { $1 != value.range && Self.range($1, holds: offset, endIncluded: true) }
                guard let (name, range) = placeholder else { return nil }
                self = .placeholder(name: name, appType: appType, range: range)
                return
            }
        }
    }

    /// Whether `offset` is in `range`, or just after it when `endIncluded` (a cursor after the
    /// last character of a word still stands on it).
    private static func range(_ range: SourceRange, holds offset: Int, endIncluded: Bool = false) -> Bool {
        range.start.offset <= offset && (offset < range.end.offset || endIncluded && offset == range.end.offset)
    }
}
