import ChoosyCatalog

/// A JSON Schema file published for editors, in schemas/ and on the docs site
/// (docs/schema.md): the schema of catalog files and the schema of `.choosy-data.yml`, each in
/// draft 2020-12 and in draft-07, all made from the one declaration of their fields.
public enum PublishedSchema: String, CaseIterable, Sendable {
    case appType = "app-type.schema.json"
    case appTypeDraft07 = "app-type.draft-07.schema.json"
    case config = "choosy-data-config.schema.json"
    case configDraft07 = "choosy-data-config.draft-07.schema.json"

    public var fileName: String { rawValue }

    /// The file's text. With `siteURL`, the address the docs site is served from, its `$id` is
    /// the file's address there; without it there is no `$id`, since no other address is known.
    public func text(siteURL: String? = nil) -> String {
        let id = id(siteURL: siteURL)
        switch self {
        case .appType: return AppTypeSchema.text(id: id) + "\n"
        case .appTypeDraft07: return DraftSevenEdition.translate(AppTypeSchema.tree(id: id)).rendered()
        case .config: return ConfigSchema.tree(id: id).rendered()
        case .configDraft07: return DraftSevenEdition.translate(ConfigSchema.tree(id: id)).rendered()
        }
    }

    /// The file's address on the site served from `siteURL`, its `$id`.
    public func id(siteURL: String?) -> String? {
        siteURL.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + fileName }
    }
}
