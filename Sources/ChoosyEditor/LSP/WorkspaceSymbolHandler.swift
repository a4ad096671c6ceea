import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `workspace/symbol` ("go to app"): every entity (`CatalogSymbol`) of the catalogs the editor
/// works in (`-C`'s, the one at or just below the folder it opened, those of the open
/// documents) whose key or name holds the query's characters in order, case aside. A symbol
/// is named `key (Name)`, so either finds it; its container is the entity that holds it.
enum WorkspaceSymbolHandler: LSPValueHandler {
    static let method = "workspace/symbol"
    static let capability: (key: String, value: JSONValue)? = ("workspaceSymbolProvider", .bool(true))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let query = Array((params?["query"]?.string ?? "").lowercased())
        var configs = Set(workspace.documents.values.compactMap { workspace.catalogConfigPath(forPath: $0.path) })
        if let configPath = workspace.configPath { configs.insert(configPath) }
        if let root = workspace.rootDirectory, let directory = try? CatalogSelection.defaultCatalogDirectory(currentDirectory: root) {
            configs.insert(CatalogLoader.join(CatalogLoader.absolutePath(directory, from: root), CatalogConfig.fileName))
        }
        var results: [JSONValue] = []
        for config in configs.sorted() {
            guard let catalog = try? workspace.loader().load(configPath: config) else { continue }
            for file in catalog.layers.flatMap(\.files) {
                let path = file.document.file.path
                guard let text = workspace.text(ofPath: path) else { continue }
                for (symbol, container) in CatalogSymbol.outline(of: file.document.root).flatMap({ $0.flattened() }) {
                    let name = symbol.key + (symbol.name.map { " (\($0))" } ?? "")
                    guard matches(query, Array(name.lowercased())) else { continue }
                    var members: [(String, JSONValue)] = [
                        ("name", .string(name)), ("kind", .integer(symbol.kind.lspKind)),
                        ("location", .object([("uri", .string(LSPURI.uri(ofPath: path))), ("range", text.range(ofBytes: symbol.keyBytes).json)])),
                    ]
                    if let container { members.append(("containerName", .string(container))) }
                    results.append(.object(members))
                }
            }
        }
        return .array(results)
    }

    /// Whether `query`'s characters occur in `name` in order ("gchr" finds "googlechrome").
    private static func matches(_ query: [Character], _ name: [Character]) -> Bool {
        var next = query.startIndex
        for character in name where next < query.endIndex && character == query[next] { next += 1 }
        return next == query.endIndex
    }
}
