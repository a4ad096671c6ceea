import ChoosyCore
import ChoosyCatalog

/// `action-<type>-<key>.html`: "Try it", a row for each app that implements the action with its
/// url_format and what the site's client opens for values typed in, rendered by the site's
/// script as `ClientProfile.render` renders it (docs/url.md); the apps' examples; the
/// parameters they use. `matrix` is the action's support matrix, `links` the type's.
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
        let hasExamples = implementations.contains { !ExampleTable.examples(of: $0.1).isEmpty }
        return layout.document(title: title, kind: "Action", key: action.key, of: type, ending: ending) { html in
            html.sources(action.definitions, layout)
            onThisPage(hasExamples ? sections : sections.filter { $0.id != "examples" }, into: &html)
            tryIt(
                action: action.key, parameters: parameters(of: implementations.map(\.2), in: type), formats: formats,
                implementations: implementations, others: others, links: links, layout: layout, into: &html)
            examples(implementations.map { ($0.0, $0.1) }, links: links, layout: layout, into: &html)
            coverage(matrix, others: others, links: links, into: &html)
        }
    }

    /// The page's sections in order, as "On this page" lists them.
    private static let sections = [("try-it", "URL formats: try them"), ("examples", "Examples"), ("coverage", "Parameter coverage")]
        .map { (id: $0.0, title: $0.1) }

    /// "On this page": a link to each section, so a reader on a phone reaches any of them
    /// from the top.
    private static func onThisPage(_ sections: [(id: String, title: String)], into html: inout HTMLWriter) {
        html.element(.nav, [.init(.ariaLabel, "On this page"), .init(.class, "on-this-page")]) { html in
            html.element(.p) { html in
                html.text("On this page: ")
                html.list(sections) { $0.link("#" + $1.id, $1.title) }
            }
        }
    }

    /// The id of an app's row of "Try it": where the type page's grid and a search hit for the
    /// app and the action lead.
    static func appAnchor(_ app: String) -> String { "app-" + app }

    /// "Not implemented by 53 apps", which opens to the list of them: the apps the client only
    /// launches, said in one line wherever the page lists apps.
    static func notImplemented(by others: [Int], links: AppTypeLinks, into html: inout HTMLWriter) {
        guard !others.isEmpty else { return }
        html.element(.details, .init(.class, "not-implemented")) { html in
            html.element(.summary) { $0.text("Not implemented by " + SiteLayout.count(others.count, "app")) }
            html.element(.p) { html in
                html.list(others) { $0.write(links.apps[$1]) }
                html.text(": the client only launches \(others.count == 1 ? "it" : "them"), with \(others.count == 1 ? "its" : "their") app URL scheme.")
            }
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

    /// The grid: a row per app that implements the action, the ones the client opens no URL of
    /// saying so across the row, and why, as in `matrix --format html`; then the others in one line.
    private static func coverage(_ matrix: SupportMatrix, others: [Int], links: AppTypeLinks, into html: inout HTMLWriter) {
        html.section("coverage", "Parameter coverage") { html in
            guard others.count < matrix.rows.count else {
                return html.paragraph("No app implements this action, so it uses no parameter.")
            }
            // Without a used parameter there is no grid, so nothing for a legend to explain.
            if !matrix.usedColumns.isEmpty { MatrixHTMLRenderer.legend(into: &html) }
            MatrixHTMLRenderer.section(matrix, id: "matrix", leavingOutUnsupported: true, into: &html) { $0.heading(.h3, id: $1, $2) }
            notImplemented(by: others, links: links, into: &html)
        }
    }

    /// The parameters of the type whose `{{key}}` one of `formats` holds, in the type's order:
    /// "Try it" asks only for these, since the client fills nothing else into the action's URLs.
    private static func parameters(of formats: [URLFormat], in type: MergedAppType) -> [Merged<Parameter>] {
        let held = PlaceholderBytes.keysHeld(by: formats.map(\.text), keys: type.parameterKeys)
        return type.parameters.indices.filter { held[$0] }.map { type.parameters[$0] }
    }

    /// The inputs and the table of the apps' url_formats and what the client opens. The table
    /// holds the renderings for empty values, so it reads right before the script runs (and
    /// without it). It names the client it renders for; a row for each of `implementations`
    /// (the apps that implement the action, by their positions in the type, with their app
    /// actions and formats) shows the app, where its url_format is defined and the format with
    /// its placeholders marked, and carries the format and app URL scheme, and the inputs, in
    /// the type's order, the keys of `parameters`: what the script renders again on every
    /// change, adding to each URL a link, a copy button and a button showing its QR code, and
    /// keeping the values in the page address. The `others` are one line under the table.
    private static func tryIt(
        action: String, parameters: [Merged<Parameter>], formats: AppTypeFormats, implementations: [(Int, Merged<AppAction>, URLFormat)],
        others: [Int], links: AppTypeLinks, layout: SiteLayout, into html: inout HTMLWriter
    ) {
        let client = layout.client
        html.section("try-it", "URL formats: try them") { html in
            html.paragraph(
                "Each app's url_format (a placeholder links to its parameter) and what \(client.summary) opens for the values typed: a URL to follow, copy or scan, the app alone, or a crash; empty query values are dropped. The page address keeps the values."
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
                    html.element(.caption, .init(.class, "visually-hidden")) { $0.text("Each app's url_format and what the client opens for the values above") }
                    html.element(.thead) { $0.columnHeaders(["App", "URL format", "Opens"]) }
                    html.element(.tbody) { html in
                        for implementation in implementations {
                            row(implementation, action: action, formats: formats, links: links, layout: layout, into: &html)
                        }
                    }
                }
            }
            notImplemented(by: others, links: links, into: &html)
            html.element(.p, [.init(.id, "try-it-status"), .init(.role, "status"), .init(.class, "visually-hidden")]) { _ in }
        }
    }

    /// An app's row of "Try it": the app and where its url_format is defined, the format, and
    /// what the client opens for empty values and what happens: the parameters dropped for
    /// being empty, and the warnings, folded.
    private static func row(
        _ implementation: (Int, Merged<AppAction>, URLFormat), action: String, formats: AppTypeFormats, links: AppTypeLinks, layout: SiteLayout,
        into html: inout HTMLWriter
    ) {
        let (index, appAction, format) = implementation
        let app = formats.type.apps[index]
        let rendering = layout.client.open(app, of: formats.type, action: action, with: [:])
        var attributes: [HTML.Attribute] = [.init(.dataApp, app.key), .init(.dataFormat, format.text)]
        if let scheme = app.appURLScheme { attributes.append(.init(.dataFallback, scheme)) }
        attributes.append(.init(.dataOutcome, rendering.outcome.rawValue))
        html.element(.tr, attributes) { html in
            html.rowHeader(id: appAnchor(app.key)) { html in
                html.write(links.apps[index])
                if let definition = appAction.definition(providing: \.urlFormatNode) {
                    html.element(.small, .init(.class, "source")) { $0.source(definition, layout) }
                }
            }
            html.element(.td, .init(.class, "format")) { $0.urlFormat(format, parameterPages: formats.parameterPages) }
            html.element(.td, .init(.class, "opens")) { html in
                html.element(.output) { $0.code(rendering.url ?? "") }
                html.text(" ")
                html.element(.span, .init(.class, "outcome")) { $0.text(note(rendering.outcome)) }
                // Where the other platform opens something else, in the words `url` uses.
                html.element(.span, .init(.class, "other-platform")) { $0.text(rendering.onOtherPlatform?.sentence ?? "") }
                html.element(.p, .init(.class, "dropped")) { $0.text(rendering.dropped.joined(separator: ", ")) }
                html.element(.div, .init(.class, "warnings")) { html in
                    guard !rendering.warnings.isEmpty else { return }
                    html.element(.details) { html in
                    html.element(.summary) { $0.text(warningsSummary(rendering.warnings.map(\.code))) }
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
        }
    }

    /// What a row's warnings say folded: "2 warnings: empty-path-segment", their count and
    /// their codes once each, in order. The site's script says the same (`SiteScript`).
    static func warningsSummary(_ codes: [String]) -> String {
        var distinct: [String] = []
        for code in codes where !distinct.contains(code) { distinct.append(code) }
        return SiteLayout.count(codes.count, "warning") + ": " + distinct.joined(separator: ", ")
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
}
