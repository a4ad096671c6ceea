/// How much a catalog change matters to the apps that consume the catalog, most serious first.
public enum ChangeClass: String, Sendable, CaseIterable {
    /// Something a consumer relied on disappears or changes meaning.
    case breaking
    /// Something new a consumer can use.
    case feature
    /// A URL format corrected without changing the placeholders it fills.
    case fix
    /// Names, descriptions, documentation links and examples: nothing code depends on.
    case docs

    /// The heading of the class's section in release notes and on the "What changed" page.
    public var title: String {
        switch self {
        case .breaking: "Breaking changes"
        case .feature: "Features"
        case .fix: "Fixes"
        case .docs: "Documentation"
        }
    }

    /// The ordering `--fail-on` uses: breaking > feature > fix = docs.
    public var rank: Int {
        switch self {
        case .breaking: 3
        case .feature: 2
        case .fix, .docs: 1
        }
    }
}

/// The `--fail-on` gate of `diff`: which changes make the run fail.
public enum DiffGate: String, Sendable, CaseIterable {
    /// Breaking changes only.
    case breaking
    /// Breaking changes and features.
    case feature
    /// Every change, fixes and docs included.
    case any

    public func isReached(by changeClass: ChangeClass) -> Bool {
        switch self {
        case .breaking: changeClass.rank >= ChangeClass.breaking.rank
        case .feature: changeClass.rank >= ChangeClass.feature.rank
        case .any: true
        }
    }
}
