import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// `textDocument/documentLink`: the links an editor underlines. In a catalog file, each app's
/// `source` (the page that documents its URL scheme), and each app type or app key declared
/// first in another file (an earlier layer's) to that declaration. In `.choosy-data.yml`, each
/// layer's `path:` (the folder or file it reads), and each ignore entry's `path:` to its file
/// and `at:` (or `pointer:`) to the value it names. A place in a file is the file's URI with
/// `#L<line>,<column>` (1-based), which VS Code opens at the line. A buffer that does not
/// parse has none.
enum DocumentLinkHandler: LSPValueHandler {
    static let method = "textDocument/documentLink"
    static let capability: (key: String, value: JSONValue)? = ("documentLinkProvider", .object([("resolveProvider", .bool(false))]))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let document = try workspace.document(in: params)
        guard let root = workspace.tree(of: document) else { return .array([]) }
        let links = document.path.hasSuffix("/" + CatalogConfig.fileName)
            ? configLinks(root, of: document, in: workspace)
            : catalogFileLinks(root, of: document, in: workspace)
        return .array(links.map { link in
            .object([("range", document.text.range(of: link.range).json), ("target", .string(link.target))])
        })
    }

    private typealias Link = (range: SourceRange, target: String)

    private static func configLinks(_ root: Node, of document: LSPDocument, in workspace: LSPWorkspace) -> [Link] {
        let directory = document.path.pathDeletingLastComponent
        var links: [Link] = []
        for layer in root["layers"]?.elements ?? [] {
            let paths = layer["path"].map { [$0] } ?? layer["paths"]?.elements.map(Array.init) ?? []
            for path in paths {
                guard let text = path.string, !text.hasPrefix("/") else { continue }
                let target = CatalogLoader.join(directory, text)
                if CatalogBoundary.resolvedPath(target) != nil { links.append((path.range, LSPURI.uri(ofPath: target))) }
            }
        }
        guard let parsed = workspace.resident.parsedFiles.parsed(document.sourceFile).document,
              let config = try? CatalogConfig.decode(parsed) else { return links }
        for entry in config.ignore {
            guard let path = entry.path, let pathRange = entry.pathRange, !entry.pathIsGlob, !path.hasPrefix("/") else { continue }
            let file = CatalogLoader.join(directory, path)
            guard let text = workspace.text(ofPath: file) else { continue }
            links.append((pathRange, LSPURI.uri(ofPath: file)))
            let tree = workspace.resident.parsedFiles.parsed(SourceFile(path: CatalogLoader.absolutePath(file), bytes: text.bytes)).document
            guard let pointer = entry.pointer, let pointerRange = entry.pointerRange, let tree,
                  let value = KeyedPointer.node(at: pointer, in: tree.root) else { continue }
            links.append((pointerRange, target(SourceLink(file: file, range: value.range), in: workspace) ?? LSPURI.uri(ofPath: file)))
        }
        return links
    }

    private static func catalogFileLinks(_ root: Node, of document: LSPDocument, in workspace: LSPWorkspace) -> [Link] {
        var links: [Link] = []
        for appType in root.elements ?? [] {
            for app in appType["apps"]?.elements ?? [] {
                guard let source = app["source"], let url = source.string, url.hasPrefix("https://") || url.hasPrefix("http://") else { continue }
                links.append((source.range, url))
            }
        }
        guard let navigator = try? workspace.navigator(forPath: document.path, basis: .lastMerged),
              let path = navigator.catalogPath(ofAbsolutePath: document.path) else { return links }
        for (key, declaration) in navigator.earlierDeclarations(in: path) {
            if let target = target(declaration, in: workspace) { links.append((key.range, target)) }
        }
        return links.sorted { $0.range.start.offset < $1.range.start.offset }
    }

    /// The URI of `link`'s file with the line and column of its start; nil when the file
    /// cannot be read.
    private static func target(_ link: SourceLink, in workspace: LSPWorkspace) -> String? {
        guard let text = workspace.text(ofPath: link.file) else { return nil }
        let position = text.position(of: link.range.start)
        return LSPURI.uri(ofPath: link.file) + "#L\(position.line + 1),\(position.character + 1)"
    }
}
