import ChoosySyntax
import ChoosyCatalog

/// The unsafe fix that removes one entry of an array (a duplicated action of an app, say) with
/// its separator, so the rest still parses: in JSON or a YAML flow sequence the comma before it
/// (after it, for the first), in a YAML block sequence its whole lines, comments on them
/// included. Unsafe because the entry removed may be the one someone meant to keep.
enum EntryRemoval {
    /// What the fix changes, for the rule reference of each rule that offers it.
    static let summary = "Removes the duplicate (the later of the two) with its separator, or in a YAML block sequence its whole lines; the rest of the file, comments included, stays as it is."

    /// The fix removing `entity` from the array that holds it; nil when its file did not parse
    /// in full (its recovered tree may not say where the entry ends) or the entity is no
    /// array element.
    static func fix(removing entity: some KeyedEntity, in context: LintContext) -> Fix? {
        guard let document = context.document(at: entity.file),
              context.catalog.layers.contains(where: { $0.files.contains { $0.document.file.path == entity.file } }),
              let (bytes, newText) = removal(at: entity.node.pointer.tokens, in: document)
        else { return nil }
        return Fix(
            title: "Remove this duplicate", applicability: .unsafe,
            edits: [TextEdit(file: entity.file, range: document.range(ofBytes: bytes), newText: newText)])
    }

    /// The bytes to replace, and with what, to remove the array element at the pointer
    /// `tokens` of `document`: nothing, except that a file's only app type in a YAML block
    /// sequence leaves `[]` (an empty file would not be a list); an only element of a nested
    /// block sequence has no removal that keeps its parent's type.
    private static func removal(at tokens: [String], in document: Document) -> (Range<Int>, String)? {
        guard let last = tokens.last, let index = Int(last) else { return nil }
        var parent = document.root
        for token in tokens.dropLast() {
            if let members = parent.members, let member = members.first(where: { $0.key == token }) {
                parent = member.value
            } else if let elements = parent.elements, let position = Int(token), elements.indices.contains(position) {
                parent = elements[position]
            } else {
                return nil
            }
        }
        guard let elements = parent.elements, elements.indices.contains(index) else { return nil }
        let bytes = document.file.bytes
        let element = elements[index].range
        var before = element.start.offset
        while before > 0, bytes[before - 1] == UInt8(ascii: " ") { before -= 1 }
        if before > 0, bytes[before - 1] == UInt8(ascii: "-") {
            // A block sequence item: its whole lines, from the start of its dash's line to the
            // end of the line its last value ends on. A block node's range runs on to where
            // the next token starts, past comment lines and even the parent's next key, so
            // the end is taken from the values inside it.
            let lineStart = bytes[..<before].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let lineEnd = elements[index].endOfLastLine(in: bytes)
            guard elements.count > 1 else { return tokens.count == 1 ? (lineStart..<lineEnd, "[]\n") : nil }
            return (lineStart..<lineEnd, "")
        } else if index > 0 {
            return (elements[index - 1].range.end.offset..<element.end.offset, "")
        } else if elements.count > 1 {
            return (element.start.offset..<elements[1].range.start.offset, "")
        }
        return (element.start.offset..<element.end.offset, "")
    }
}
