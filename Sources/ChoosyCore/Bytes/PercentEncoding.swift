/// Percent-encoding (RFC 3986, section 2.1): the one encoder of every URL part the tool writes.
/// Each caller says which ASCII bytes it keeps, a fact of its own standard (the `rfc3986`
/// client's values, the shipped client's lenient set, a file URI's path segments, a lint
/// hint); every other byte of the UTF-8 becomes `%XX`, upper-case.
package enum PercentEncoding {
    /// RFC 3986's unreserved characters, `A-Z a-z 0-9 - . _ ~`: safe in any part of any URL.
    /// Every set of characters a URL part or a client keeps is built on them.
    package static let unreservedCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    package static let unreserved = ASCIISet(unreservedCharacters)

    /// Appends `text`'s UTF-8 to `encoded`, every byte that `isKept` refuses written `%XX`.
    package static func append(_ text: some StringProtocol, to encoded: inout [UInt8], keeping isKept: (UInt8) -> Bool) {
        for byte in text.utf8 {
            if isKept(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    /// `text` with every byte that `isKept` refuses written `%XX`.
    package static func encoded(_ text: some StringProtocol, keeping isKept: (UInt8) -> Bool) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        append(text, to: &encoded, keeping: isKept)
        return String(decoding: encoded, as: UTF8.self)
    }

    /// File path segments as the path of a URI: each segment with every byte outside the
    /// unreserved characters encoded, so spaces, `%`, `#`, `?` and a `:` (which would read as a
    /// scheme) survive as data, joined with `/`.
    package static func encodedPath(_ segments: some Sequence<some StringProtocol>) -> String {
        segments.map { encoded($0, keeping: unreserved.contains) }.joined(separator: "/")
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
