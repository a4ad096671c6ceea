@testable import ChoosySyntax

/// Swift Testing has a `SourceLocation` of its own; in these tests the name means ours.
typealias SourceLocation = ChoosySyntax.SourceLocation

/// Small helpers the YAML loader tests share: load text, catch the error, describe a value.
enum YAMLTestSupport {
    static func load(_ text: String) throws(SyntaxError) -> Document {
        try YAMLLoader.load(SourceFile(path: "test.yaml", text: text))
    }

    static func load(bytes: [UInt8]) throws(SyntaxError) -> Document {
        try YAMLLoader.load(SourceFile(path: "test.yaml", bytes: bytes))
    }

    /// The error loading `bytes` throws, or nil when it loads.
    static func error(loading bytes: [UInt8]) -> SyntaxError? {
        do {
            _ = try load(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    static func error(loading text: String) -> SyntaxError? {
        error(loading: Array(text.utf8))
    }

    /// A value written so that a test can compare it exactly, number text included: `number 1.0`.
    static func describe(_ node: Node) -> String {
        switch node.value {
        case .object(let members): "{" + members.map { "\($0.key): \(describe($0.value))" }.joined(separator: ", ") + "}"
        case .array(let elements): "[" + elements.map(describe).joined(separator: ", ") + "]"
        case .string(let text): "string \(text)"
        case .number(let text): "number \(text)"
        case .bool(let value): "bool \(value)"
        case .null: "null"
        }
    }
}
