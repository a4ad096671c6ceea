import ChoosyCatalog

/// `index.html`: every app type with its counts, every app, and the reference pages; any app
/// or parameter is two clicks away.
enum IndexPage {
    static func render(_ catalog: MergedCatalog, apps: [SiteApp], omissions: SiteOmissions, layout: SiteLayout) -> [UInt8] {
        layout.document(title: SiteLayout.siteName) { html in
            html.heading(.h1, id: "top", SiteLayout.siteName)
            if !omissions.isEmpty {
                html.element(.p, [.init(.class, "omissions"), .init(.role, "note")]) { html in
                    html.element(.strong) { $0.text("Not the whole catalog:") }
                    html.text(" " + omissions.sentence + ".")
                }
            }
            html.paragraph(
                "The Choosy URL-scheme catalog: \(SiteLayout.count(catalog.appTypes.count, "app type")) and \(SiteLayout.count(apps.count, "app")). Each app type lists the parameters a calling app passes, the actions it can ask for, and the URL each app is opened with."
            )
            html.element(.p) { html in
                html.text("Shown as \(layout.client.summary) sees it \(catalog.platform.summary): the layers merged and every URL rendered as that client does there (client ")
                html.code(layout.client.rawValue)
                html.text(", platform ")
                html.code(catalog.platform.rawValue)
                html.text(").")
            }
            html.section("app-types", "App types") { html in
                html.table(label: "App types", columns: ["App type", "Key", "Actions", "Parameters", "Apps"], rows: catalog.appTypes) { html, type in
                    html.rowHeader { $0.link(SitePath.appType(type.key), type.name ?? type.key) }
                    html.cell { $0.code(type.key) }
                    html.cell(String(type.actions.count))
                    html.cell(String(type.parameters.count))
                    html.cell(String(type.apps.count))
                }
            }
            html.section("apps", "Apps") { html in
                html.table(label: "Apps", columns: ["App", "Key", "App types"], rows: apps) { html, app in
                    html.rowHeader { $0.link(SitePath.app(app.key), app.name) }
                    html.cell { $0.code(app.key) }
                    html.cell { html in
                        html.element(.span) { html in
                            html.list(app.memberships) { $0.link(SitePath.appType($1.type.key), $1.type.name ?? $1.type.key) }
                        }
                    }
                }
            }
            html.section("reference", "Reference") { html in
                html.element(.ul) { html in
                    html.element(.li) { html in
                        html.link(SitePath.rules, "Lint rules")
                        html.text(": what choosy-data lint checks, and why.")
                    }
                    html.element(.li) { html in
                        html.link(SitePath.schema, "Schema fields")
                        html.text(": every field of a catalog file.")
                    }
                    html.element(.li) { html in
                        html.link(SitePath.search, "Search")
                        html.text(" app types, actions, parameters and apps.")
                    }
                }
            }
        }
    }
}
