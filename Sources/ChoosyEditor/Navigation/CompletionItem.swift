import ChoosySyntax

/// One thing an editor can offer at the cursor, with the text that replaces what was typed.
public struct CompletionItem: Equatable, Sendable {
    /// What is offered.
    public enum Kind: String, Sendable {
        case parameter
        case action
        case field
        case rule
        case severity
    }

    /// The name offered, as the list shows it.
    public let label: String
    public let kind: Kind
    /// A short line beside the label: the parameter's or action's name, a rule's severity.
    public let detail: String?
    /// Markdown about what is offered: a description, a rule's summary.
    public let documentation: String?
    /// What replaces `replaceRange` when the item is picked.
    public let insertText: String
    /// What the user typed of the name so far, and any rest of it after the cursor.
    public let replaceRange: SourceRange

    public init(label: String, kind: Kind, detail: String?, documentation: String?, insertText: String, replaceRange: SourceRange) {
        self.label = label
        self.kind = kind
        self.detail = detail
        self.documentation = documentation
        self.insertText = insertText
        self.replaceRange = replaceRange
    }
}
