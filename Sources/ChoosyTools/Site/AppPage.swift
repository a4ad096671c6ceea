import ChoosyCore
import ChoosyCatalog

/// `app-<key>.html`: an app in every app type it belongs to, with its scheme, documentation
/// link and every url_format. `formats` are one of its types' cut url_formats (its last
/// type's, rendered just before), and `outcomes` what the client does for that type's actions
/// (from its matrices); the other types' are worked out here. `editableApps` are the apps the
/// editor page can start from, by type: each membership links the editor with its app, or its
/// type where the editor cannot edit the app.
enum AppPage {
    static func render(
        _ site: SiteApp, formats: AppTypeFormats, outcomes: [String: AppActionOutcome], editableApps: [String: Set<String>], layout: SiteLayout
    ) -> [UInt8] {
        let types = site.memberships.map { $0.type.name ?? $0.type.key }
        return layout.document(title: site.name, breadcrumbs: [(SiteLayout.siteName, SitePath.index)]) { html in
            html.heading(.h1, id: "top", site.name)
            html.element(.p) { html in
                html.text("App ")
                html.code(site.key)
                html.text(", in \(types.count == 1 ? "one app type" : "\(types.count) app types").")
            }
            for (type, app) in site.memberships {
                let isRendered = type.key == formats.type.key
                membership(
                    app, in: type, formats: isRendered ? formats : AppTypeFormats(type, apps: [app]), outcomes: isRendered ? outcomes : [:],
                    isEditable: editableApps[type.key]?.contains(app.key) == true, layout: layout, into: &html)
            }
        }
    }

    /// The app as one app type lists it: name, scheme, documentation, url_formats, the type's
    /// actions it does not implement, examples.
    private static func membership(
        _ app: MergedApp, in type: MergedAppType, formats: AppTypeFormats, outcomes: [String: AppActionOutcome], isEditable: Bool,
        layout: SiteLayout, into html: inout HTMLWriter
    ) {
        let typeName = type.name ?? type.key
        html.section("in-\(type.key)", "In \(typeName)") { html in
            html.element(.dl) { html in
                html.element(.dt) { $0.text("App type") }
                html.element(.dd) { $0.link(SitePath.appType(type.key), typeName) }
                html.element(.dt) { $0.text("Name") }
                html.element(.dd) { $0.text(app.name ?? app.key) }
                html.element(.dt) { $0.text("App URL scheme") }
                html.element(.dd) { html in
                    if let scheme = app.appURLScheme { html.code(scheme) } else { html.text("none") }
                }
                html.element(.dt) { $0.text("Documentation") }
                html.element(.dd) { html in
                    if let source = app.source { html.webLink(source) } else { html.text("none") }
                }
            }
            html.sources(app.definitions, layout)
            html.element(.p) { html in
                if isEditable {
                    html.link(SitePath.editor(type: type.key, app: app.key), "Edit \(app.name ?? app.key) in \(typeName)")
                } else {
                    html.link(SitePath.editor(type: type.key), "Add an app to \(typeName)")
                }
            }
            if app.actions.isEmpty {
                html.paragraph("No actions.")
            } else {
                let columns = ["Action", "URL format", "What the client does", "Source"]
                html.table(label: "URL formats in \(typeName)", showsLabel: true, columns: columns, rows: app.actions) { html, appAction in
                    html.rowHeader { actionName(appAction.key, in: type, into: &$0) }
                    html.cell { html in
                        if let format = formats.format(app: app.key, action: appAction.key) {
                            html.urlFormat(format, parameterPages: formats.parameterPages)
                        } else {
                            html.text("no url_format")
                        }
                    }
                    html.cell { html in
                        let outcome = outcomes[appAction.key]
                            ?? AppActionOutcome(of: app, in: type, action: appAction.key, profile: type.definitions.profile)
                        guard let mark = SupportMark(outcome.state) else { return html.text(outcome.summary) }
                        html.element(.span, .init(.class, mark.markClass)) { $0.text(mark.label) }
                        if let reason = outcome.failureReason { html.text(": " + reason) }
                    }
                    html.cell { $0.source(appAction.definition(providing: \.urlFormatNode) ?? appAction.definitions[0], layout) }
                }
            }
            let unimplemented = type.actions.filter { formats.format(app: app.key, action: $0.key) == nil }
            if !unimplemented.isEmpty {
                html.element(.p) { html in
                    html.text("Does not implement ")
                    html.list(unimplemented) { $0.link(SitePath.action(type.key, $1.key), $1.value(\.name) ?? $1.key) }
                    html.text("; for these the client only launches it, with its app URL scheme (opens the app only).")
                }
            }
            let examples = app.actions.flatMap { appAction in ExampleTable.examples(of: appAction).map { (appAction.key, $0) } }
            if !examples.isEmpty {
                html.paragraph("Examples: values a caller passes and the URL the app is opened with for them.")
                ExampleTable.render(label: "Examples in \(typeName)", firstColumn: "Action", rows: examples, layout: layout, into: &html) {
                    actionName($1, in: type, into: &$0)
                }
            }
        }
    }

    /// An action of the app as a link to its page, or its key flagged when the app type does
    /// not declare it.
    private static func actionName(_ key: String, in type: MergedAppType, into html: inout HTMLWriter) {
        guard let action = type.action(key) else {
            return html.element(.span, .init(.title, "not an action of this app type")) { $0.code(key) }
        }
        html.link(SitePath.action(type.key, action.key), action.value(\.name) ?? action.key)
    }
}
