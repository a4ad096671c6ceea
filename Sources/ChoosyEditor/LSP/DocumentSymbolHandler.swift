import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `textDocument/documentSymbol`: the outline of a catalog file (`CatalogSymbol`), each
/// symbol named by its key with its `name` as detail. A buffer that does not parse has no
/// outline until it does (its old ranges would mislead).
enum DocumentSymbolHandler: LSPRequestHandler {
    static let method = "textDocument/documentSymbol"
    static let capability: (key: String, value: JSONValue)? = ("documentSymbolProvider", .bool(true))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let document = try workspace.document(in: params)
        guard !document.path.hasSuffix("/" + CatalogConfig.fileName), let root = workspace.tree(of: document) else { return .array([]) }
        func json(_ symbol: CatalogSymbol) -> JSONValue {
            var members: [(String, JSONValue)] = [("name", .string(symbol.key)), ("kind", symbol.kind.lspKind)]
            if let name = symbol.name { members.append(("detail", .string(name))) }
            members += [
                ("range", document.text.range(ofBytes: symbol.bytes).json),
                ("selectionRange", document.text.range(ofBytes: symbol.keyBytes).json),
            ]
            // `children` is optional: most symbols (parameters, actions, app actions) have none.
            if !symbol.children.isEmpty { members.append(("children", .array(symbol.children.map(json)))) }
            return .object(members)
        }
        return .array(CatalogSymbol.outline(of: root).map(json))
    }
}

extension CatalogSymbol.Kind {
    /// LSP's `SymbolKind`.
    var lspKind: JSONValue {
        let number = switch self {
        case .appType: 3  // Namespace
        case .app: 5  // Class
        case .appAction: 6  // Method
        case .parameter: 7  // Property
        case .action: 12  // Function
        }
        return .number(String(number))
    }
}
