import ChoosyCore
import ChoosySyntax

/// `textDocument/references`: every use of the value at the cursor across files and layers:
/// a parameter's placeholders, an action's app actions; the declarations too when the
/// request's `context.includeDeclaration` says so.
enum ReferencesHandler: LSPValueHandler {
    static let method = "textDocument/references"
    static let capability: (key: String, value: JSONValue)? = ("referencesProvider", .bool(true))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let navigation = try LSPNavigation(params, in: workspace, method: method, basis: .lastMerged)
        let includeDeclaration = params?["context"]?["includeDeclaration"]?.bool ?? false
        let links = navigation.navigator.references(in: navigation.path, at: navigation.cursor, includeDeclaration: includeDeclaration)
        return .array(links.compactMap { LSPNavigation.location(of: $0, in: workspace) })
    }
}
