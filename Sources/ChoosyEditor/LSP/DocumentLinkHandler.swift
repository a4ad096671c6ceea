import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `textDocument/documentLink`: the links an editor underlines: each app's `source` (the page
/// that documents its URL scheme) in a catalog file, each layer's `path:` in
/// `.choosy-data.yml` (the folder or file it reads). A buffer that does not parse has none.
enum DocumentLinkHandler: LSPRequestHandler {
    static let method = "textDocument/documentLink"
    static let capability: (key: String, value: JSONValue)? = ("documentLinkProvider", .object([("resolveProvider", .bool(false))]))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let document = try workspace.document(in: params)
        guard let root = workspace.tree(of: document) else { return .array([]) }
        var links: [(node: Node, target: String)] = []
        if document.path.hasSuffix("/" + CatalogConfig.fileName) {
            let directory = document.path.pathDeletingLastComponent
            for layer in root["layers"]?.elements ?? [] {
                let paths = layer["path"].map { [$0] } ?? layer["paths"]?.elements.map(Array.init) ?? []
                for path in paths {
                    guard let text = path.string, !text.hasPrefix("/") else { continue }
                    let target = CatalogLoader.join(directory, text)
                    if CatalogBoundary.resolvedPath(target) != nil { links.append((path, LSPURI.uri(ofPath: target))) }
                }
            }
        } else {
            for appType in root.elements ?? [] {
                for app in appType["apps"]?.elements ?? [] {
                    guard let source = app["source"], let url = source.string, url.hasPrefix("https://") || url.hasPrefix("http://") else { continue }
                    links.append((source, url))
                }
            }
        }
        return .array(links.map { link in
            .object([("range", document.text.range(of: link.node.range).json), ("target", .string(link.target))])
        })
    }
}
