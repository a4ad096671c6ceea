/// Bytes a name of a member, key or placeholder may be made of while it is typed: letters,
/// digits, `_` and `-` (rule ids), any non-ASCII byte.
public func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
         UInt8(ascii: "_"), UInt8(ascii: "-"), 0x80...: true
    default: false
    }
}
