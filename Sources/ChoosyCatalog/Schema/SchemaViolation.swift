import ChoosySyntax

/// One way an instance breaks a JSON Schema: the keyword that failed, a message for the
/// contributor, and two places: where a finding should point, and where JSON Schema itself
/// locates the error.
public struct SchemaViolation: Sendable, Equatable {
    /// The keyword that failed, such as `required` or `pattern`.
    public let keyword: String
    public let message: String
    public let hint: String?
    /// What the finding underlines: the value, or for an unknown property its key.
    public let range: SourceRange
    /// The node the finding is about: the value, or for an unknown or misnamed property the
    /// member itself.
    public let pointer: JSONPointer
    /// JSON Schema's instance location: the same as `pointer`, except that for
    /// `additionalProperties: false` and `propertyNames` it is the object holding the member,
    /// as other validators report it.
    public let instanceLocation: JSONPointer
}
