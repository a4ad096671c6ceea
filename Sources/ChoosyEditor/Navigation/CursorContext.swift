import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// Where the cursor is in a catalog or config file, read from the text alone: the objects
/// around it and what it is in. Read this way, not from a tree, so that it works in a buffer
/// that does not parse, as one being typed into does (`"url_format": "x://{{` with the string
/// still open).
struct CursorContext: Equatable {
    /// One object (JSON object, YAML mapping) around the cursor.
    struct Object: Equatable {
        /// The member of the enclosing object whose value holds this object, directly or as an
        /// element of a list; nil at the top of the file.
        var via: String?
        /// Whether it is an element of a list, not a member's value itself.
        var isElement = false
        /// The names of its members, the one being written at the cursor left out.
        var memberNames: [String] = []
        /// Its `key` member's value.
        var key: String?
    }

    /// Whether a member's name being written is in quotes (JSON), and whether they are closed.
    enum NameQuotes: Equatable {
        case none, open, closed
    }

    /// What the cursor is in.
    enum Spot: Equatable {
        /// A member's name, being written: the bytes of the name around the cursor, its quotes,
        /// and whether a colon already follows.
        case memberName(Range<Int>, quotes: NameQuotes, hasColon: Bool)
        /// A string (or YAML plain scalar) value of member `member`: the bytes of its text.
        case value(member: String, Range<Int>)
        case other
    }

    /// The objects around the cursor, outermost first.
    var objects: [Object]
    var spot: Spot

    /// The context at byte `offset` of `bytes`, read as `language`.
    init(of bytes: [UInt8], language: SourceLanguage, at offset: Int) {
        switch language {
        case .json: self = JSONCursorScanner(bytes: bytes, cursor: offset).context
        case .yaml: self = YAMLCursorScanner(bytes: bytes, cursor: offset).context
        }
    }

    init(objects: [Object], spot: Spot) {
        self.objects = objects
        self.spot = spot
    }

    /// The entity each object is, read from the members leading to it: a catalog file is a
    /// list of app types, and each list field leads to its entity (`apps` of an app type to
    /// apps). Nil from the first object that no field leads to (a config file's mapping).
    var entities: [CatalogEntity?] {
        var entities: [CatalogEntity?] = []
        for object in objects {
            guard let outer = entities.last else {
                entities.append(object.via == nil && object.isElement ? .appType : nil)
                continue
            }
            let field = outer.flatMap { entity in entity.fields.first { $0.name == object.via } }
            if case .entities(let entity, _) = field?.kind { entities.append(entity) } else { entities.append(nil) }
        }
        return entities
    }
}
