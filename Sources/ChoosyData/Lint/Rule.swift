/// What a rule is and why it exists: the text of the rule reference, and examples that are
/// run as tests.
public struct RuleDescription: Sendable {
    /// The part of the catalog a rule looks at once.
    public enum Scope: String, Sendable {
        case file
        case appType = "app type"
        case catalog
    }

    /// An input file for an example; `↓` marks where the finding must start (and is removed
    /// before the text is parsed).
    public struct Example: Sendable {
        public let fileName: String
        public let text: String

        public init(_ text: String, fileName: String = "example.json") {
            self.fileName = fileName
            self.text = text
        }
    }

    public let id: String
    public let severity: Severity
    public let scope: Scope
    public let summary: String
    public let rationale: String
    public let triggeringExamples: [Example]
    public let nonTriggeringExamples: [Example]
}

/// A rule that looks at one loaded file at a time.
public protocol DocumentRule: Sendable {
    static var description: RuleDescription { get }
    func check(_ document: Document) -> [Finding]
}

extension DocumentRule {
    /// A finding of this rule about `node` of `document`, at the rule's default severity.
    func finding(
        _ message: String, in document: Document, range: SourceRange, pointer: JSONPointer,
        hint: String? = nil, notes: [Finding.Note] = []
    ) -> Finding {
        Finding(
            ruleID: Self.description.id, severity: Self.description.severity, message: message,
            file: document.file.path, range: range, pointer: pointer.description, hint: hint, notes: notes)
    }
}
