/// The YAML tags the loader understands; every other tag is refused where it is written.
enum YAMLTag {
    /// `!`: the node is taken as written, so a scalar stays a string.
    case nonSpecific
    case string
    case mapping
    case sequence
    case integer
    case float
    case boolean
    case null

    private static let coreSchemaPrefix = "tag:yaml.org,2002:"

    /// The tag libyaml resolved (`tag:yaml.org,2002:int` for `!!int`), or an error at `range`.
    init(_ resolved: String, at range: SourceRange) throws(SyntaxError) {
        switch resolved {
        case "!": self = .nonSpecific
        case Self.coreSchemaPrefix + "str": self = .string
        case Self.coreSchemaPrefix + "map": self = .mapping
        case Self.coreSchemaPrefix + "seq": self = .sequence
        case Self.coreSchemaPrefix + "int": self = .integer
        case Self.coreSchemaPrefix + "float": self = .float
        case Self.coreSchemaPrefix + "bool": self = .boolean
        case Self.coreSchemaPrefix + "null": self = .null
        default:
            throw SyntaxError(
                "custom tag \(Self.displayName(resolved)) is not supported", at: range,
                hint: "remove the tag; only !, !!str, !!int, !!float, !!bool, !!null, !!map and !!seq are understood")
        }
    }

    /// A tag as its author most likely wrote it: `!!int` rather than `tag:yaml.org,2002:int`.
    static func displayName(_ resolved: String) -> String {
        resolved.hasPrefix(coreSchemaPrefix) ? "!!" + resolved.dropFirst(coreSchemaPrefix.count) : resolved
    }

    /// How the tag is written, for messages.
    var displayName: String {
        switch self {
        case .nonSpecific: "!"
        case .string: "!!str"
        case .mapping: "!!map"
        case .sequence: "!!seq"
        case .integer: "!!int"
        case .float: "!!float"
        case .boolean: "!!bool"
        case .null: "!!null"
        }
    }
}
