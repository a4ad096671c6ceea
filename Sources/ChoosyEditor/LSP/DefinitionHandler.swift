import ChoosyCore
import ChoosySyntax

/// `textDocument/definition`: where the value at the cursor is declared, in every layer: a
/// placeholder's parameter, an app action's action, a key's own declarations.
enum DefinitionHandler: LSPValueHandler {
    static let method = "textDocument/definition"
    static let capability: (key: String, value: JSONValue)? = ("definitionProvider", .bool(true))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let navigation = try LSPNavigation(params, in: workspace, method: method, basis: .lastMerged)
        let links = navigation.navigator.definition(in: navigation.path, at: navigation.cursor)
        return .array(links.compactMap { LSPNavigation.location(of: $0, in: workspace) })
    }
}
