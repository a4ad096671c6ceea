/// A position in a source file: 1-based line and column (columns count Unicode scalars, as
/// libyaml does) and the 0-based byte offset into the file's UTF-8 bytes.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The first character of a file.
    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }
}

/// A span of a source file. `end` is exclusive: it is the position just after the last
/// character, as in SARIF and LSP, so an empty range has `start == end`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// An empty range at one location.
    public init(at location: SourceLocation) {
        self.init(start: location, end: location)
    }

    public var description: String { "\(start)-\(end)" }
}
