import ChoosySyntax
import ChoosyCatalog

/// A place in a catalog file that navigation leads to: a declaration or a use.
public struct SourceLink: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the catalog names it.
    public let file: String
    public let range: SourceRange

    public init(file: String, range: SourceRange) {
        self.file = file
        self.range = range
    }

    /// `file:line:column`, as findings print a place.
    public var description: String { "\(file):\(range.start)" }
}
