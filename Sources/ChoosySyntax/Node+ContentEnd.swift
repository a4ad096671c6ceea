extension Node {
    /// Where the text of the node ends: a scalar's or flow collection's own end, a block
    /// collection's at the end of its last value.
    package func contentEnd(in bytes: [UInt8]) -> Int {
        let last = members?.last?.value ?? elements?.last
        guard let last else { return range.end.offset }
        let inner = last.contentEnd(in: bytes)
        // A flow collection closes with its bracket after the last value (and white space or a
        // comma); a block one has nothing of its own there.
        var index = inner
        while index < min(range.end.offset, bytes.count), [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: ",")].contains(bytes[index]) {
            index += 1
        }
        let closes = index < bytes.count && [UInt8(ascii: "]"), UInt8(ascii: "}")].contains(bytes[index]) && index < range.end.offset
        return closes ? range.end.offset : inner
    }

    /// Just after the line the node's text ends on (its newline included): where a block
    /// sequence item's whole lines end.
    package func endOfLastLine(in bytes: [UInt8]) -> Int {
        let end = max(contentEnd(in: bytes), range.start.offset + 1)
        return bytes[(end - 1)...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
    }
}
