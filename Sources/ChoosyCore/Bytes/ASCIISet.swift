/// A set of ASCII bytes as two 64-bit masks: testing a byte is a shift, where searching a
/// string of the characters for each byte of every URL was a sixth of building the docs site.
package struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// The set of the characters of `characters`, which must be ASCII.
    package init(_ characters: String) {
        for byte in characters.utf8 {
            precondition(byte < 0x80, "ASCIISet holds ASCII only")
            if byte < 64 { low |= 1 << byte } else { high |= 1 << (byte - 64) }
        }
    }

    package func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low >> byte & 1 == 1 : byte < 128 ? high >> (byte - 64) & 1 == 1 : false
    }
}
