import ChoosyCore
import ChoosySyntax

/// One JSON-RPC 2.0 message from the client: a request (with an id, answered), a notification
/// (no id, never answered) or a response to a request of the server's.
struct LSPMessage: Sendable {
    enum Kind: Sendable {
        case request(id: JSONValue)
        case notification
        case response
    }

    /// A message answered with an error instead: the id, when one could be read, and why.
    struct Rejection: Error {
        let id: JSONValue
        package let error: LSPError
    }

    let kind: Kind
    let method: String
    let params: Node?

    /// The message in a frame's body. A body that is no JSON is a parse error, and JSON that is
    /// no message an invalid request, each with the id when it could be read (else null).
    static func decode(_ body: [UInt8]) -> Result<LSPMessage, Rejection> {
        let root: Node
        do {
            root = try JSONParser.parse(SourceFile(path: "message.json", bytes: body)).root
        } catch {
            return .failure(Rejection(id: .null, error: .parseError("the message is not JSON: \(error)")))
        }
        let idNode = root["id"]
        let id = idNode.map(JSONValue.init) ?? .null
        guard root.members != nil else {
            return .failure(Rejection(id: .null, error: .invalidRequest("a message is a JSON object; got \(root.kindName)")))
        }
        if idNode != nil, root["method"] == nil, root["result"] != nil || root["error"] != nil {
            return .success(LSPMessage(kind: .response, method: "", params: nil))
        }
        guard let method = root["method"]?.string else {
            return .failure(Rejection(id: id, error: .invalidRequest("a request or notification needs a string 'method'")))
        }
        if let idNode {
            guard idNode.isString || idNode.integer != nil else {
                return .failure(Rejection(id: .null, error: .invalidRequest("a request's 'id' is an integer or a string; got \(idNode.kindName)")))
            }
            return .success(LSPMessage(kind: .request(id: id), method: method, params: root["params"]))
        }
        return .success(LSPMessage(kind: .notification, method: method, params: root["params"]))
    }
}
