import ChoosyCore
import ChoosyCatalog

/// `parameter-<type>-<key>.html`: what a parameter means and which apps use it for which
/// action, in the path or only in the query (or name it where the client loses it), among
/// the app actions that open a URL. `matrices` are the type's, one per action in order;
/// `links` the type's.
enum ParameterPage {
    static func render(
        _ parameter: Merged<Parameter>, of type: MergedAppType, matrices: [SupportMatrix], links: AppTypeLinks, layout: SiteLayout
    ) -> [UInt8] {
        let title = parameter.value(\.name) ?? parameter.key
        let column = type.parameters.firstIndex { $0.key == parameter.key }!
        // By the positions of the action and the app: a matrix has a row per app of the type.
        let uses = zip(type.actions.indices, matrices).flatMap { action, matrix in
            matrix.rows.indices.compactMap { app in
                matrix.rows[app].cells.flatMap { cells in cells[column] == .none ? nil : (action, app, SupportMark(cells[column])) }
            }
        }
        let flags = [
            parameter.value(\.presenceRequired) == true ? "Callers must pass it." : "Callers may leave it out.",
            parameter.value(\.valueRequired) == true ? "A value passed must not be empty." : "An empty value is allowed.",
        ]
        return layout.document(title: title, kind: "Parameter", key: parameter.key, of: type, ending: ".") { html in
            html.element(.p, .init(.class, "description")) { $0.text(parameter.value(\.description) ?? "No description.") }
            html.paragraph(flags.joined(separator: " "))
            html.sources(parameter.definitions, layout)
            html.section("used-by", "Used by") { html in
                guard !uses.isEmpty else { return html.paragraph("No app uses this parameter in any action.") }
                let columns = ["Action", "App", "Where"]
                // What a mark means is said once, in the legend of the marks the table shows,
                // not in every row: the same sentence per use was a fifth of the parameter pages' bytes.
                let marks = [SupportMark.path, .query, .lost]
                MatrixHTMLRenderer.legend(of: marks.filter { mark in uses.contains { $0.2 == mark } }, into: &html)
                // A use's "Where" cell is the same for every use with its mark: made once a mark.
                let markCells = marks.map { mark in
                    HTMLWriter.inlineFragment { html in
                        (html.columnLabels, html.column) = (columns, 2)
                        html.cell { html in
                            html.element(.span, .init(.class, mark.markClass)) { $0.text(mark.label) }
                        }
                    }
                }
                html.table(label: "Apps and actions that use it", columns: columns, rows: uses) { html, use in
                    let (action, app, mark) = use
                    html.rowHeader { $0.write(links.actions[action]) }
                    html.cell { $0.write(links.apps[app]) }
                    html.write(markCells[marks.firstIndex(of: mark)!])
                }
            }
        }
    }
}
