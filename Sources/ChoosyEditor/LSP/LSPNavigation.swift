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

    /// The navigation of a request at `params`' `textDocument` and `position`, answered from
    /// `basis`. A catalog that cannot be read (logged) gives a navigator over no files, which
    /// still completes the config's rule ids.
    init(_ params: Node?, in workspace: LSPWorkspace, method: String, basis: NavigationBasis) throws(LSPError) {
        document = try workspace.document(in: params)
        guard let position = LSPPosition(params?["position"]) else {
            throw .invalidParams("\(method) needs a position {line, character}")
        }
        cursor = document.text.location(of: position)
        var navigator: CatalogNavigator?
        if !document.path.hasSuffix("/" + CatalogConfig.fileName) {
            do { navigator = try workspace.navigator(forPath: document.path, basis: basis) } catch {
                LSPLog.write("\(method): cannot read the catalog of \(document.path): \(error)")
            }
        }
        self.navigator = navigator ?? CatalogNavigator(catalog: Catalog(layers: []))
        path = navigator?.catalogPath(ofAbsolutePath: document.path) ?? document.path
    }

    /// An LSP `Location` of `link`, placed in its file's text (open or on disk); nil when
    /// that cannot be read.
    static func location(of link: SourceLink, in workspace: LSPWorkspace) -> JSONValue? {
        guard let text = workspace.text(ofPath: link.file) else { return nil }
        return .object([("uri", .string(LSPURI.uri(ofPath: link.file))), ("range", text.range(of: link.range).json)])
    }
}
