import ChoosySyntax
import ChoosyCatalog

/// One change to a file's text: the bytes of `range` (by its UTF-8 offsets) replaced by
/// `newText`. The range's lines and columns say the same place for reports and editors.
public struct TextEdit: Sendable, Hashable {
    public let file: String
    public let range: SourceRange
    public let newText: String

    public init(file: String, range: SourceRange, newText: String) {
        self.file = file
        self.range = range
        self.newText = newText
    }

    /// The bytes the edit replaces.
    public var byteRange: Range<Int> { range.start.offset..<max(range.start.offset, range.end.offset) }

    /// Whether the two edits of one file touch the same bytes, or insert at one place (whose
    /// order no one could tell), so that applying both could corrupt the file.
    func overlaps(_ other: TextEdit) -> Bool {
        guard file == other.file else { return false }
        let (lhs, rhs) = (byteRange, other.byteRange)
        return lhs.lowerBound == rhs.lowerBound || lhs.overlaps(rhs)
    }
}
