/// A release's version, `MAJOR.MINOR.PATCH` (semver.org, without pre-release or build parts):
/// what `release` computes, tags as `vX.Y.Z` and writes into the manifest.
public struct SemanticVersion: Sendable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int

    public init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Reads `1.2.3`; nil for anything else (leading zeros, signs, missing or extra parts).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part -> Int? in
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ ("0"..."9").contains($0) }), part == "0" || !part.hasPrefix("0") else { return nil }
            return Int(part)
        }
        guard parts.count == 3, numbers.count == 3 else { return nil }
        self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
    }

    /// Reads a release tag, `v1.2.3`; nil for any other tag.
    public init?(tag: String) {
        guard tag.hasPrefix("v") else { return nil }
        self.init(tag.dropFirst())
    }

    public var description: String { "\(major).\(minor).\(patch)" }

    /// The tag a release of this version gets.
    public var tag: String { "v\(self)" }

    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}
