/// Why a file could not be loaded into a tree, and where: a JSON or YAML syntax error, or YAML
/// the loader refuses (a custom tag, an alias bomb, a second document).
public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let range: SourceRange
    /// How to fix it, when there is something specific to say.
    public let hint: String?

    public init(_ message: String, at range: SourceRange, hint: String? = nil) {
        self.message = message
        self.range = range
        self.hint = hint
    }

    public init(_ message: String, at location: SourceLocation, hint: String? = nil) {
        self.init(message, at: SourceRange(at: location), hint: hint)
    }

    public var description: String { "\(range.start): \(message)" }
}

/// A loaded file: its tree and what the loader noticed on the way. A class: each app of a lint
/// refers to its file's document, and a copy of it in each was about 5 MB of a 64 MB lint's heap.
public final class Document: Sendable {
    public let file: SourceFile
    public let language: SourceLanguage
    public let root: Node
    /// The file starts with a UTF-8 byte order mark (allowed, but reported by the `bom` rule).
    public let hasByteOrderMark: Bool
    /// Where the scalars of the last string value asked about start (see `sourceRange(ofScalars:in:)`).
    let scalarStartsMemo = ScalarStartsMemo()

    public init(file: SourceFile, language: SourceLanguage, root: Node, hasByteOrderMark: Bool) {
        self.file = file
        self.language = language
        self.root = root
        self.hasByteOrderMark = hasByteOrderMark
    }

    /// Where bytes `bytes` of the file are, placed by the lines its parse found: finding the
    /// lines again for every fix of a file with a hundred thousand duplicates was quadratic.
    public func range(ofBytes bytes: Range<Int>) -> SourceRange {
        let lines = root.pointer.table.lines ?? SourceLines(of: file, hasByteOrderMark: hasByteOrderMark)
        return SourceRange(start: lines.location(ofOffset: UInt32(bytes.lowerBound)), end: lines.location(ofOffset: UInt32(bytes.upperBound)))
    }

    /// Parses `file` as JSON or YAML, by its extension (JSON when it has neither).
    public static func load(_ file: SourceFile) throws(SyntaxError) -> Document {
        switch file.language ?? .json {
        case .json: try JSONParser.parse(file)
        case .yaml: try YAMLLoader.load(file)
        }
    }
}

/// How deep objects and arrays may nest before loading stops with an error. Real catalogs
/// nest five levels; the limit keeps recursion over trees safe from stack overflow.
public let maximumNestingDepth = 512
