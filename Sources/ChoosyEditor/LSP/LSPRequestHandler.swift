import ChoosyCore
import ChoosySyntax

/// How the server answers one request method. Each handler lives in a file of its own and is
/// listed in `LSPRequestHandlers.all`; `initialize` advertises the capabilities of the listed
/// handlers, so adding a method is adding a handler and its line in the table.
public protocol LSPRequestHandler: Sendable {
    /// The method, such as `textDocument/formatting`.
    static var method: String { get }
    /// The member of `ServerCapabilities` that tells the client the method is served
    /// (`("documentFormattingProvider", .bool(true))`); nil when the protocol has none.
    static var capability: (key: String, value: JSONValue)? { get }
    /// The result of the request as compact JSON text, or the error it is answered with.
    static func respondText(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> String
}

/// A handler whose result is made as a value and then written: every handler but one whose
/// results run to thousands of items (the outline), which writes them without a value each.
public protocol LSPValueHandler: LSPRequestHandler {
    /// The result of the request, or the error it is answered with.
    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue
}

extension LSPValueHandler {
    public static func respondText(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> String {
        try respond(to: params, in: workspace).compactText()
    }
}
