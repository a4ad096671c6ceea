/// The static documentation site of a catalog (`choosy-data docs`): every page, one style
/// sheet and one script, made from the merged catalog, the rule descriptions and the schema.
/// The same catalog and options always give the same bytes.
public struct DocsSite: Sendable {
    /// Every file of the site, index first.
    public let files: [GeneratedDirectory.File]

    /// Builds the site. Pages are named after keys, so a catalog with a key that `key-format`
    /// rejects is refused with those findings, before anything is named after it.
    public init(_ catalog: Catalog, options: SiteOptions = SiteOptions()) throws(DocsSiteError) {
        let unsafeKeys = KeyFormatRule().check(LintContext(catalog: catalog))
        guard unsafeKeys.isEmpty else { throw .unsafeKeys(unsafeKeys) }
        let merged = MergedCatalog(catalog)
        let layout = SiteLayout(options: options)
        let apps = SiteApp.all(in: merged)
        var pages: [(String, String)] = [
            (SitePath.index, IndexPage.render(merged, apps: apps, layout: layout)),
            (SitePath.search, SearchPage.render(merged, apps: apps, layout: layout)),
            (SitePath.rules, RulesPage.render(Linter.ruleDescriptions, layout: layout)),
            (SitePath.schema, SchemaPage.render(AppTypeSchema.validator.root, layout: layout)),
        ]
        for type in merged.appTypes {
            pages.append((SitePath.appType(type.key), AppTypePage.render(type, layout: layout)))
            pages += type.actions.map { (SitePath.action(type.key, $0.key), ActionPage.render($0, of: type, layout: layout)) }
            pages += type.parameters.map { (SitePath.parameter(type.key, $0.key), ParameterPage.render($0, of: type, layout: layout)) }
        }
        pages += apps.map { (SitePath.app($0.key), AppPage.render($0, layout: layout)) }
        pages += [(SitePath.styleSheet, SiteStyle.css), (SitePath.script.text, SiteScript.source)]
        files = pages.map { GeneratedDirectory.File(path: $0.0, bytes: Array($0.1.utf8)) }
    }

    /// Writes the site to `directory` all at once; an existing directory is replaced only when
    /// it is empty or holds a site (its style sheet).
    public func write(to directory: String) throws(GeneratedDirectoryError) {
        try GeneratedDirectory(files: files, marker: SitePath.styleSheet, kind: "a docs site").write(to: directory)
    }
}

/// Why no site was made; the CLI lists the findings and exits 1.
public enum DocsSiteError: Error, Sendable, CustomStringConvertible {
    /// `key-format` findings: keys that cannot safely name a page.
    case unsafeKeys([Finding])

    public var description: String {
        switch self {
        case .unsafeKeys(let findings):
            "\(findings.count == 1 ? "a key is" : "\(findings.count) keys are") not safe as a file name (see 'key-format' above); nothing was written"
        }
    }
}
