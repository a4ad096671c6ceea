/// `type-<key>.html`: an app type's parameters, actions and apps, and the support matrix of
/// every action.
enum AppTypePage {
    static func render(_ type: MergedAppType, layout: SiteLayout) -> String {
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
            rows: type.actions.map { action in
                let count = type.apps.count { $0.action(action.key)?.value(\.urlFormat) != nil }
                return [
                    SiteLayout.link(SitePath.action(type.key, action.key), action.value(\.name) ?? action.key),
                    SiteLayout.code(action.key), .text("\(count) of \(type.apps.count)"),
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
        let matrices: [HTML] = type.actions.map { action in
            .tag(.div, [.init(.class, "matrix")], [
                MatrixHTMLRenderer.section(SupportMatrix(appType: type, action: action), id: "matrix-\(action.key)") {
                    SiteLayout.heading(.h3, id: $0, $1)
                },
            ])
        }
        let content: [HTML] = [
            SiteLayout.heading(.h1, id: "top", title),
            .tag(.p, [], [.text("App type "), SiteLayout.code(type.key), .text(": " + [SiteLayout.count(type.parameters.count, "parameter"), SiteLayout.count(type.actions.count, "action"), SiteLayout.count(type.apps.count, "app")].joined(separator: ", ") + ".")]),
            layout.sources(type.definitions),
            SiteLayout.section("parameters", "Parameters", [parameters]),
            SiteLayout.section("actions", "Actions", [actions]),
            SiteLayout.section("apps", "Apps", [apps]),
            SiteLayout.section("support", "Parameter support", [
                .tag(.p, [], [.text("For each action, which apps use each parameter, and where in the URL.")]),
                MatrixHTMLRenderer.legend(),
            ] + matrices),
        ]
        return layout.document(title: title, breadcrumbs: [(SiteLayout.siteName, SitePath.index)], content: content)
    }
}
