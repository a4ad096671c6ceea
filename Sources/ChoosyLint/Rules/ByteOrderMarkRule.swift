import ChoosySyntax
import ChoosyCatalog

/// `bom`: the file starts with a UTF-8 byte order mark.
public struct ByteOrderMarkRule: DocumentRule, FixingRule {
    public static let description = RuleDescription(
        id: "bom",
        order: 40,
        severity: .warning,
        scope: .file,
        summary: "Files are UTF-8 without a byte order mark.",
        rationale: """
            RFC 8259 forbids a byte order mark in JSON sent over the network, and strict \
            parsers, the client's among them, reject it.
            """,
        triggeringExamples: [.init("↓\u{FEFF}[]")],
        nonTriggeringExamples: [.init("[]"), .init("[\"\u{FEFF}\"]")],
        fix: "Deletes the byte order mark: the 3 bytes before line 1, column 1 (columns are counted after it).")

    public init() {}

    public func check(_ document: Document, into findings: inout CappedFindings) {
        guard document.hasByteOrderMark else { return }
        findings.append(finding(
            "the file starts with a UTF-8 byte order mark", in: document,
            range: SourceRange(at: .start), pointer: .root,
            hint: "save the file as UTF-8 without BOM"
        ).with(fix: ValueFix.deleting(Self.markRange, in: document.file.path, title: "Delete the byte order mark")))
    }

    /// Where the mark is: the 3 bytes before line 1, column 1, which columns do not count.
    private static let markRange = SourceRange(start: .start, end: SourceLocation(line: 1, column: 1, offset: 3))
}
