/// A change that removes a finding, as data: what it does, the text edits that make it, and
/// whether it may change what the catalog means. `lint --fix`, `fmt --write`, the language
/// server's quick fixes and the JSON and SARIF reports all read this one value.
public struct Fix: Sendable, Hashable {
    /// Whether a fix can be applied without a person looking (ruff's terms).
    public enum Applicability: String, Sendable, Comparable, CaseIterable {
        /// Keeps what the catalog means: `lint --fix` and `fmt --write` apply it.
        case safe
        /// May drop or change data someone meant: only `lint --fix --unsafe-fixes` and an
        /// editor's quick fix, which a person chooses, apply it.
        case unsafe

        public static func < (lhs: Applicability, rhs: Applicability) -> Bool {
            lhs == .safe && rhs == .unsafe
        }
    }

    /// What the fix does, in the imperative: `Replace with "Email"`.
    public let title: String
    public let applicability: Applicability
    /// Edits that do not overlap; they are applied all together or not at all.
    public let edits: [TextEdit]

    public init(title: String, applicability: Applicability, edits: [TextEdit]) {
        self.title = title
        self.applicability = applicability
        self.edits = edits
    }
}
