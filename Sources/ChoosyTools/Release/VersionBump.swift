import ChoosyCatalog
import ChoosyLint

/// How far a release moves the version, smallest last.
public enum VersionBump: String, Sendable, CaseIterable, Comparable {
    case major, minor, patch

    /// What a diff needs: breaking → major, feature → minor, fix or docs → patch; nil when
    /// nothing changed.
    public init?(needed diff: CatalogDiff) {
        guard let serious = diff.changes.map(\.changeClass).max(by: { $0.rank < $1.rank }) else { return nil }
        switch serious {
        case .breaking: self = .major
        case .feature: self = .minor
        case .fix, .docs: self = .patch
        }
    }

    public static func < (a: VersionBump, b: VersionBump) -> Bool {
        allCases.firstIndex(of: a)! > allCases.firstIndex(of: b)!
    }
}

extension SemanticVersion {
    /// The next version after a release of `bump`'s size.
    public func bumped(_ bump: VersionBump) -> SemanticVersion {
        switch bump {
        case .major: SemanticVersion(major: major.incremented, minor: .zero, patch: .zero)
        case .minor: SemanticVersion(major: major, minor: minor.incremented, patch: .zero)
        case .patch: SemanticVersion(major: major, minor: minor, patch: patch.incremented)
        }
    }
}
