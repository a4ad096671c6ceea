/// A release's version, `MAJOR.MINOR.PATCH` (semver.org, without pre-release or build parts):
/// what `release` computes, tags as `vX.Y.Z` and writes into the manifest. Each part has as
/// many digits as it is written with, as semver allows: a tag `v1.2.12345678901234567890` is a
/// release like any other, never skipped for not fitting a machine integer.
public struct SemanticVersion: Sendable, Comparable, CustomStringConvertible {
    /// One part: its decimal digits, without leading zeros ("0" for zero).
    public struct Part: Sendable, Comparable, CustomStringConvertible {
        public let digits: String

        /// Reads a part as semver writes it; nil for anything but digits without a leading zero.
        init?(_ text: some StringProtocol) {
            guard !text.isEmpty, text.allSatisfy({ ("0"..."9").contains($0) }), text == "0" || !text.hasPrefix("0") else { return nil }
            digits = String(text)
        }

        public init(_ number: Int) {
            precondition(number >= 0, "a version part is never negative")
            digits = String(number)
        }

        public var description: String { digits }

        /// The next number, with a carry through every trailing 9.
        public var incremented: Part {
            var result = Array(digits.utf8)
            var index = result.count - 1
            while index >= 0, result[index] == UInt8(ascii: "9") {
                result[index] = UInt8(ascii: "0")
                index -= 1
            }
            if index >= 0 { result[index] += 1 } else { result.insert(UInt8(ascii: "1"), at: 0) }
            return Part(unchecked: String(decoding: result, as: UTF8.self))
        }

        /// The part after a bump of a higher one.
        public static let zero = Part(0)

        private init(unchecked digits: String) {
            self.digits = digits
        }

        /// Numeric order: more digits is more, else the digits decide.
        public static func < (a: Part, b: Part) -> Bool {
            (a.digits.utf8.count, a.digits) < (b.digits.utf8.count, b.digits)
        }
    }

    public let major: Part
    public let minor: Part
    public let patch: Part

    public init(major: Part, minor: Part, patch: Part) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public init(major: Int, minor: Int, patch: Int) {
        self.init(major: Part(major), minor: Part(minor), patch: Part(patch))
    }

    /// Reads `1.2.3`; nil for anything else (leading zeros, signs, missing or extra parts).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).compactMap(Part.init)
        guard parts.count == 3, text.utf8.count(where: { $0 == UInt8(ascii: ".") }) == 2 else { return nil }
        self.init(major: parts[0], minor: parts[1], patch: parts[2])
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
