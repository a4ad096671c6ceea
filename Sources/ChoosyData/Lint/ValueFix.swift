/// A safe rewrite of one string value, asked for by a rule's finding: the value at `pointer`
/// (read at `range`) becomes `replacement`. `fmt` applies these; nothing else changes meaning.
public struct ValueFix: Sendable, Equatable {
    public let ruleID: String
    public let file: String
    public let pointer: JSONPointer
    /// Where the value was read; with the pointer it tells duplicate keys and aliases apart.
    public let range: SourceRange
    public let replacement: String

    public init(ruleID: String, file: String, pointer: JSONPointer, range: SourceRange, replacement: String) {
        self.ruleID = ruleID
        self.file = file
        self.pointer = pointer
        self.range = range
        self.replacement = replacement
    }
}
