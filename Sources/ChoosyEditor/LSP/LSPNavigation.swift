import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyTools

/// What the navigation requests (hover, completion, definition, references) share: the
/// document and cursor a request names, and the catalog's navigator around it.
struct LSPNavigation {
    let document: LSPDocument
    let cursor: SourceLocation
    let navigator: CatalogNavigator
    /// The document's file as the catalog names it.
    let path: String

    /// The navigation of a request at `params`' `textDocument` and `position`. With
    /// `currentText`, the catalog reads the document as it is now, so that its positions are
    /// the request's (a document that does not parse takes no part); without, as its last text
    /// that parsed, for what it declares. A catalog that cannot be read (logged) gives a
    /// navigator over no files, which still completes the config's rule ids.
    init(_ params: Node?, in workspace: LSPWorkspace, method: String, currentText: Bool) throws(LSPError) {
        document = try workspace.document(in: params)
        guard let position = LSPPosition(params?["position"]) else {
            throw .invalidParams("\(method) needs a position {line, character}")
        }
        cursor = document.text.location(of: position)
        var navigator: CatalogNavigator?
        if !document.path.hasSuffix("/" + CatalogConfig.fileName) {
            do { navigator = try workspace.navigator(forPath: document.path, currentText: currentText) } catch {
                LSPLog.write("\(method): cannot read the catalog of \(document.path): \(error)")
            }
        }
        self.navigator = navigator ?? CatalogNavigator(catalog: Catalog(layers: []))
        let documentPath = document.path
        path = navigator?.catalog.sourceFiles.keys.first { CatalogLoader.absolutePath($0) == documentPath } ?? document.path
    }

    /// An LSP `Location` of `link`, placed in its file's text (open or on disk); nil when
    /// that cannot be read.
    static func location(of link: SourceLink, in workspace: LSPWorkspace) -> JSONValue? {
        guard let text = workspace.text(ofPath: link.file) else { return nil }
        return .object([("uri", .string(LSPURI.uri(ofPath: link.file))), ("range", text.range(of: link.range).json)])
    }
}
