/// What a release adds to the bundle's manifest.
public struct ReleaseStamp: Sendable {
    public let version: String
    public let date: String
    public let minimumClient: String?
    /// The commit, with `+dirty` when the catalog had uncommitted changes.
    public let sourceRevision: String
}
