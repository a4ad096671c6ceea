import ChoosySyntax
import ChoosyCatalog

/// A document the client has open: its text as the editor holds it, which stands in for the
/// file on disk, and the last text of it that parsed.
public struct LSPDocument: Sendable {
    public let uri: String
    /// The standardized absolute path of the file.
    public let path: String
    public let version: Int
    public let text: LSPText
    /// The newest text of the document that parsed: the catalog's context while the buffer
    /// has a syntax error, so other files do not lose its definitions. Nil until one parses.
    public let lastParsedBytes: [UInt8]?

    /// The document at `text`, parsed into `parsedFiles` (the session's: the requests and the
    /// lint that follow reuse the tree).
    init(uri: String, path: String, version: Int, text: LSPText, lastParsedBytes: [UInt8]?, parsedFiles: ParsedFileCache) {
        self.uri = uri
        self.path = path
        self.version = version
        self.text = text
        let file = SourceFile(path: path, bytes: text.bytes)
        self.lastParsedBytes = Self.parses(file, parsedFiles) ? text.bytes : lastParsedBytes
    }

    /// The same document at a new version with new text.
    func changed(to bytes: [UInt8], version: Int, parsedFiles: ParsedFileCache) -> LSPDocument {
        LSPDocument(
            uri: uri, path: path, version: version, text: LSPText(bytes: bytes, encoding: text.encoding), lastParsedBytes: lastParsedBytes,
            parsedFiles: parsedFiles)
    }

    /// Whether the text as it is now parses.
    public var parses: Bool { lastParsedBytes == text.bytes }

    /// The file as lint reads it now.
    public var sourceFile: SourceFile { SourceFile(path: path, bytes: text.bytes) }

    /// The file other files are checked against: the text now, or while it does not parse the
    /// last that did.
    var contextFile: SourceFile { SourceFile(path: path, bytes: parses ? text.bytes : lastParsedBytes ?? text.bytes) }

    private static func parses(_ file: SourceFile, _ parsedFiles: ParsedFileCache) -> Bool {
        if file.path.hasSuffix("/" + CatalogConfig.fileName) { return true }
        let parsed = parsedFiles.parsed(file)
        return parsed.errors.isEmpty && parsed.document != nil
    }
}
