import ChoosySyntax

/// A schema document that cannot be compiled: a keyword the validator does not implement, or a
/// keyword with a value it does not accept.
public struct JSONSchemaError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// Where in the schema document the problem is.
    public let pointer: JSONPointer

    public init(_ message: String, at pointer: JSONPointer) {
        self.message = message
        self.pointer = pointer
    }

    public var description: String { "\(pointer): \(message)" }
}
