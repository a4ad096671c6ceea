import ChoosyCore
import ChoosyCatalog

/// The apps × actions grid of a type page (caniuse's view): a row per app, a column per
/// action, each cell what the client does for that app and action — the state of its
/// resolved outcome (`AppActionOutcome`), read from the action's `SupportMatrix` — in words
/// and in the state's colour, linking to the app's url_format on the action page. The header
/// row and the app column stay in view as the grid scrolls; on a phone each app is a card of
/// the actions it implements.
enum AppTypeGrid {
    /// What a cell says for each state, what that means (for the legend), and its class, whose
    /// colours are the matrices' (`MatrixHTMLRenderer.styleSheet`).
    static func mark(_ state: AppActionOutcome.State) -> (cell: String, meaning: String, className: String) {
        switch state {
        case .url: ("URL", "the client opens the app's URL for the action", "opens-url")
        case .app: ("app only", "the url_format renders no valid URL: the client launches the app only", SupportMark.appOnly.rawValue)
        case .crash: ("crashes", "a query component has no '=': the client \(ClientRendering.Outcome.crashSummary)", SupportMark.crash.rawValue)
        case .unsupported: ("not implemented", "the app has no url_format for the action: the client launches the app only", SupportMark.unsupported.rawValue)
        }
    }

    /// The legend, then the grid under a heading-less caption; `matrices` are the type's, one per
    /// action in order.
    static func render(_ type: MergedAppType, matrices: [SupportMatrix], links: AppTypeLinks, into html: inout HTMLWriter) {
        html.element(.ul, [.init(.class, "legend"), .init(.ariaLabel, "What a cell says")]) { html in
            for state in AppActionOutcome.State.allCases {
                html.element(.li) { html in
                    let mark = mark(state)
                    html.element(.span, .init(.class, "mark " + mark.className)) { $0.text(mark.cell) }
                    html.text(": " + mark.meaning)
                }
            }
        }
        let names = DistinctNames(type.actions.map { $0.value(\.name) ?? $0.key })
        let labels = type.actions.map { names.label($0.value(\.name) ?? $0.key, key: $0.key) }
        html.element(.div, .init(.class, "outcomes")) { html in
            html.element(.table, .init(.ariaLabel, "What the client does for each app and action")) { html in
                html.element(.thead) { html in
                    html.element(.tr) { html in
                        html.element(.th, .init(.scope, "col")) { $0.text("App") }
                        for (index, label) in labels.enumerated() {
                            html.element(.th, .init(.scope, "col")) { $0.link(SitePath.action(type.key, type.actions[index].key), label) }
                        }
                    }
                }
                html.element(.tbody) { html in
                    for (row, app) in type.apps.enumerated() {
                        html.element(.tr, .init(.dataApp, app.key)) { html in
                            html.element(.th, .init(.scope, "row")) { $0.write(links.apps[row]) }
                            for (column, matrix) in matrices.enumerated() {
                                cell(matrix.rows[row].outcome.state, action: type.actions[column].key, label: labels[column], of: app.key, in: type.key, into: &html)
                            }
                        }
                    }
                }
                html.element(.tfoot) { html in
                    html.element(.tr) { html in
                        html.element(.th, .init(.scope, "row")) { $0.text("Opens a URL") }
                        for (matrix, label) in zip(matrices, labels) {
                            html.element(.td, .init(.dataLabel, label)) { $0.text("\(matrix.urlOpeningAppCount) of \(matrix.rows.count)") }
                        }
                    }
                }
            }
        }
    }

    /// A cell: the state's word in its class, a link to the app's row of the action page when
    /// the app implements the action; `label` is the column's, which a phone's card shows.
    private static func cell(
        _ state: AppActionOutcome.State, action: String, label: String, of app: String, in type: String, into html: inout HTMLWriter
    ) {
        let mark = mark(state)
        let attributes: [HTML.Attribute] = [.init(.class, mark.className), .init(.dataKey, action), .init(.dataLabel, label)]
        html.element(.td, attributes) { html in
            guard state != .unsupported else { return html.text(mark.cell) }
            html.link(SitePath.action(type, action) + "#" + ActionPage.appAnchor(app), mark.cell)
        }
    }
}
