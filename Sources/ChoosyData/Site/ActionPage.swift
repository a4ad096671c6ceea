/// `action-<type>-<key>.html`: which apps implement an action and with which url_format, the
/// parameters they use, and "Try it": the URL of every app for values typed in, rendered by
/// the site's script with the algorithm of `URLRenderer` (docs/url.md). `matrix` is the
/// action's support matrix.
enum ActionPage {
    static func render(_ action: Merged<Action>, of formats: AppTypeFormats, matrix: SupportMatrix, layout: SiteLayout) -> [UInt8] {
        let type = formats.type
        let title = action.value(\.name) ?? action.key
        let implementations = type.apps.compactMap { app in
            app.action(action.key).flatMap { appAction in formats.format(app: app.key, action: action.key).map { (app, appAction, $0) } }
        }
        let implementing = Set(implementations.map(\.0.key))
        let others = type.apps.filter { !implementing.contains($0.key) }
        let ending = ": implemented by \(implementations.count) of \(type.apps.count) apps."
        return layout.document(title: title, kind: "Action", key: action.key, of: type, ending: ending) { html in
            html.sources(action.definitions, layout)
            html.section("url-formats", "URL formats") { html in
                html.paragraph("Placeholders are marked; each links to its parameter.")
                html.table(label: "URL formats", columns: ["App", "URL format", "Source"], rows: implementations) { html, implementation in
                    let (app, appAction, format) = implementation
                    html.rowHeader { $0.link(SitePath.app(app.key), app.name ?? app.key) }
                    html.cell { $0.urlFormat(format, parameterPages: formats.parameterPages) }
                    html.cell { html in
                        if let definition = appAction.definition(providing: \.urlFormatNode) { html.source(definition, layout) }
                    }
                }
                if !others.isEmpty {
                    html.element(.p) { html in
                        html.text("Not implemented by ")
                        html.list(others) { $0.link(SitePath.app($1.key), $1.name ?? $1.key) }
                        html.text("; the client only launches them, with their app URL scheme.")
                    }
                }
            }
            examples(implementations.map { ($0.0, $0.1) }, layout: layout, into: &html)
            coverage(matrix, others: others.count, into: &html)
            tryIt(action: action.key, formats: formats, into: &html)
        }
    }

    /// The examples of every app that implements the action, in the apps' order; no section
    /// when there are none.
    private static func examples(_ implementations: [(MergedApp, Merged<AppAction>)], layout: SiteLayout, into html: inout HTMLWriter) {
        let rows = implementations.flatMap { app, appAction in ExampleTable.examples(of: appAction).map { (app, $0) } }
        guard !rows.isEmpty else { return }
        html.section("examples", "Examples") { html in
            html.paragraph("Values a caller passes and the URL the app is opened with for them, as the catalog documents them.")
            ExampleTable.render(label: "Examples", firstColumn: "App", rows: rows, layout: layout, into: &html) { html, app in
                html.link(SitePath.app(app.key), app.name ?? app.key)
            }
        }
    }

    /// The grid of the apps that implement the action. The others would be rows of dashes;
    /// they are named once, under URL formats, and counted here.
    private static func coverage(_ matrix: SupportMatrix, others: Int, into html: inout HTMLWriter) {
        html.section("coverage", "Parameter coverage") { html in
            guard matrix.supportingAppCount > 0 else { return html.paragraph("No app implements this action, so it uses no parameter.") }
            MatrixHTMLRenderer.legend(of: [.path, .query, .none], into: &html)
            html.element(.div, .init(.class, "matrix")) { html in
                MatrixHTMLRenderer.section(matrix.implementingApps, id: "matrix", into: &html) { $0.heading(.h3, id: $1, $2) }
            }
            if others > 0 {
                html.element(.p) { html in
                    html.text(others == 1 ? "The app that does not implement it is named under " : "The \(others) apps that do not implement it are named under ")
                    html.link("#url-formats", "URL formats")
                    html.text(".")
                }
            }
        }
    }

    /// The inputs and the table of URLs. The table holds the URLs for empty values, so it reads
    /// right before the script runs (and without it); each app row carries its url_format,
    /// which the script renders again on every change.
    private static func tryIt(action: String, formats: AppTypeFormats, into html: inout HTMLWriter) {
        let type = formats.type
        html.section("try-it", "Try it") { html in
            html.paragraph("Type values to see the URL each app is opened with, encoded as the client encodes them; query components whose value is empty are dropped (docs/url.md).")
            html.element(.form, [.init(.id, "try-it-form"), .init(.class, "try-it")]) { html in
                for parameter in type.parameters {
                    let id = "value-\(parameter.key)"
                    html.element(.div, .init(.class, "field")) { html in
                        html.element(.label, .init(.for, id)) { html in
                            html.text((parameter.value(\.name) ?? parameter.key) + " ")
                            html.code(parameter.key)
                        }
                        html.element(.input, [.init(.type, "text"), .init(.id, id), .init(.name, parameter.key), .init(.autocomplete, "off")])
                    }
                }
            }
            html.element(.div, .init(.class, "scroll")) { html in
                html.element(.table, [.init(.id, "try-it-results"), .init(.ariaLabel, "URLs for the values above")]) { html in
                    html.element(.thead) { $0.columnHeaders(["App", "URL", "Dropped (empty)"]) }
                    html.element(.tbody) { html in
                        for app in type.apps { row(of: app, action: action, formats: formats, into: &html) }
                    }
                }
            }
        }
    }

    /// An app's row of "Try it": its URL for empty values, or its app URL scheme when it does
    /// not implement the action.
    private static func row(of app: MergedApp, action: String, formats: AppTypeFormats, into html: inout HTMLWriter) {
        guard let format = formats.format(app: app.key, action: action) else {
            let fallback = app.appURLScheme ?? ""
            html.element(.tr, [.init(.dataApp, app.key), .init(.dataFallback, fallback)]) { html in
                html.rowHeader { $0.text(app.name ?? app.key) }
                html.cell { html in
                    html.element(.output) { $0.code(fallback) }
                    html.text(" (does not implement it; opens the app only)")
                }
                html.cell { _ in }
            }
            return
        }
        let rendering = URLRenderer.render(format, with: [:])
        html.element(.tr, [.init(.dataApp, app.key), .init(.dataFormat, format.text)]) { html in
            html.rowHeader { $0.text(app.name ?? app.key) }
            html.cell { html in html.element(.output) { $0.code(rendering.url) } }
            html.element(.td, .init(.class, "dropped")) { $0.text(rendering.dropped.joined(separator: ", ")) }
        }
    }
}
