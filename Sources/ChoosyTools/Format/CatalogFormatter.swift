import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// Formats one catalog file: loads it, applies the safe fixes of the fixing rules (those the
/// catalog's config has not turned off or ignored) as `lint --fix` does, puts members in
/// `CanonicalOrder`, and writes it in canonical JSON or YAML. It never writes what it could
/// not read in full.
public enum CatalogFormatter {
    /// Every rule with fixes, in the order lint runs them.
    static let fixingRules: [any FixingRule] = Linter.rules.compactMap { $0 as? any FixingRule }

    /// The canonical text of `file`, read as `inputLanguage` (by default what its name says) and
    /// written as `language` (by default the same). A YAML file with comments is refused unless
    /// `dropComments`, since the tree does not hold them; only the comment lines before its
    /// first node are kept, as the header of the YAML written (an editor's
    /// `# yaml-language-server: $schema=…` line among them).
    public static func format(
        _ file: SourceFile, readingAs inputLanguage: SourceLanguage? = nil, as language: SourceLanguage? = nil,
        dropComments: Bool = false, config: CatalogConfig? = nil, root: String? = nil
    ) throws(FormatRefusal) -> FormattedFile {
        try prepare(file, readingAs: inputLanguage, as: language, dropComments: dropComments, config: config, root: root).formatted()
    }

    /// What `format` decides before it writes anything: `file` read, its comments checked and
    /// its fixes found.
    static func prepare(
        _ file: SourceFile, readingAs inputLanguage: SourceLanguage? = nil, as language: SourceLanguage? = nil,
        dropComments: Bool = false, config: CatalogConfig? = nil, root: String? = nil
    ) throws(FormatRefusal) -> FileFormatting {
        let document: Document
        do {
            document = try reading(file, as: inputLanguage ?? file.language ?? .json)
        } catch {
            throw .syntax(error)
        }
        return try prepare(document, as: language, dropComments: dropComments, config: config, root: root)
    }

    /// What `format` decides about the file `document` was read from, which is not read again:
    /// `fmt` formats the documents its catalog has loaded.
    static func prepare(
        _ document: Document, as language: SourceLanguage? = nil, dropComments: Bool = false,
        config: CatalogConfig? = nil, root: String? = nil
    ) throws(FormatRefusal) -> FileFormatting {
        let outputLanguage = language ?? document.language
        let header = document.language == .yaml && outputLanguage == .yaml ? YAMLComments.header(of: document) : []
        // The header's comments are the file's first.
        let comments = document.language == .yaml ? YAMLComments.locations(in: document).dropFirst(header.count) : []
        if let first = comments.first, !dropComments { throw .comments(count: comments.count, first: first) }
        let fixes = fixes(for: document, config: config, root: root)
        return FileFormatting(
            document: fixes.isEmpty ? document : applying(fixes, to: document, config: config, root: root), outputLanguage: outputLanguage,
            header: header, fixes: fixes, droppedComments: comments.count)
    }

    /// The safe fixes of the fixing rules' findings in `document` that survive the config as
    /// lint applies it (`Linter.apply`: rules turned off, ignore entries by index or by keys),
    /// in the order found.
    static func fixes(for document: Document, config: CatalogConfig?, root: String?) -> [Fix] {
        let context = LintContext(catalog: Catalog(layers: [Layer(name: "fmt", documents: [document])]))
        var findings = fixingRules.flatMap { $0.check(context) }
        if let config {
            findings = Linter.apply(config, to: findings, root: root, configFile: nil, document: context.document(at:))
        }
        return findings.flatMap { $0.fixes(upTo: .safe) }
    }

    /// `document` read again with `fixes` applied as `lint --fix` applies them (`FixApplier`,
    /// as text edits), and the fixes found then, until none is left.
    private static func applying(_ fixes: [Fix], to document: Document, config: CatalogConfig?, root: String?) -> Document {
        var current = document
        _ = FixApplier.apply { changed in
            if let bytes = changed[document.file.path], let fixed = try? reading(SourceFile(path: document.file.path, bytes: bytes), as: document.language) {
                current = fixed
                return (Self.fixes(for: fixed, config: config, root: root), { _ in fixed.file.bytes })
            }
            return (fixes, { _ in document.file.bytes })
        }
        return current
    }

    private static func reading(_ file: SourceFile, as language: SourceLanguage) throws(SyntaxError) -> Document {
        switch language {
        case .json: try JSONParser.parse(file)
        case .yaml: try YAMLLoader.load(file)
        }
    }
}

/// A file in canonical form, with the fixes that went into it.
public struct FormattedFile: Sendable {
    public let text: String
    /// The safe fixes found in the file as it was (more may be found once they are applied).
    public let fixes: [Fix]
    /// Comments the output no longer has (only with `dropComments`).
    public let droppedComments: Int
}

/// Why `fmt` left a file alone: it does not parse, or formatting would drop its comments.
public enum FormatRefusal: Error, Sendable, Equatable {
    case syntax(SyntaxError)
    case comments(count: Int, first: SourceLocation)

    /// Where the problem is, for `file:line:col: message`.
    public var location: SourceLocation {
        switch self {
        case .syntax(let error): error.range.start
        case .comments(_, let first): first
        }
    }

    public var message: String {
        switch self {
        case .syntax(let error):
            "error: " + error.message + (error.hint.map { " (\($0))" } ?? "")
        case .comments(let count, _):
            "error: fmt would drop \(count == 1 ? "1 comment; move it" : "\(count) comments; move them") into a description or pass --drop-comments"
        }
    }
}
