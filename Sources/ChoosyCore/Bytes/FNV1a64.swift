/// The 64-bit FNV-1a hash, for fingerprints that must be stable across runs and machines.
/// Written here because Foundation on Linux has no digest (CryptoKit is Apple-only) and the
/// package takes no third-party dependencies; it identifies findings, it does not secure
/// anything.
public enum FNV1a64 {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The hash of `text`'s UTF-8 bytes as 16 lowercase hex digits.
    public static func hexDigest(_ text: String) -> String {
        let hex = String(hash(text.utf8), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
