import ChoosyCore
import ChoosySyntax
import ChoosyTools

/// `textDocument/completion`: parameter keys after `{{` in a url_format, action keys as an
/// app action's key, the fields an object lacks, rule ids in `.choosy-data.yml`; read from the
/// buffer as it is, so it works while the file does not parse. Typing `{` or `"` asks for it.
enum CompletionHandler: LSPValueHandler {
    static let method = "textDocument/completion"
    static let capability: (key: String, value: JSONValue)? = (
        "completionProvider", .object([("triggerCharacters", .array([.string("{"), .string("\"")]))])
    )

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let navigation = try LSPNavigation(params, in: workspace, method: method, basis: .lastMerged)
        let text = navigation.document.text
        let items = navigation.navigator.completions(in: navigation.document.sourceFile, at: navigation.cursor).map { item in
            var members: [(String, JSONValue)] = [
                ("label", .string(item.label)),
                ("kind", .integer(kind(of: item.kind))),
                ("textEdit", LSPTextEdit.json(range: text.range(of: item.replaceRange), newText: item.insertText)),
            ]
            if let detail = item.detail { members.append(("detail", .string(detail))) }
            if let documentation = item.documentation {
                members.append(("documentation", .object([("kind", .string("markdown")), ("value", .string(documentation))])))
            }
            return JSONValue.object(members)
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// The protocol's `CompletionItemKind` for what is offered.
    private static func kind(of kind: CompletionItem.Kind) -> Int {
        switch kind {
        case .parameter: 6  // Variable
        case .action: 3  // Function
        case .field: 10  // Property
        case .rule: 21  // Constant
        case .severity: 20  // EnumMember
        }
    }
}
