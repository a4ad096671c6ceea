/// `duplicate-key`: an object has the same key twice.
public struct DuplicateKeyRule: DocumentRule {
    public static let description = RuleDescription(
        id: "duplicate-key",
        severity: .error,
        scope: .file,
        summary: "An object must not have the same key twice.",
        rationale: """
            JSON parsers disagree about duplicate keys: most keep the last value silently, so \
            the first one is dead text that reviewers read as live.
            """,
        triggeringExamples: [
            .init(#"[{"key": "mail", ↓"key": "email"}]"#),
            .init("- name: Mail\n  ↓name: Email\n", fileName: "example.yaml"),
        ],
        nonTriggeringExamples: [
            .init(#"[{"key": "mail"}, {"key": "mail"}]"#),
            .init(#"[{"key": "mail", "name": "key"}]"#),
        ])

    public init() {}

    public func check(_ document: Document) -> [Finding] {
        var findings: [Finding] = []
        visit(document.root, in: document, into: &findings)
        return findings
    }

    private func visit(_ node: Node, in document: Document, into findings: inout [Finding]) {
        switch node.value {
        case .object(let members):
            // Most objects have a few members: comparing each key with those before it is
            // cheaper than hashing every key; large objects are indexed.
            let isIndexed = members.count > 16
            var firstByKey: [String: Member] = [:]
            for (index, member) in members.enumerated() {
                if let first = isIndexed ? firstByKey[member.key] : members[..<index].first(where: { $0.key == member.key }) {
                    findings.append(finding(
                        "duplicate key \"\(member.key)\"; an object holds each key once", in: document,
                        range: member.keyRange, pointer: member.value.pointer,
                        hint: "remove one of the two, or merge their contents",
                        notes: [.init("first defined here", file: document.file.path, range: first.keyRange)]))
                } else if isIndexed {
                    firstByKey[member.key] = member
                }
                visit(member.value, in: document, into: &findings)
            }
        case .array(let elements):
            for element in elements { visit(element, in: document, into: &findings) }
        default:
            break
        }
    }
}
