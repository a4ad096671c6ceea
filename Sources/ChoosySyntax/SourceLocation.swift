/// A position in a source file: 1-based line and column (columns count Unicode scalars, as
/// libyaml does) and the 0-based byte offset into the file's UTF-8 bytes.
///
/// Stored as 32-bit numbers, which halves every range in a tree; files are therefore limited
/// to `SourceFile.maximumByteCount` bytes (just under 4 GiB), and larger ones are refused before
/// they are parsed.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedOffset: UInt32

    public init(line: Int, column: Int, offset: Int) {
        storedLine = UInt32(line)
        storedColumn = UInt32(column)
        storedOffset = UInt32(offset)
    }

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(newValue) }
    }

    public var offset: Int {
        get { Int(storedOffset) }
        set { storedOffset = UInt32(newValue) }
    }

    /// The first character of a file.
    public static let start = SourceLocation(line: 1, column: 1, offset: 0)

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.storedLine, lhs.storedColumn) < (rhs.storedLine, rhs.storedColumn)
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
