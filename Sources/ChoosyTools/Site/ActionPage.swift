import ChoosyCore
import ChoosyCatalog

/// `action-<type>-<key>.html`: which apps implement an action and with which url_format, the
/// parameters they use, and "Try it": what the site's client opens for every app for values
/// typed in, rendered by the site's script as `ClientProfile.render` renders it (docs/url.md).
/// `matrix` is the action's support matrix, `links` the type's.
enum ActionPage {
    static func render(_ action: Merged<Action>, of formats: AppTypeFormats, matrix: SupportMatrix, links: AppTypeLinks, layout: SiteLayout) -> [UInt8] {
        let type = formats.type
        let title = action.value(\.name) ?? action.key
        // Apps by their positions in the type.
        let implementations = type.apps.indices.compactMap { index in
            let app = type.apps[index]
            return app.action(action.key).flatMap { appAction in formats.format(app: app.key, action: action.key).map { (index, appAction, $0) } }
        }
        let others = type.apps.indices.filter { matrix.rows[$0].outcome.state == .unsupported }
        let ending = ": " + outcomeSummary(matrix) + "."
        return layout.document(title: title, kind: "Action", key: action.key, of: type, ending: ending) { html in
            html.sources(action.definitions, layout)
            html.section("url-formats", "URL formats") { html in
                html.paragraph("Placeholders are marked; each links to its parameter.")
                html.table(label: "URL formats", columns: ["App", "URL format", "Source"], rows: implementations) { html, implementation in
                    let (app, appAction, format) = implementation
                    html.rowHeader { $0.write(links.apps[app]) }
                    html.cell { $0.urlFormat(format, parameterPages: formats.parameterPages) }
                    html.cell { html in
                        if let definition = appAction.definition(providing: \.urlFormatNode) { html.source(definition, layout) }
                    }
                }
                if !others.isEmpty {
                    html.element(.p) { html in
                        html.text("Not implemented by ")
                        html.list(others) { $0.write(links.apps[$1]) }
                        html.text("; the client only launches them, with their app URL scheme.")
                    }
                }
            }
            examples(implementations.map { ($0.0, $0.1) }, links: links, layout: layout, into: &html)
            coverage(matrix, into: &html)
            tryIt(action: action.key, parameters: parameters(of: implementations.map(\.2), in: type), formats: formats, client: layout.client, into: &html)
        }
    }

    /// The examples of every app that implements the action, in the apps' order; no section
    /// when there are none.
    private static func examples(_ implementations: [(Int, Merged<AppAction>)], links: AppTypeLinks, layout: SiteLayout, into html: inout HTMLWriter) {
        let rows = implementations.flatMap { app, appAction in ExampleTable.examples(of: appAction).map { (app, $0) } }
        guard !rows.isEmpty else { return }
        html.section("examples", "Examples") { html in
            html.paragraph("Values a caller passes and the URL the app is opened with for them, as the catalog documents them.")
            ExampleTable.render(label: "Examples", firstColumn: "App", rows: rows, layout: layout, into: &html) { $0.write(links.apps[$1]) }
        }
    }

    /// What the client does for the apps of the type, counted by state (`AppActionOutcome`):
    /// "the client opens a URL for 4 of 6 apps; 1 crashes the host app; 1 opens the app only".
    static func outcomeSummary(_ matrix: SupportMatrix) -> String {
        let failures = matrix.stateCounts.compactMap { state, count -> String? in
            switch state {
            case .url, .unsupported: nil
            case .app: "\(count) \(count == 1 ? "opens" : "open") the app only"
            case .crash: "\(count) \(count == 1 ? "crashes" : "crash") the host app"
            }
        }
        return (["the client opens a URL for \(matrix.urlOpeningAppCount) of \(matrix.rows.count) apps"] + failures).joined(separator: "; ")
    }

    /// The grid: a row per app of the type, the ones the client opens no URL of saying so
    /// across the row, and why, as in `matrix --format html`.
    private static func coverage(_ matrix: SupportMatrix, into html: inout HTMLWriter) {
        html.section("coverage", "Parameter coverage") { html in
            guard matrix.rows.contains(where: { $0.outcome.state != .unsupported }) else {
                return html.paragraph("No app implements this action, so it uses no parameter.")
            }
            // Without a used parameter there is no grid, so nothing for a legend to explain.
            if !matrix.usedColumns.isEmpty { MatrixHTMLRenderer.legend(into: &html) }
            MatrixHTMLRenderer.section(matrix, id: "matrix", into: &html) { $0.heading(.h3, id: $1, $2) }
        }
    }

    /// The parameters of the type whose `{{key}}` one of `formats` holds, in the type's order:
    /// "Try it" asks only for these, since the client fills nothing else into the action's URLs.
    private static func parameters(of formats: [URLFormat], in type: MergedAppType) -> [Merged<Parameter>] {
        let held = PlaceholderBytes.keysHeld(by: formats.map(\.text), keys: type.parameterKeys)
        return type.parameters.indices.filter { held[$0] }.map { type.parameters[$0] }
    }

