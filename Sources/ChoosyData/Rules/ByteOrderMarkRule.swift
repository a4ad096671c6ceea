/// `bom`: the file starts with a UTF-8 byte order mark.
public struct ByteOrderMarkRule: DocumentRule {
    public static let description = RuleDescription(
        id: "bom",
        severity: .warning,
        scope: .file,
        summary: "Files are UTF-8 without a byte order mark.",
        rationale: """
            RFC 8259 forbids a byte order mark in JSON sent over the network, and strict \
            parsers, the client's among them, reject it.
            """,
        triggeringExamples: [.init("↓\u{FEFF}[]")],
        nonTriggeringExamples: [.init("[]"), .init("[\"\u{FEFF}\"]")])

    public init() {}

    public func check(_ document: Document) -> [Finding] {
        guard document.hasByteOrderMark else { return [] }
        return [finding(
            "the file starts with a UTF-8 byte order mark", in: document,
            range: SourceRange(at: .start), pointer: .root,
            hint: "save the file as UTF-8 without BOM")]
    }
}
