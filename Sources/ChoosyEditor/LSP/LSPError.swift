import ChoosyCore
import ChoosySyntax
import ChoosyTools

/// A JSON-RPC error a request is answered with: one of the protocol's codes and a message
/// that says what was wrong and how to fix it.
public struct LSPError: Error, Sendable, Equatable {
    public let code: Int
    public let message: String

    public init(code: Int, _ message: String) {
        self.code = code
        self.message = message
    }

    public static func parseError(_ message: String) -> LSPError { LSPError(code: -32700, message) }
    public static func invalidRequest(_ message: String) -> LSPError { LSPError(code: -32600, message) }
    public static func methodNotFound(_ method: String) -> LSPError {
        LSPError(code: -32601, "unknown method '\(method)'; choosy-data lsp answers the methods its initialize result advertises")
    }
    public static func invalidParams(_ message: String) -> LSPError { LSPError(code: -32602, message) }
    public static func serverNotInitialized(_ method: String) -> LSPError {
        LSPError(code: -32002, "'\(method)' before 'initialize'; send initialize first")
    }
    /// The request was valid but could not be carried out (a file `fmt` refuses).
    public static func requestFailed(_ message: String) -> LSPError { LSPError(code: -32803, message) }

    public var json: JSONValue {
        .object([("code", .integer(code)), ("message", .string(message))])
    }
}
