import ChoosyCore

/// Finds the comments of a YAML file, which libyaml's events do not carry: every `#` outside
/// the file's scalars starts one (libyaml reads `#` as a comment wherever a token could start),
/// and so does a ` #` on the header line of a block scalar (`| # note`).
package enum YAMLComments {
    /// Where each comment's `#` is, in file order.
    package static func locations(in document: Document) -> [SourceLocation] {
        let bytes = document.file.bytes
        let textStart = document.hasByteOrderMark ? 3 : 0
        var scalars: [Range<Int>] = []
        collectScalarRanges(document.root, into: &scalars)
        scalars.sort { $0.lowerBound < $1.lowerBound }
        var commentStarts: [Int] = []
        var offset = textStart
        var next = 0
        while offset < bytes.count {
            while next < scalars.count, scalars[next].upperBound <= offset { next += 1 }
            if next < scalars.count, scalars[next].contains(offset) {
                commentStarts += blockScalarHeaderComment(in: scalars[next], of: bytes).map { [$0] } ?? []
                offset = scalars[next].upperBound
                continue
            }
            if bytes[offset] == UInt8(ascii: "#") {
                commentStarts.append(offset)
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
                continue
            }
            offset += 1
        }
        let positions = YAMLPositionTable(text: bytes[textStart...])
        return commentStarts.map { positions.location(ofByte: $0) }
    }

    /// The comment lines before the document's first node, as written (less the white space at
    /// either end), in order: the file's header, which `fmt` keeps. Blank lines between them are
    /// not part of it; a line of anything else (a node, `---`, a directive) ends it.
    package static func header(of document: Document) -> [String] {
        let bytes = document.file.bytes
        var lines: [String] = []
        for line in bytes[(document.hasByteOrderMark ? 3 : 0)...].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
            let text = line.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
            if text.isEmpty { continue }
            guard text.first == UInt8(ascii: "#") else { break }
            lines.append(String(decoding: text, as: UTF8.self))
        }
        return lines
    }

    /// The byte ranges of every scalar value and key. Aliases share their anchor's range.
    private static func collectScalarRanges(_ node: Node, into ranges: inout [Range<Int>]) {
        switch node.value {
        case .object(let members):
            for member in members {
                ranges.append(member.keyRange.start.offset..<member.keyRange.end.offset)
                collectScalarRanges(member.value, into: &ranges)
            }
        case .array(let elements):
            for element in elements { collectScalarRanges(element, into: &ranges) }
        default:
            ranges.append(node.range.start.offset..<node.range.end.offset)
        }
    }

    /// A comment on the header line of a literal or folded scalar, which libyaml counts as part
    /// of the scalar's range.
    private static func blockScalarHeaderComment(in range: Range<Int>, of bytes: [UInt8]) -> Int? {
        var offset = range.lowerBound
        // Skip the node's properties (`!!str`, `&anchor`) to reach its first character.
        while offset < range.upperBound, bytes[offset] == UInt8(ascii: "!") || bytes[offset] == UInt8(ascii: "&") {
            while offset < range.upperBound, bytes[offset] != UInt8(ascii: " ") { offset += 1 }
            while offset < range.upperBound, bytes[offset] == UInt8(ascii: " ") { offset += 1 }
        }
        guard offset < range.upperBound, bytes[offset] == UInt8(ascii: "|") || bytes[offset] == UInt8(ascii: ">") else { return nil }
        while offset + 1 < range.upperBound, bytes[offset + 1] != UInt8(ascii: "\n") {
            offset += 1
            if bytes[offset] == UInt8(ascii: "#"), [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[offset - 1]) { return offset }
        }
        return nil
    }
}
