import ChoosyCatalog

/// What `choosy-data docs` is asked for besides the catalog.
public struct SiteOptions: Sendable {
    /// The repository's web address for "view source" links: `BASE/<file>#L<line>`.
    public var sourceURL: String?
    /// Shown in every page's footer; without it the output has no date, so the same catalog
    /// always gives the same bytes.
    public var date: String?
    /// The client whose merge and URLs the site shows; nil: the one the catalog's config names.
    public var client: ClientProfile?
    /// The platform the client runs on, for the URLs the site shows; nil: the config's.
    public var platform: Platform?
    /// The address the site is served from: the schema files it holds get their `$id` there.
    public var siteURL: String?
    /// The earlier catalog of the "What changed" page; nil: no such page.
    public var changes: SiteChanges?
    /// How pages name the catalog's files; nil: as the catalog gives them.
    public var sourcePaths: SiteSourcePaths?

    public init(
        sourceURL: String? = nil, date: String? = nil, client: ClientProfile? = nil, siteURL: String? = nil, changes: SiteChanges? = nil,
        sourcePaths: SiteSourcePaths? = nil
    ) {
        self.sourceURL = sourceURL
        self.date = date
        self.client = client
        self.siteURL = siteURL
        self.changes = changes
        self.sourcePaths = sourcePaths
    }
}
