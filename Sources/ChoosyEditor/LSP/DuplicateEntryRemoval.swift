import ChoosySyntax
import ChoosyCatalog

/// The bytes to delete to remove one entry of an array (a duplicated action of an app, say)
/// with its separator, so the rest still parses: in JSON or a YAML flow sequence the comma
/// before it (after it, for the first), in a YAML block sequence its whole lines.
struct DuplicateEntryRemoval {
    /// The rules whose findings point at an entry a quick fix may remove.
    static let ruleIDs: Set<String> = ["duplicate-app-action", "duplicate-action", "duplicate-parameter", "duplicate-app", "duplicate-app-type"]

    let start: Int
    let end: Int

    /// The removal of the array element at `pointer` (`/0/apps/1/actions/2`) of `file`; nil
    /// when the file does not parse or the pointer names no array element.
    package init?(pointer: String, in file: SourceFile) {
        guard let root = try? Document.load(file).root else { return nil }
        let tokens = pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
        guard let last = tokens.last, let index = Int(last) else { return nil }
        var parent = root
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
        let bytes = file.bytes
        let element = elements[index].range
        var before = element.start.offset
        while before > 0, bytes[before - 1] == UInt8(ascii: " ") { before -= 1 }
        if before > 0, bytes[before - 1] == UInt8(ascii: "-") {
            // A block sequence item: from the start of its dash's line to the start of the next
            // item's line, or for the last item to the end of its last line.
            let lineStart = bytes[..<before].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let lineEnd: Int
            if index + 1 < elements.count {
                let next = elements[index + 1].range.start.offset
                lineEnd = bytes[..<next].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? next
            } else {
                let lastByte = max(element.end.offset - 1, element.start.offset)
                lineEnd = bytes[lastByte...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
            }
            (start, end) = (lineStart, lineEnd)
        } else if index > 0 {
            (start, end) = (elements[index - 1].range.end.offset, element.end.offset)
        } else if elements.count > 1 {
            (start, end) = (element.start.offset, elements[1].range.start.offset)
        } else {
            (start, end) = (element.start.offset, element.end.offset)
        }
    }
}
