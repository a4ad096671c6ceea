import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `textDocument/documentSymbol`: the outline of a catalog file, as its entities nest: each
/// app type, under it its parameters, actions and apps, under each app its app actions. A
/// symbol is named by its key, with its `name` as detail; an entity without a key is skipped.
/// A buffer that does not parse has no outline until it does (its old ranges would mislead).
enum DocumentSymbolHandler: LSPRequestHandler {
    static let method = "textDocument/documentSymbol"
    static let capability: (key: String, value: JSONValue)? = ("documentSymbolProvider", .bool(true))

    /// LSP's `SymbolKind` of each entity.
    private enum Kind: Int {
        case appType = 3  // Namespace
        case app = 5  // Class
        case appAction = 6  // Method
        case parameter = 7  // Property
        case action = 12  // Function
    }

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let document = try workspace.document(in: params)
        guard workspace.reasonToLeaveAlone(path: document.path) == nil, !document.path.hasSuffix("/" + CatalogConfig.fileName),
              let root = try? Document.load(document.sourceFile).root
        else { return .array([]) }
        func symbols(_ list: Node?, _ kind: Kind, children: (Node) -> [JSONValue] = { _ in [] }) -> [JSONValue] {
            (list?.elements ?? []).compactMap { entity in
                guard let key = entity.member("key"), let name = key.value.string else { return nil }
                var members: [(String, JSONValue)] = [("name", .string(name)), ("kind", .number(String(kind.rawValue)))]
                if let detail = entity["name"]?.string { members.append(("detail", .string(detail))) }
                members += [
                    ("range", document.text.range(of: entity.range).json),
                    ("selectionRange", document.text.range(of: key.value.range).json),
                    ("children", .array(children(entity))),
                ]
                return .object(members)
            }
        }
        return .array(symbols(root, .appType) { appType in
            symbols(appType["parameters"], .parameter) + symbols(appType["actions"], .action)
                + symbols(appType["apps"], .app) { app in symbols(app["actions"], .appAction) }
        })
    }
}
