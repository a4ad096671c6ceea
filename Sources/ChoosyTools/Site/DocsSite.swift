import ChoosyCore
import ChoosyCatalog
import ChoosyLint

/// The static documentation site of a catalog (`choosy-data docs`): every page, one style
/// sheet and one script, made from the catalog merged as one client merges it, the rule
/// descriptions and the schema. The same catalog and options always give the same bytes.
public struct DocsSite: Sendable {
    package let catalog: MergedCatalog
    let layout: SiteLayout
    /// What the site leaves out or shows with errors; empty for a catalog lint passes.
    public let omissions: SiteOmissions
    /// The app types the editor page adds apps to.
    let editorTargets: [EditorPage.Target]
    /// Where the editor page writes a new app type's file; nil when every layer is frozen.
    let editorNewFilePlace: EditorPage.NewFilePlace?
    /// The apps the editor page can start from, by app type key: those of its target files
    /// written as `fmt` writes them.
    let editableApps: [String: Set<String>]
    /// The client lint checks examples with: the one the catalog's config names.
    let lintClient: ClientProfile
    /// The severities the catalog's config gives rules, for the editor's findings.
    let lintRuleSettings: [String: CatalogConfig.RuleSetting]

    /// Checks the catalog and merges it as `options.client` does. Pages are named after keys,
    /// so a catalog with a key that `key-format` rejects is refused with those findings, before
    /// anything is named after it.
    public init(_ catalog: Catalog, options: SiteOptions = SiteOptions()) throws(DocsSiteError) {
        let context = LintContext(catalog: catalog)
        let unsafeKeys = KeyFormatRule().check(context)
        guard unsafeKeys.isEmpty else { throw .unsafeKeys(unsafeKeys) }
        // The lint context has merged the catalog as its config says; merge again only for another client or platform.
        let client = options.client ?? catalog.clientProfile
        let platform = options.platform ?? catalog.platform
        self.catalog = context.merged.profile == client && context.merged.platform == platform
            ? context.merged : MergedCatalog(catalog, profile: client, platform: platform)
        guard !self.catalog.appTypes.isEmpty else { throw .nothingToDocument(fileCount: catalog.fileCount) }
        let filePaths = options.sourcePaths.map { paths in catalog.sourceFiles.keys.reduce(into: [:]) { $0[$1] = paths.path(of: $1) } } ?? [:]
        layout = SiteLayout(options: options, client: client, navigation: SiteNavigation(self.catalog), filePaths: filePaths)
        lintClient = catalog.clientProfile
        lintRuleSettings = catalog.config?.ruleSettings ?? [:]
        editorTargets = EditorPage.targets(in: catalog, merged: self.catalog) { [layout] in layout.filePaths[$0] ?? $0 }
        editorNewFilePlace = EditorPage.newFilePlace(in: catalog) { [layout] in layout.filePaths[$0] ?? $0 }
        editableApps = Dictionary(editorTargets.map { ($0.type.key, Set($0.apps.filter(\.isCanonical).map(\.key))) }) { first, _ in first }
        omissions = SiteOmissions(report: Linter.lint(context).errorsOnly, catalog: catalog) { Catalog.relativePath($0, to: catalog.root) }
    }

    /// Writes the site to `directory`, replacing it all at once; an existing directory is
    /// replaced only when it is empty or holds exactly an earlier site (as its file list says;
    /// a site written before file lists is known by its style sheet). Each page is written as
    /// soon as it is rendered, so the site is never in memory whole.
    @discardableResult
    public func write(to directory: String) throws(GeneratedDirectoryError) -> GeneratedDirectory.Written {
        try GeneratedDirectory.write(to: directory, marker: SitePath.styleSheet, kind: "a docs site") { (sink: inout GeneratedDirectory.Sink) throws(GeneratedDirectoryError) in
            try writePages(to: &sink)
        }
    }

    /// Every file, index first. The support matrices and cut url_formats of an app type are
    /// made once and shared by its pages: the type's overview, each action's grid, formats and
    /// "Try it", each parameter's uses, and the pages of the apps whose last type it is. The
    /// front pages and the pages of each app type are rendered on every core, and written in
    /// order as they come, so the site is the same bytes however the work was scheduled. The
    /// search index is made once, for the search page and the script.
    private func writePages(to sink: inout GeneratedDirectory.Sink) throws(GeneratedDirectoryError) {
        let apps = SiteApp.all(in: catalog)
        let appsByLastType = Dictionary(grouping: apps) { $0.memberships[$0.memberships.count - 1].type.key }
        let searchIndex = SearchIndex(catalog, apps: apps)
        let groups = [PageGroup.front] + catalog.appTypes.map(PageGroup.appType)
        try groups.forEachConcurrentlyMapped(window: Self.groupsRenderedAhead) { group in
            switch group {
            case .front: frontPages(apps: apps, searchIndex: searchIndex)
            case .appType(let type): pages(of: type, apps: appsByLastType[type.key] ?? [])
            }
        } _: { (_, pages) throws(GeneratedDirectoryError) in
            for page in pages { try sink.write(page.bytes, to: page.path) }
        }
        try sink.write(Array(SiteStyle.css.utf8), to: SitePath.styleSheet)
        try sink.write(Array(SiteLayout.favicon.utf8), to: SitePath.favicon)
        try sink.write(Array((SiteScript.source + SearchScript.declaration(of: searchIndex)).utf8), to: SitePath.script.text)
    }

