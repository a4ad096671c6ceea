/// `type-<key>.html`: an app type's parameters, actions and apps, and how many apps use each
/// parameter in each action. `matrices` are the type's, one per action in order; their grids,
/// app by app, are on the action pages, so the page grows with the type, not with its square.
enum AppTypePage {
    static func render(_ type: MergedAppType, matrices: [SupportMatrix], layout: SiteLayout) -> [UInt8] {
        let title = type.name ?? type.key
        let parameters = SiteLayout.table(
            label: "Parameters", columns: ["Parameter", "Key", "Description", "Must be passed", "Must not be empty"],
            rows: type.parameters.map { parameter in
                [
                    SiteLayout.link(SitePath.parameter(type.key, parameter.key), parameter.value(\.name) ?? parameter.key),
                    SiteLayout.code(parameter.key), .text(parameter.value(\.description) ?? ""),
                    .text(parameter.value(\.presenceRequired) == true ? "yes" : "no"),
                    .text(parameter.value(\.valueRequired) == true ? "yes" : "no"),
                ]
            })
        let actions = SiteLayout.table(
            label: "Actions", columns: ["Action", "Key", "Apps that implement it"],
            rows: zip(type.actions, matrices).map { action, matrix in
                [
                    SiteLayout.link(SitePath.action(type.key, action.key), action.value(\.name) ?? action.key),
                    SiteLayout.code(action.key), .text("\(matrix.supportingAppCount) of \(type.apps.count)"),
                ]
            })
        let apps = SiteLayout.table(
            label: "Apps", columns: ["App", "Key", "App URL scheme", "Actions", "Documentation"],
            rows: type.apps.map { app in
                [
                    SiteLayout.link(SitePath.app(app.key), app.name ?? app.key), SiteLayout.code(app.key),
                    app.appURLScheme.map(SiteLayout.code) ?? .text("none"),
                    .text(String(type.actions.count { app.action($0.key)?.value(\.urlFormat) != nil })),
                    app.source.map(SiteLayout.webLink) ?? .text("none"),
                ]
            })
        let support = SiteLayout.table(
            label: "Apps that use each parameter", columns: ["Action", "Apps that implement it"] + type.parameters.map(\.key),
            rows: zip(type.actions, matrices).map { action, matrix in
                [
                    SiteLayout.link(SitePath.action(type.key, action.key) + "#matrix", action.value(\.name) ?? action.key),
                    .text(String(matrix.supportingAppCount)),
                ] + matrix.coverage.map { .text(String($0)) }
            })
        let content: [HTML] = [
            SiteLayout.heading(.h1, id: "top", title),
            .tag(.p, [], [.text("App type "), SiteLayout.code(type.key), .text(": " + [SiteLayout.count(type.parameters.count, "parameter"), SiteLayout.count(type.actions.count, "action"), SiteLayout.count(type.apps.count, "app")].joined(separator: ", ") + ".")]),
            layout.sources(type.definitions),
            SiteLayout.section("parameters", "Parameters", [parameters]),
            SiteLayout.section("actions", "Actions", [actions]),
            SiteLayout.section("apps", "Apps", [apps]),
            SiteLayout.section("support", "Parameter support", [
                .tag(.p, [], [.text("For each action, how many of the apps that implement it use each parameter; the action's grid shows which apps, and where in the URL.")]),
                support,
            ]),
        ]
        return layout.document(title: title, breadcrumbs: [(SiteLayout.siteName, SitePath.index)], content: content)
    }
}
