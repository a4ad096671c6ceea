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
    /// The files' trees the cursor is looked up in, by path: the catalog's, or for a file
    /// re-read since (`reading(_:)`) its tree now.
    private(set) var documents: [String: Document]
    /// The catalog's trees of the files re-read since, by path: the model's nodes point into
    /// them, and are found again in `documents` by their JSON Pointer.
    private var earlierDocuments: [String: Document] = [:]
    /// The catalog's path of each file it read, by its absolute path.
    private let catalogPaths: [String: String]

    /// A navigator of `catalog`. For completion while a file does not parse, load the catalog
    /// with the file's last text that did (what it declares still counts) and pass the buffer
    /// as it is to `completions(in:at:)`.
    public init(catalog: Catalog) {
        self.catalog = catalog
        merged = MergedCatalog(catalog)
        let documents = catalog.layers.flatMap { $0.files.map(\.document) }
        self.documents = Dictionary(documents.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        catalogPaths = Dictionary(catalog.sourceFiles.keys.map { (CatalogLoader.absolutePath($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The catalog's path of the file at `absolutePath`, nil for a file the catalog did not read.
    public func catalogPath(ofAbsolutePath absolutePath: String) -> String? {
        catalogPaths[absolutePath]
    }

    /// This navigator with files read as they are now: each path's tree, or nil for a file
    /// that does not parse now (nothing can be looked up in it). The model stays the one the
    /// catalog was read into, so that an editor's request right after a keystroke is answered
    /// at once from the last state merged; places in a re-read file are found again by their
    /// JSON Pointer (`currentNode`), and those the new text no longer holds are left out.
    public func reading(_ currentTrees: [String: Document?]) -> CatalogNavigator {
        var navigator = self
        for (path, current) in currentTrees where documents[path] !== current {
            if navigator.earlierDocuments[path] == nil { navigator.earlierDocuments[path] = documents[path] }
            navigator.documents[path] = current
        }
        return navigator
    }

    /// `node`, a node of the model in file `file`, as the text this navigator reads holds it:
    /// itself, or in a re-read file the node at the same place there, found by walking down
    /// both trees — an array's element by its `key` (one typed above it moves its index), else
    /// by its index — when `isSame` says it is still the one meant; nil when the text no
    /// longer holds it.
    func currentNode(_ node: Node, in file: String, isSame: (Node) -> Bool) -> Node? {
        guard let earlierRoot = earlierDocuments[file]?.root else { return node }
        guard var found = documents[file]?.root else { return nil }
        var earlier = earlierRoot
        for token in node.pointer.tokens {
            if let members = found.members {
                guard let value = members.first(where: { $0.key == token })?.value, let earlierValue = earlier[token] else { return nil }
                (found, earlier) = (value, earlierValue)
            } else if let elements = found.elements, let index = Int(token), let earlierElements = earlier.elements,
                      earlierElements.indices.contains(index) {
                let earlierElement = earlierElements[index]
                let sameKey = earlierElement["key"]?.string.flatMap { key in elements.first { $0["key"]?.string == key } }
                guard let element = sameKey ?? (elements.indices.contains(index) ? elements[index] : nil) else { return nil }
                (found, earlier) = (element, earlierElement)
            } else {
                return nil
            }
        }
        return isSame(found) ? found : nil
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
            guard let earlierNode = action.urlFormatNode, let document = documents[action.file],
                  let node = currentNode(earlierNode, in: action.file, isSame: \.isString), let text = node.string else { return [] }
            return URLTemplate(text).placeholders.filter { matching($0.name) == matching(name) }.map {
                SourceLink(file: action.file, range: document.sourceRange(ofScalars: $0.range, in: node))
            }
        }
    }

    /// The keys of the app actions that implement action `key`, in every layer.
    private func appActions(of key: String, in appType: String) -> [SourceLink] {
        appActions(in: appType).filter { $0.key.map(matching) == matching(key) }.compactMap(link)
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
        (definitions.map(Array.init) ?? []).compactMap(link)
    }

    /// Where `entity`'s key is in the text this navigator reads; nil when a re-read file no
    /// longer holds the entity.
    func link(_ entity: some KeyedEntity) -> SourceLink? {
        currentNode(entity.node, in: entity.file) { $0["key"]?.string == entity.key }
            .map { SourceLink(file: entity.file, range: $0["key"]?.range ?? $0.range) }
    }
}

extension CatalogNavigator {
    /// The app type and app keys of file `path` whose first declaration is in another file
    /// (the file extends an app type or overrides an app of an earlier layer): each key's
    /// value and where that declaration is, for an editor's document links.
    public func earlierDeclarations(in path: String) -> [(key: Node, declaration: SourceLink)] {
        guard let root = documents[path]?.root else { return [] }
        func declaredElsewhere(_ key: Node?, _ first: (some KeyedEntity)?) -> (key: Node, declaration: SourceLink)? {
            guard let key, let first, first.file != path, let declaration = link(first) else { return nil }
            return (key, declaration)
        }
        return (root.elements ?? []).flatMap { appTypeNode -> [(key: Node, declaration: SourceLink)] in
            guard let key = appTypeNode["key"]?.string, let appType = mergedAppType(key) else { return [] }
            let apps = (appTypeNode["apps"]?.elements ?? []).compactMap { appNode in
                declaredElsewhere(appNode["key"], appNode["key"]?.string.flatMap { appType.app(matching($0)) }?.definitions.first)
            }
            return [declaredElsewhere(appTypeNode["key"], appType.definitions.first)].compactMap { $0 } + apps
        }
    }
}