    /// What one rendering task makes: the front pages, or the pages of one app type.
    private enum PageGroup: Sendable {
        case front
        case appType(MergedAppType)
    }

    /// How many page groups may be rendered ahead of the one being written: enough to keep
    /// every core busy while a large group is written.
    private static let groupsRenderedAhead = 16

    /// The index, the search page, the pages of the rules and the schema, and the schema files
    /// for editors (docs/schema.md). The index and the
    /// search page list every app type and app (1.3 MB of the 4 MB bench catalog's site), so
    /// they render beside the app types rather than before them.
    private func frontPages(apps: [SiteApp], searchIndex: SearchIndex) -> [GeneratedDirectory.File] {
        [
            GeneratedDirectory.File(path: SitePath.index, bytes: IndexPage.render(catalog, apps: apps, omissions: omissions, layout: layout)),
            GeneratedDirectory.File(path: SitePath.search, bytes: SearchPage.render(searchIndex, layout: layout)),
            GeneratedDirectory.File(path: SitePath.rules, bytes: RulesPage.render(Linter.ruleDescriptions, layout: layout)),
            GeneratedDirectory.File(path: SitePath.schema, bytes: SchemaPage.render(AppTypeSchema.validator.root, layout: layout)),
            GeneratedDirectory.File(path: SitePath.editor, bytes: EditorPage.render(
                editorTargets, newFilePlace: editorNewFilePlace, types: catalog.appTypes, lintClient: lintClient, platform: catalog.platform,
                ruleSettings: lintRuleSettings, layout: layout)),
        ] + PublishedSchema.allCases.map { schema in
            GeneratedDirectory.File(path: schema.fileName, bytes: Array(schema.text(siteURL: layout.options.siteURL).utf8))
        } + changesPage()
    }

    /// `changes.html`, when the options name an earlier catalog: diffed as the site's client
    /// merges both.
    private func changesPage() -> [GeneratedDirectory.File] {
        guard let changes = layout.options.changes else { return [] }
        let diff = CatalogDiff(old: MergedCatalog(changes.catalog, profile: layout.client), new: catalog)
        let page = ChangesPage.render(diff, since: changes, typeNames: Dictionary(catalog.appTypes.map { ($0.key, $0.name ?? $0.key) }) { first, _ in first }, layout: layout)
        return [GeneratedDirectory.File(path: SitePath.changes, bytes: page)]
    }

    /// The pages of one app type: its overview, its actions, its parameters, and `apps`, the
    /// apps whose last type it is. The links to its actions and apps are written once for all.
    private func pages(of type: MergedAppType, apps: [SiteApp]) -> [GeneratedDirectory.File] {
        let formats = AppTypeFormats(type)
        let links = AppTypeLinks(type)
        let matrices = type.actions.map { action in
            SupportMatrix(appType: type, action: action) { formats.format(app: $0.key, action: action.key) }
        }
        return [GeneratedDirectory.File(path: SitePath.appType(type.key), bytes: AppTypePage.render(type, matrices: matrices, links: links, layout: layout))]
            + zip(type.actions, matrices).map { action, matrix in
                GeneratedDirectory.File(
                    path: SitePath.action(type.key, action.key), bytes: ActionPage.render(action, of: formats, matrix: matrix, links: links, layout: layout))
            }
            + type.parameters.map { parameter in
                GeneratedDirectory.File(
                    path: SitePath.parameter(type.key, parameter.key),
                    bytes: ParameterPage.render(parameter, of: type, matrices: matrices, links: links, layout: layout))
            }
            + apps.map { app in
                GeneratedDirectory.File(
                    path: SitePath.app(app.key),
                    bytes: AppPage.render(
                        app, formats: formats, outcomes: Self.outcomes(of: app.key, in: type, matrices: matrices),
                        editableApps: editableApps, layout: layout))
            }
    }

    /// What the client does for each action of the type's app `key`, by action key, read from
    /// the type's matrices (a row per app of the type) rather than worked out again.
    private static func outcomes(of key: String, in type: MergedAppType, matrices: [SupportMatrix]) -> [String: AppActionOutcome] {
        guard let row = type.position(ofApp: key) else { return [:] }
        return Dictionary(zip(type.actions, matrices).map { ($0.key, $1.rows[row].outcome) }, uniquingKeysWith: { first, _ in first })
    }
}

/// Why no site was made; the CLI lists the findings and exits 1.
public enum DocsSiteError: Error, Sendable, CustomStringConvertible {
    /// `key-format` findings: keys that cannot safely name a page.
    case unsafeKeys([Finding])
    /// The catalog's files hold no app type: a site of nothing would look like a success.
    case nothingToDocument(fileCount: Int)

    public var description: String {
        switch self {
        case .unsafeKeys(let findings):
            "\(findings.count == 1 ? "a key is" : "\(findings.count) keys are") not safe as a file name (see 'key-format' above); nothing was written"
        case .nothingToDocument(let fileCount):
            "nothing to document: the catalog's \(fileCount) file\(fileCount == 1 ? "" : "s") hold no app type (an object with a \"key\" in a "
                + "file's top-level list); 'choosy-data lint' says what they hold instead; nothing was written"
        }
    }
}
