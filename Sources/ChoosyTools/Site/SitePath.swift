import ChoosyCore

/// The file names of the docs site. Every page sits in the site's top directory, so links are
/// bare file names; data pages are named after keys, which `key-format` limits to
/// `[a-z][a-z0-9_]*`, so a name is safe in a path and a URL, and the `-` between a prefix and
/// each key keeps every name unique (no key holds a `-`).
enum SitePath {
    static let index = "index.html"
    static let search = "search.html"
    static let rules = "rules.html"
    static let schema = "schema.html"
    static let changes = "changes.html"
    static let editor = "editor.html"

    /// The editor with `type` chosen, and `app` of its file to start from (its script reads
    /// the query).
    static func editor(type: String, app: String? = nil) -> String { editor + "?type=" + type + (app.map { "&app=" + $0 } ?? "") }
    static let styleSheet = "choosy.css"
    static let favicon = "favicon.svg"
    /// A literal, since only a literal can name a script (`HTMLWriter.scriptFile`).
    static let script = HTML.StaticStringValue("choosy.js")

    static func appType(_ type: String) -> String { page("type-", type) }
    static func action(_ type: String, _ action: String) -> String { page("action-", type, action) }
    package static func parameter(_ type: String, _ parameter: String) -> String { page("parameter-", type, parameter) }
    static func app(_ app: String) -> String { page("app-", app) }

    /// `prefix`, the keys joined by `-`, and `.html`, copied into one new string: the site makes
    /// a path for nearly every link, and an interpolation spent a few hundred instructions on
    /// each of its pieces.
    private static func page(_ prefix: StaticString, _ key: String, _ secondKey: String? = nil) -> String {
        let suffix: StaticString = ".html"
        let count = prefix.utf8CodeUnitCount + key.utf8.count + (secondKey.map { $0.utf8.count + 1 } ?? 0) + suffix.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = 0
            func copy(_ bytes: some Collection<UInt8>) {
                end = buffer[end...].initialize(fromContentsOf: bytes)
            }
            prefix.withUTF8Buffer { copy($0) }
            copy(key.utf8)
            if let secondKey {
                copy(CollectionOfOne(UInt8(ascii: "-")))
                copy(secondKey.utf8)
            }
            suffix.withUTF8Buffer { copy($0) }
            return end
        }
    }
}
