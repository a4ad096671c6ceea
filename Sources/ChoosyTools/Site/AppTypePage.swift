import ChoosyCatalog

/// `type-<key>.html`: the grid of what the client does for each app and action
/// (`AppTypeGrid`), then the type's parameters, its actions with how many apps the client opens
/// a URL of for each, and its apps. `matrices` are the type's, one per action in order; their
/// grids, app by app and parameter by parameter, are on the action pages.
enum AppTypePage {
    static func render(_ type: MergedAppType, matrices: [SupportMatrix], links: AppTypeLinks, layout: SiteLayout) -> [UInt8] {
        let title = type.name ?? type.key
        let counts = [SiteLayout.count(type.parameters.count, "parameter"), SiteLayout.count(type.actions.count, "action"), SiteLayout.count(type.apps.count, "app")]
        return layout.document(title: title, breadcrumbs: [(SiteLayout.siteName, SitePath.index)], place: .appType(type.key)) { html in
            html.heading(.h1, id: "top", title)
            html.element(.p) { html in
                html.text("App type ")
                html.code(type.key)
                html.text(": " + counts.joined(separator: ", ") + ".")
            }
            html.sources(type.definitions, layout)
            html.element(.p) { $0.link(SitePath.editor(type: type.key), "Add an app to \(title)") }
            html.section("grid", "Apps and actions") { html in
                html.paragraph("What the client does for each app and action; a cell links to the app's url_format on the action's page, which has its grid of the parameters each app uses.")
                AppTypeGrid.render(type, matrices: matrices, links: links, into: &html)
            }
            html.section("parameters", "Parameters") { html in
                html.table(
                    label: "Parameters", columns: ["Parameter", "Key", "Description", "Must be passed", "Must not be empty"], rows: type.parameters
                ) { html, parameter in
                    html.rowHeader { $0.link(SitePath.parameter(type.key, parameter.key), parameter.value(\.name) ?? parameter.key) }
                    html.cell { $0.code(parameter.key) }
                    html.cell(parameter.value(\.description) ?? "")
                    html.cell(parameter.value(\.presenceRequired) == true ? "yes" : "no")
                    html.cell(parameter.value(\.valueRequired) == true ? "yes" : "no")
                }
            }
            html.section("actions", "Actions") { html in
                html.table(label: "Actions", columns: ["Action", "Key", "Apps the client opens a URL of"], rows: zip(type.actions, matrices)) { html, row in
                    let (action, matrix) = row
                    html.rowHeader { $0.link(SitePath.action(type.key, action.key), action.value(\.name) ?? action.key) }
                    html.cell { $0.code(action.key) }
                    html.cell("\(matrix.urlOpeningAppCount) of \(type.apps.count)")
                }
            }
            html.section("apps", "Apps") { html in
                html.table(label: "Apps", columns: ["App", "Key", "App URL scheme", "Actions", "Documentation"], rows: type.apps) { html, app in
                    html.rowHeader { $0.link(SitePath.app(app.key), app.name ?? app.key) }
                    html.cell { $0.code(app.key) }
                    html.cell { html in
                        if let scheme = app.appURLScheme { html.code(scheme) } else { html.text("none") }
                    }
                    html.cell(String(type.actions.count { app.action($0.key)?.value(\.urlFormat) != nil }))
                    html.cell { html in
                        if let source = app.source { html.webLink(source) } else { html.text("none") }
                    }
                }
            }
        }
    }
}
