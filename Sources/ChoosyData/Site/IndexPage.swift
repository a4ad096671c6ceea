/// `index.html`: every app type with its counts, every app, and the reference pages; any app
/// or parameter is two clicks away.
enum IndexPage {
    static func render(_ catalog: MergedCatalog, apps: [SiteApp], layout: SiteLayout) -> [UInt8] {
        let types = SiteLayout.table(
            label: "App types", columns: ["App type", "Key", "Actions", "Parameters", "Apps"],
            rows: catalog.appTypes.map { type in
                [
                    SiteLayout.link(SitePath.appType(type.key), type.name ?? type.key), SiteLayout.code(type.key),
                    .text(String(type.actions.count)), .text(String(type.parameters.count)), .text(String(type.apps.count)),
                ]
            })
        let appRows = apps.map { app in
            [
                SiteLayout.link(SitePath.app(app.key), app.name), SiteLayout.code(app.key),
                .tag(.span, [], app.memberships.enumerated().flatMap { index, membership in
                    (index == 0 ? [] : [.text(", ")]) + [SiteLayout.link(SitePath.appType(membership.type.key), membership.type.name ?? membership.type.key)]
                }),
            ] as [HTML]
        }
        let content: [HTML] = [
            SiteLayout.heading(.h1, id: "top", SiteLayout.siteName),
            .tag(.p, [], [.text(
                "The Choosy URL-scheme catalog: \(SiteLayout.count(catalog.appTypes.count, "app type")) and \(SiteLayout.count(apps.count, "app")). Each app type lists the parameters a calling app passes, the actions it can ask for, and the URL each app is opened with."
            )]),
            SiteLayout.section("app-types", "App types", [types]),
            SiteLayout.section("apps", "Apps", [SiteLayout.table(label: "Apps", columns: ["App", "Key", "App types"], rows: appRows)]),
            SiteLayout.section("reference", "Reference", [
                .tag(.ul, [], [
                    .tag(.li, [], [SiteLayout.link(SitePath.rules, "Lint rules"), .text(": what choosy-data lint checks, and why.")]),
                    .tag(.li, [], [SiteLayout.link(SitePath.schema, "Schema fields"), .text(": every field of a catalog file.")]),
                    .tag(.li, [], [SiteLayout.link(SitePath.search, "Search"), .text(" app types, actions, parameters and apps.")]),
                ]),
            ]),
        ]
        return layout.document(title: SiteLayout.siteName, content: content)
    }
}
