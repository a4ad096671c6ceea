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
        // Through `elements` and `members`, not a switch on `value`, which reads every string.
        if let elements = node.elements {
            for element in elements { visit(element, in: document, into: &findings) }
            return
        }
        guard let members = node.members else { return }
        // Most objects have a few members: comparing each key with those before it is
        // cheaper than hashing every key; large objects are indexed.
        let isIndexed = members.count > 16
        var firstByKey: [String: Int] = [:]
        // By index, so that no member (a key, a range and a node) is copied to be compared.
        for index in members.indices {
            let key = members[index].key
            let first = isIndexed ? firstByKey[key] : (0..<index).first { members[$0].key == key }
            if let first {
                findings.append(finding(
                    "duplicate key \"\(key)\"; an object holds each key once", in: document,
                    range: members[index].keyRange, pointer: members[index].value.pointer,
                    hint: "remove one of the two, or merge their contents",
                    notes: [.init("first defined here", file: document.file.path, range: members[first].keyRange)]))
            } else if isIndexed {
                firstByKey[key] = index
            }
            visit(members[index].value, in: document, into: &findings)
        }
    }
}
