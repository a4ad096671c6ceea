import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `textDocument/rename`: a parameter, action or app key (or a placeholder) renamed in every
/// layer with what refers to it (`CatalogNavigator.renameEdits`), as one workspace edit; a
/// refusal (a frozen layer, a taken or invalid key) is an error with its message.
enum RenameHandler: LSPValueHandler {
    static let method = "textDocument/rename"
    static let capability: (key: String, value: JSONValue)? = ("renameProvider", .object([("prepareProvider", .bool(true))]))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let navigation = try LSPNavigation(params, in: workspace, method: method, basis: .current)
        guard let newName = params?["newName"]?.string else { throw .invalidParams("\(method) needs newName") }
        let edits: [RenameEdit]
        do { edits = try navigation.navigator.renameEdits(in: navigation.path, at: navigation.cursor, to: newName) } catch {
            throw .requestFailed(error.description)
        }
        var changes: [String: [JSONValue]] = [:]
        for edit in edits {
            guard let text = workspace.text(ofPath: edit.file) else { throw .requestFailed("\(edit.file) cannot be read") }
            changes[LSPURI.uri(ofPath: CatalogLoader.absolutePath(edit.file)), default: []].append(LSPTextEdit.json(range: text.range(of: edit.range), newText: edit.newText))
        }
        return .object([("changes", .object(changes.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value)) }))])
    }
}

/// `textDocument/prepareRename`: the range a rename at the cursor would change, or null where
/// nothing can be renamed, so the editor asks for a name only where it means something.
enum PrepareRenameHandler: LSPValueHandler {
    static let method = "textDocument/prepareRename"
    static let capability: (key: String, value: JSONValue)? = nil

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let navigation = try LSPNavigation(params, in: workspace, method: method, basis: .current)
        guard let range = navigation.navigator.renameRange(in: navigation.path, at: navigation.cursor) else { return .null }
        return navigation.document.text.range(of: range).json
    }
}
