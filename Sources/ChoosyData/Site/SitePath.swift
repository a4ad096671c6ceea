/// The file names of the docs site. Every page sits in the site's top directory, so links are
/// bare file names; data pages are named after keys, which `key-format` limits to
/// `[a-z][a-z0-9_]*`, so a name is safe in a path and a URL, and the `-` between a prefix and
/// each key keeps every name unique (no key holds a `-`).
enum SitePath {
    static let index = "index.html"
    static let search = "search.html"
    static let rules = "rules.html"
    static let schema = "schema.html"
    static let styleSheet = "choosy.css"
    /// A literal, since only a literal can name a script (`HTMLWriter.scriptFile`).
    static let script = HTML.StaticStringValue("choosy.js")

    static func appType(_ type: String) -> String { "type-\(type).html" }
    static func action(_ type: String, _ action: String) -> String { "action-\(type)-\(action).html" }
    static func parameter(_ type: String, _ parameter: String) -> String { "parameter-\(type)-\(parameter).html" }
    static func app(_ app: String) -> String { "app-\(app).html" }
}
