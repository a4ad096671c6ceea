import ChoosySyntax
import ChoosyCatalog
import ChoosyTools

/// Answers an editor's questions about a catalog: what the value at the cursor is (hover),
/// where it is declared (definition), where it is used (references) and what may be typed
/// there (completion), across files and layers. Pure: it reads the catalog it is given, loaded
/// with the editor's unsaved buffers in place of their files.
public struct CatalogNavigator: Sendable {
    public let catalog: Catalog
    let merged: MergedCatalog
    let documents: [String: Document]

    /// A navigator of `catalog`. For completion while a file does not parse, load the catalog
    /// with the file's last text that did (what it declares still counts) and pass the buffer
    /// as it is to `completions(in:at:)`.
    public init(catalog: Catalog) {
        self.catalog = catalog
        merged = MergedCatalog(catalog)
        let documents = catalog.layers.flatMap { $0.files.map(\.document) }
        self.documents = Dictionary(documents.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The declarations of the value at `location` in file `path`: a placeholder's parameter,
    /// an app action's action, a key's own declarations in every layer.
    public func definition(in path: String, at location: SourceLocation) -> [SourceLink] {
        target(in: path, at: location).map(declarations) ?? []
    }

    /// Every use of the value at `location` in file `path`: a parameter's placeholders, an
    /// action's app actions; its declarations too when `includeDeclaration`.
    public func references(in path: String, at location: SourceLocation, includeDeclaration: Bool) -> [SourceLink] {
        guard let target = target(in: path, at: location) else { return [] }
        let declared = includeDeclaration ? declarations(of: target) : []
        let uses: [SourceLink] = switch target {
        case .placeholder(let name, let appType, _), .key(.parameter, let name, let appType, _): placeholders(of: name, in: appType)
        case .key(.action, let key, let appType, _), .key(.appAction, let key, let appType, _): appActions(of: key, in: appType)
        default: []
        }
        var seen = Set<SourceLink>()
        return (declared + uses).filter { seen.insert($0).inserted }
    }

    func target(in path: String, at location: SourceLocation) -> CursorTarget? {
        documents[path].flatMap { CursorTarget(at: location.offset, in: $0) }
    }

    /// Where the value a target names is declared, in layer and file order.
    private func declarations(of target: CursorTarget) -> [SourceLink] {
        switch target {
        case .placeholder(let name, let appType, _), .key(.parameter, let name, let appType, _):
            links(mergedAppType(appType)?.parameter(matching(name))?.definitions)
        case .key(.action, let key, let appType, _), .key(.appAction, let key, let appType, _):
            links(mergedAppType(appType)?.action(matching(key))?.definitions)
        case .key(.app, let key, let appType, _):
            links(mergedAppType(appType)?.app(matching(key))?.definitions)
        case .key(.appType, _, let appType, _):
            links(mergedAppType(appType)?.definitions)
        case .key, .field, .scheme:
            []
        }
    }

    /// The `{{name}}` placeholders of every url_format of the app type, in every layer.
    private func placeholders(of name: String, in appType: String) -> [SourceLink] {
        appActions(in: appType).flatMap { action -> [SourceLink] in
            guard let node = action.urlFormatNode, let text = node.string, let document = documents[action.file] else { return [] }
            return URLTemplate(text).placeholders.filter { matching($0.name) == matching(name) }.map {
                SourceLink(file: action.file, range: document.sourceRange(ofScalars: $0.range, in: node))
            }
        }
    }

    /// The keys of the app actions that implement action `key`, in every layer.
    private func appActions(of key: String, in appType: String) -> [SourceLink] {
        appActions(in: appType).filter { $0.key.map(matching) == matching(key) }.map(link)
    }

    /// Every app action of every app of the app type, in every layer.
    private func appActions(in appType: String) -> [AppAction] {
        (mergedAppType(appType).map { Array($0.definitions) } ?? []).flatMap(\.apps).flatMap(\.actions)
    }

    func mergedAppType(_ key: String) -> MergedAppType? {
        merged.appType(matching(key))
    }

    /// A key as the catalog's client compares keys.
    func matching(_ key: String) -> String {
        merged.profile.matchingKey(key)
    }

    private func links<Entity: KeyedEntity>(_ definitions: Definitions<Entity>?) -> [SourceLink] {
        (definitions.map(Array.init) ?? []).map(link)
    }

    func link(_ entity: some KeyedEntity) -> SourceLink {
        SourceLink(file: entity.file, range: entity.keyRange)
    }
}
