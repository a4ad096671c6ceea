import Testing
@testable import ChoosyCore

/// The fingerprint hash matches the published FNV-1a 64 test vectors.
struct FNV1a64Tests {
    @Test(arguments: [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")])
    func knownVectors(input: String, digest: String) {
        #expect(FNV1a64.hexDigest(input) == digest)
    }

    @Test func digestKeepsLeadingZeros() {
        // Some input hashes below 2^60; its digest must still be 16 digits.
        #expect((0..<5000).map { FNV1a64.hexDigest(String($0)) }.allSatisfy { $0.count == 16 })
        #expect((0..<5000).contains { FNV1a64.hash(String($0).utf8) < 1 << 60 })
    }
}
