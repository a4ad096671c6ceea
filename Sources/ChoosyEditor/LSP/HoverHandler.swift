import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyTools

/// `textDocument/hover`: about the value at the cursor, in Markdown: a placeholder's
/// parameter, the declaration of an action, app or app type, a field's description; in
/// `.choosy-data.yml`, a key's description or a rule's summary.
enum HoverHandler: LSPValueHandler {
    static let method = "textDocument/hover"
    static let capability: (key: String, value: JSONValue)? = ("hoverProvider", .bool(true))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let navigation = try LSPNavigation(params, in: workspace, method: method, basis: .lastMerged)
        let document = navigation.document
        let hover = document.path.hasSuffix("/" + CatalogConfig.fileName)
            ? CatalogNavigator.configHover(in: document.sourceFile, at: navigation.cursor)
            : navigation.navigator.hover(in: navigation.path, at: navigation.cursor)
        guard let hover else { return .null }
        return .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(hover.markdown))])),
            ("range", navigation.document.text.range(of: hover.range).json),
        ])
    }
}
