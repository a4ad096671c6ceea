import ChoosyCore
import ChoosyCatalog

/// The request methods the server answers beyond the lifecycle (`initialize`, `shutdown`),
/// one handler a line.
enum LSPRequestHandlers {
    static let all: [any LSPRequestHandler.Type] = [
        FormattingHandler.self,
        CodeActionHandler.self,
        HoverHandler.self,
        CompletionHandler.self,
        DefinitionHandler.self,
        ReferencesHandler.self,
        DocumentSymbolHandler.self,
        WorkspaceSymbolHandler.self,
        FoldingRangeHandler.self,
        DocumentLinkHandler.self,
        RenameHandler.self,
        PrepareRenameHandler.self,
    ]

    static let byMethod: [String: any LSPRequestHandler.Type] = Dictionary(uniqueKeysWithValues: all.map { ($0.method, $0) })

    /// The capabilities `initialize` advertises for the handlers.
    static var capabilities: [(String, JSONValue)] {
        all.compactMap { handler in handler.capability.map { ($0.key, $0.value) } }
    }
}
