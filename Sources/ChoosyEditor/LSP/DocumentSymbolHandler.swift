import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `textDocument/documentSymbol`: the outline of a catalog file (`CatalogSymbol`), each
/// symbol named by its key with its `name` as detail. A buffer that does not parse has no
/// outline until it does (its old ranges would mislead). Written straight as JSON: the outline
/// of a 400 KB file is 2 700 symbols and 670 KB, and making a value of each item first and
/// writing the values was nine tenths of answering (bench/README.md).
enum DocumentSymbolHandler: LSPRequestHandler {
    static let method = "textDocument/documentSymbol"
    static let capability: (key: String, value: JSONValue)? = ("documentSymbolProvider", .bool(true))

    static func respondText(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> String {
        let document = try workspace.document(in: params)
        guard !document.path.hasSuffix("/" + CatalogConfig.fileName), let root = workspace.tree(of: document) else { return "[]" }
        var output = ByteBuffer()
        write(CatalogSymbol.outline(of: root), of: document.text, to: &output)
        return output.string
    }

    /// `symbols` as LSP's `DocumentSymbol[]`; `children` only where there are some, since most
    /// symbols (parameters, actions, app actions) have none and the member is optional.
    private static func write(_ symbols: [CatalogSymbol], of text: LSPText, to output: inout ByteBuffer) {
        JSONValue.writeCollection(opening: UInt8(ascii: "["), count: symbols.count, closing: UInt8(ascii: "]"), depth: 0, pretty: false, to: &output) { index, output in
            let symbol = symbols[index]
            output.append(#"{"name":"#)
            JSONValue.writeString(symbol.key, to: &output)
            output.append(#","kind":"#)
            output.append(decimal: symbol.kind.lspKind)
            if let name = symbol.name {
                output.append(#","detail":"#)
                JSONValue.writeString(name, to: &output)
            }
            output.append(#","range":"#)
            text.range(ofBytes: symbol.bytes).write(to: &output)
            output.append(#","selectionRange":"#)
            text.range(ofBytes: symbol.keyBytes).write(to: &output)
            if !symbol.children.isEmpty {
                output.append(#","children":"#)
                write(symbol.children, of: text, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

extension CatalogSymbol.Kind {
    /// LSP's `SymbolKind`.
    var lspKind: Int {
        switch self {
        case .appType: 3  // Namespace
        case .app: 5  // Class
        case .appAction: 6  // Method
        case .parameter: 7  // Property
        case .action: 12  // Function
        }
    }
}
