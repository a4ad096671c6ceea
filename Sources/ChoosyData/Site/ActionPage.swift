/// `action-<type>-<key>.html`: which apps implement an action and with which url_format, the
/// parameters they use, and "Try it": the URL of every app for values typed in, rendered by
/// the site's script with the algorithm of `URLRenderer` (docs/url.md). `matrix` is the
/// action's support matrix.
enum ActionPage {
    static func render(_ action: Merged<Action>, of formats: AppTypeFormats, matrix: SupportMatrix, layout: SiteLayout) -> [UInt8] {
        let type = formats.type
        let title = action.value(\.name) ?? action.key
        let parameterKeys = formats.parameterKeys
        let implementations = type.apps.compactMap { app in
            app.action(action.key).flatMap { appAction in formats.format(app: app.key, action: action.key).map { (app, appAction, $0) } }
        }
        let implementing = Set(implementations.map(\.0.key))
        let others = type.apps.filter { !implementing.contains($0.key) }
        let formatTable = SiteLayout.table(
            label: "URL formats", columns: ["App", "URL format", "Source"],
            rows: implementations.map { app, appAction, format in
                [
                    SiteLayout.link(SitePath.app(app.key), app.name ?? app.key),
                    SiteLayout.urlFormat(format, type: type.key, parameters: parameterKeys),
                    appAction.definition(providing: \.urlFormatNode).map(layout.source) ?? .text(""),
                ]
            })
        let notImplemented: [HTML] = others.isEmpty ? [] : [
            .tag(.p, [], [.text("Not implemented by ")] + others.enumerated().flatMap { index, app in
                (index == 0 ? [] : [.text(", ")]) + [SiteLayout.link(SitePath.app(app.key), app.name ?? app.key)]
            } + [.text("; the client only launches them, with their app URL scheme.")]),
        ]
        let content: [HTML] = [
            SiteLayout.heading(.h1, id: "top", title),
            .tag(.p, [], [
                .text("Action "), SiteLayout.code(action.key), .text(" of app type "),
                SiteLayout.link(SitePath.appType(type.key), type.name ?? type.key),
                .text(": implemented by \(implementations.count) of \(type.apps.count) apps."),
            ]),
            layout.sources(action.definitions),
            SiteLayout.section("url-formats", "URL formats", [
                .tag(.p, [], [.text("Placeholders are marked; each links to its parameter.")]),
                formatTable,
            ] + notImplemented),
        ] + examples(implementations.map { ($0.0, $0.1) }, layout: layout) + [
            SiteLayout.section("coverage", "Parameter coverage", [
                MatrixHTMLRenderer.legend(),
                .tag(.div, [.init(.class, "matrix")], [
                    MatrixHTMLRenderer.section(matrix, id: "matrix") { SiteLayout.heading(.h3, id: $0, $1) },
                ]),
            ]),
            tryIt(action: action.key, formats: formats),
        ]
        return layout.document(
            title: title, breadcrumbs: [(SiteLayout.siteName, SitePath.index), (type.name ?? type.key, SitePath.appType(type.key))],
            content: content)
    }

    /// The examples of every app that implements the action, in the apps' order; no section
    /// when there are none.
    private static func examples(_ implementations: [(MergedApp, Merged<AppAction>)], layout: SiteLayout) -> [HTML] {
        let rows = implementations.flatMap { app, appAction in
            ExampleTable.examples(of: appAction).map { (SiteLayout.link(SitePath.app(app.key), app.name ?? app.key), $0) }
        }
        guard !rows.isEmpty else { return [] }
        return [
            SiteLayout.section("examples", "Examples", [
                .tag(.p, [], [.text("Values a caller passes and the URL the app is opened with for them, as the catalog documents them.")]),
                ExampleTable.render(label: "Examples", firstColumn: "App", rows: rows, layout: layout),
            ]),
        ]
    }

    /// The inputs and the table of URLs. The table holds the URLs for empty values, so it reads
    /// right before the script runs (and without it); each app row carries its url_format,
    /// which the script renders again on every change.
    private static func tryIt(action: String, formats: AppTypeFormats) -> HTML {
        let type = formats.type
        let fields: [HTML] = type.parameters.map { parameter in
            let id = "value-\(parameter.key)"
            return .tag(.div, [.init(.class, "field")], [
                .tag(.label, [.init(.for, id)], [.text((parameter.value(\.name) ?? parameter.key) + " "), SiteLayout.code(parameter.key)]),
                .tag(.input, [.init(.type, "text"), .init(.id, id), .init(.name, parameter.key), .init(.autocomplete, "off")]),
            ])
        }
        let rows: [HTML] = type.apps.map { app in
            let name = HTML.tag(.th, [.init(.scope, "row")], [.text(app.name ?? app.key)])
            guard let format = formats.format(app: app.key, action: action) else {
                let fallback = app.appURLScheme ?? ""
                return .tag(.tr, [.init(.dataApp, app.key), .init(.dataFallback, fallback)], [
                    name,
                    .tag(.td, [], [.tag(.output, [], [SiteLayout.code(fallback)]), .text(" (does not implement it; opens the app only)")]),
                    .tag(.td, [], []),
                ])
            }
            let rendering = URLRenderer.render(format, with: [:])
            return .tag(.tr, [.init(.dataApp, app.key), .init(.dataFormat, format.text)], [
                name,
                .tag(.td, [], [.tag(.output, [], [SiteLayout.code(rendering.url)])]),
                .tag(.td, [.init(.class, "dropped")], [.text(rendering.dropped.joined(separator: ", "))]),
            ])
        }
        return SiteLayout.section("try-it", "Try it", [
            .tag(.p, [], [.text("Type values to see the URL each app is opened with, encoded as the client encodes them; query components whose value is empty are dropped (docs/url.md).")]),
            .tag(.form, [.init(.id, "try-it-form"), .init(.class, "try-it")], fields),
            .tag(.div, [.init(.class, "scroll")], [
                .tag(.table, [.init(.id, "try-it-results"), .init(.ariaLabel, "URLs for the values above")], [
                    .tag(.thead, [], [.tag(.tr, [], ["App", "URL", "Dropped (empty)"].map { .tag(.th, [.init(.scope, "col")], [.text($0)]) })]),
                    .tag(.tbody, [], rows),
                ]),
            ]),
        ])
    }
}
