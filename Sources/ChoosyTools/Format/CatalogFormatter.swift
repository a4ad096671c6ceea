import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// Formats one catalog file: loads it, applies the safe fixes of the fixing rules (those the
/// catalog's config has not turned off or ignored), puts members in `CanonicalOrder`, and
/// writes it in canonical JSON or YAML. It never writes what it could not read in full.
public enum CatalogFormatter {
    /// Every rule with fixes, in the order lint runs them.
    static let fixingRules: [any FixingRule] = Linter.rules.compactMap { $0 as? any FixingRule }

    /// The canonical text of `file`, read as `inputFormat` (by default what its name says) and
    /// written as `format` (by default the same). A YAML file with comments is refused unless
    /// `dropComments`, since the tree does not hold them; only the comment lines before its
    /// first node are kept, as the header of the YAML written (an editor's
    /// `# yaml-language-server: $schema=…` line among them).
    public static func format(
        _ file: SourceFile, readingAs inputFormat: SourceFormat? = nil, as format: SourceFormat? = nil,
        dropComments: Bool = false, config: CatalogConfig? = nil, root: String? = nil
    ) throws(FormatRefusal) -> FormattedFile {
        try prepare(file, readingAs: inputFormat, as: format, dropComments: dropComments, config: config, root: root).formatted()
    }

    /// What `format` decides before it writes anything: `file` read, its comments checked and
    /// its fixes found.
    static func prepare(
        _ file: SourceFile, readingAs inputFormat: SourceFormat? = nil, as format: SourceFormat? = nil,
        dropComments: Bool = false, config: CatalogConfig? = nil, root: String? = nil
    ) throws(FormatRefusal) -> FileFormatting {
        let document: Document
        do {
            document = switch inputFormat ?? file.format ?? .json {
            case .json: try JSONParser.parse(file)
            case .yaml: try YAMLLoader.load(file)
            }
        } catch {
            throw .syntax(error)
        }
        return try prepare(document, as: format, dropComments: dropComments, config: config, root: root)
    }

    /// What `format` decides about the file `document` was read from, which is not read again:
    /// `fmt` formats the documents its catalog has loaded.
    static func prepare(
        _ document: Document, as format: SourceFormat? = nil, dropComments: Bool = false,
        config: CatalogConfig? = nil, root: String? = nil
    ) throws(FormatRefusal) -> FileFormatting {
        let outputFormat = format ?? document.format
        let header = document.format == .yaml && outputFormat == .yaml ? YAMLComments.header(of: document) : []
        // The header's comments are the file's first.
        let comments = document.format == .yaml ? YAMLComments.locations(in: document).dropFirst(header.count) : []
        if let first = comments.first, !dropComments { throw .comments(count: comments.count, first: first) }
        return FileFormatting(
            document: document, outputFormat: outputFormat, header: header,
            fixes: fixes(for: document, config: config, root: root), droppedComments: comments.count)
    }

    /// The fixes of the fixing rules' findings in `document` that survive the config as lint
    /// applies it (`Linter.apply`: rules turned off, ignore entries by index or by keys), each
    /// value's once (two findings about one value share its fix), in the order found.
    static func fixes(for document: Document, config: CatalogConfig?, root: String?) -> [ValueFix] {
        let context = LintContext(catalog: Catalog(layers: [Layer(name: "fmt", documents: [document])]))
        var findings = fixingRules.flatMap { $0.check(context) }
        if let config {
            findings = Linter.apply(config, to: findings, root: root, configFile: nil, document: context.document(at:))
        }
        var seen: Set<ValueFix.Target> = []
        return findings.compactMap(\.fix).filter { seen.insert($0.target).inserted }
    }

    /// `node` with each fixed string replaced; a fix names its value by pointer and source range.
    static func applying(_ fixes: [ValueFix], to node: Node) -> Node {
        guard !fixes.isEmpty else { return node }
        var copy = node
        switch node.value {
        case .object(let members):
            copy.value = .object(Members(members.map { member in
                var member = member
                member.value = applying(fixes, to: member.value)
                return member
            }))
        case .array(let elements):
            copy.value = .array(Elements(elements.map { applying(fixes, to: $0) }))
        case .string:
            if let fix = fixes.first(where: { !$0.isDeletion && $0.pointer == node.pointer && $0.range == node.range }) {
                copy.value = .string(fix.replacement)
            }
        default:
            break
        }
        return copy
    }
}

/// A file in canonical form, with the fixes that went into it.
public struct FormattedFile: Sendable {
    public let text: String
    public let fixes: [ValueFix]
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
