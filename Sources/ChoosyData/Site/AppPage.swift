/// `app-<key>.html`: an app in every app type it belongs to, with its scheme, documentation
/// link and every url_format. `formats` are one of its types' cut url_formats (its last
/// type's, rendered just before); the other types' are cut here.
enum AppPage {
    static func render(_ site: SiteApp, formats: AppTypeFormats, layout: SiteLayout) -> [UInt8] {
        let sections: [HTML] = site.memberships.map { type, app in
            let typeFormats = type.key == formats.type.key ? formats : AppTypeFormats(type, apps: [app])
            let rows: [[HTML]] = app.actions.map { appAction in
                [
                    actionName(appAction.key, in: type),
                    typeFormats.format(app: app.key, action: appAction.key).map {
                        SiteLayout.urlFormat($0, type: type.key, parameters: typeFormats.parameterKeys)
                    }
                        ?? .text("no url_format"),
                    appAction.definition(providing: \.urlFormatNode).map(layout.source) ?? layout.source(appAction.definitions[0]),
                ]
            }
            let examples = app.actions.flatMap { appAction in
                ExampleTable.examples(of: appAction).map { (actionName(appAction.key, in: type), $0) }
            }
            let typeName = type.name ?? type.key
            return SiteLayout.section("in-\(type.key)", "In \(typeName)", [
                .tag(.dl, [], [
                    .tag(.dt, [], [.text("App type")]), .tag(.dd, [], [SiteLayout.link(SitePath.appType(type.key), typeName)]),
                    .tag(.dt, [], [.text("Name")]), .tag(.dd, [], [.text(app.name ?? app.key)]),
                    .tag(.dt, [], [.text("App URL scheme")]), .tag(.dd, [], [app.appURLScheme.map(SiteLayout.code) ?? .text("none")]),
                    .tag(.dt, [], [.text("Documentation")]), .tag(.dd, [], [app.source.map(SiteLayout.webLink) ?? .text("none")]),
                ]),
                layout.sources(app.definitions),
                rows.isEmpty ? .tag(.p, [], [.text("No actions.")])
                    : SiteLayout.table(label: "URL formats in \(typeName)", columns: ["Action", "URL format", "Source"], rows: rows),
            ] + (examples.isEmpty ? [] : [
                .tag(.p, [], [.text("Examples: values a caller passes and the URL the app is opened with for them.")]),
                ExampleTable.render(label: "Examples in \(typeName)", firstColumn: "Action", rows: examples, layout: layout),
            ]))
        }
        let types = site.memberships.map { $0.type.name ?? $0.type.key }
        let content: [HTML] = [
            SiteLayout.heading(.h1, id: "top", site.name),
            .tag(.p, [], [.text("App "), SiteLayout.code(site.key), .text(", in \(types.count == 1 ? "one app type" : "\(types.count) app types").")]),
        ] + sections
        return layout.document(title: site.name, breadcrumbs: [(SiteLayout.siteName, SitePath.index)], content: content)
    }

    /// An action of the app as a link to its page, or its key flagged when the app type does
    /// not declare it.
    private static func actionName(_ key: String, in type: MergedAppType) -> HTML {
        type.action(key).map { SiteLayout.link(SitePath.action(type.key, $0.key), $0.value(\.name) ?? $0.key) }
            ?? .tag(.span, [.init(.title, "not an action of this app type")], [SiteLayout.code(key)])
    }
}
