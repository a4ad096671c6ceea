/// A kind of object in a catalog file, named as the app-type schema's `$defs` name it, in the
/// order the schema defines them; its fields are declared in `CatalogField.all`.
public enum CatalogEntity: String, CaseIterable, Sendable {
    case appType, parameter, action, app, appAction, example

    /// The schema's title: the words messages use for it.
    public var title: String {
        switch self {
        case .appType: "app type"
        case .appAction: "app action"
        default: rawValue
        }
    }

    /// The schema's description.
    public var description: String {
        switch self {
        case .appType:
            "A kind of app the user picks a favourite for (email, maps, browser): the parameters and actions it offers and the apps that implement them."
        case .parameter: "One input of an app type's actions, such as the recipient of an email."
        case .action: "Something a calling app can ask any app of the type to do, such as composing an email."
        case .app: "One app of the type that the user can choose, and how to open it for each action it supports."
        case .appAction: "How one app performs one action of its app type: the URL to open, with the parameters filled in."
        case .example: "One rendering of an app action's URL format: the parameter values passed and the URL expected."
        }
    }

    /// The entity's fields in canonical order.
    public var fields: [CatalogField] {
        Self.fieldsByEntity[self] ?? []
    }

    /// The names of the entity's fields, in canonical order: the members the model knows.
    public var fieldNames: [String] {
        fields.map(\.name)
    }

    /// Whether the entity has a key, by which layers merge it and `diff` pairs it.
    public var isKeyed: Bool {
        fields.contains { $0.kind == .key }
    }

    private static let fieldsByEntity = Dictionary(grouping: CatalogField.all, by: \.entity)
}
