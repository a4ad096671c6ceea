import ChoosySyntax

/// What hovering over a value of a catalog file shows: Markdown about the value, and the range
/// of the text it is about.
public struct HoverText: Equatable, Sendable {
    public let markdown: String
    public let range: SourceRange

    public init(markdown: String, range: SourceRange) {
        self.markdown = markdown
        self.range = range
    }
}