    /// The inputs and the table of what the client opens. The table holds the renderings for
    /// empty values, so it reads right before the script runs (and without it). It names the
    /// client it renders for; each app row carries its url_format and app URL scheme, and the
    /// inputs, in the type's order, the keys of `parameters`: what the script renders again on
    /// every change, adding to each URL a link, a copy button and a QR code, and keeping the
    /// values in the page address.
    private static func tryIt(
        action: String, parameters: [Merged<Parameter>], formats: AppTypeFormats, client: ClientProfile, into html: inout HTMLWriter
    ) {
        let type = formats.type
        html.section("try-it", "Try it") { html in
            html.paragraph(
                "Type values to see what \(client.summary) opens for each app: the URL as it renders it, or the app alone, or a crash; query components whose value is empty are dropped, and warnings say what the app will not read as meant."
            )
            html.paragraph(
                "Each URL is a link that opens the app on a phone, with a button that copies it and a QR code a phone's camera opens it from. The page address keeps the values typed, so a link to it fills the form again."
            )
            if parameters.isEmpty { html.paragraph("No url_format of this action takes a parameter: each app opens the same URL whatever the values.") }
            html.element(.form, [.init(.id, "try-it-form"), .init(.class, "try-it")]) { html in
                for parameter in parameters {
                    let id = "value-\(parameter.key)"
                    html.element(.div, .init(.class, "field")) { html in
                        html.element(.label, .init(.for, id)) { html in
                            html.text((parameter.value(\.name) ?? parameter.key) + " ")
                            html.code(parameter.key)
                        }
                        // A text area, so that a value may hold a line break (an email's body); a
                        // phone neither capitalises nor corrects what is typed, and offers its URL
                        // keyboard where the value is an address.
                        var attributes: [HTML.Attribute] = [
                            .init(.id, id), .init(.name, parameter.key), .init(.rows, "1"), .init(.autocomplete, "off"),
                            .init(.autocapitalize, "off"), .init(.spellcheck, "false"),
                        ]
                        if parameter.key == "url" || parameter.key.hasSuffix("_url") { attributes.append(.init(.inputmode, "url")) }
                        html.element(.textarea, attributes)
                    }
                }
            }
            html.element(.div, .init(.class, "scroll")) { html in
                let attributes: [HTML.Attribute] = [
                    .init(.id, "try-it-results"), .init(.dataClient, client.rawValue), .init(.dataPlatform, formats.type.platform.rawValue),
                ]
                html.element(.table, attributes) { html in
                    html.element(.caption, .init(.class, "visually-hidden")) { $0.text("What the client opens for the values above") }
                    html.element(.thead) { $0.columnHeaders(["App", "Opens", "Dropped (empty)", "Warnings"]) }
                    html.element(.tbody) { html in
                        for app in type.apps { row(of: app, action: action, formats: formats, client: client, into: &html) }
                    }
                }
            }
            html.element(.p, [.init(.id, "try-it-status"), .init(.role, "status"), .init(.class, "visually-hidden")]) { _ in }
        }
    }

    /// An app's row of "Try it": what the client opens for empty values and what happens; for
    /// an app that does not implement the action, its app URL scheme.
    private static func row(of app: MergedApp, action: String, formats: AppTypeFormats, client: ClientProfile, into html: inout HTMLWriter) {
        let format = formats.format(app: app.key, action: action)
        let rendering = client.open(app, of: formats.type, action: action, with: [:])
        var attributes: [HTML.Attribute] = [.init(.dataApp, app.key)]
        if let format { attributes.append(.init(.dataFormat, format.text)) }
        if let scheme = app.appURLScheme { attributes.append(.init(.dataFallback, scheme)) }
        attributes.append(.init(.dataOutcome, rendering.outcome.rawValue))
        html.element(.tr, attributes) { html in
            html.rowHeader { $0.text(app.name ?? app.key) }
            html.cell { html in
                html.element(.output) { $0.code(rendering.url ?? "") }
                html.text(" ")
                let isUnsupported = rendering.outcome == .app && rendering.rendered == nil
                html.element(.span, .init(.class, "outcome")) { $0.text(isUnsupported ? unsupportedNote : note(rendering.outcome)) }
                // Where the other platform opens something else, in the words `url` uses.
                html.element(.span, .init(.class, "other-platform")) { $0.text(rendering.onOtherPlatform?.sentence ?? "") }
            }
            html.element(.td, .init(.class, "dropped")) { $0.text(rendering.dropped.joined(separator: ", ")) }
            html.element(.td, .init(.class, "warnings")) { html in
                guard !rendering.warnings.isEmpty else { return }
                html.element(.ul) { html in
                    for warning in rendering.warnings {
                        html.element(.li) { html in
                            html.code(warning.code)
                            html.text(" " + warning.message)
                        }
                    }
                }
            }
        }
    }

    /// What a row of "Try it" says besides what the client opens; the site's script is given
    /// these notes, so both write the same.
    static func note(_ outcome: ClientRendering.Outcome) -> String {
        switch outcome {
        case .url: ""
        case .app: "opens the app only: the rendered text is not a valid URL"
        case .crash: ClientRendering.Outcome.crashSummary
        }
    }

    /// The note of an app that does not implement the action.
    private static let unsupportedNote = "opens the app only: it does not implement this action"
}
