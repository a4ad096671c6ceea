/// `parameter-<type>-<key>.html`: what a parameter means and which apps use it for which
/// action, in the path or only in the query. `matrices` are the type's, one per action in order.
enum ParameterPage {
    static func render(_ parameter: Merged<Parameter>, of type: MergedAppType, matrices: [SupportMatrix], layout: SiteLayout) -> [UInt8] {
        let title = parameter.value(\.name) ?? parameter.key
        let column = type.parameters.firstIndex { $0.key == parameter.key }!
        let uses = zip(type.actions, matrices).flatMap { action, matrix in
            matrix.rows.compactMap { row in
                row.cells.flatMap { cells in cells[column] == .none ? nil : (action, row, SupportMark(cells[column])) }
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
                html.table(label: "Apps and actions that use it", columns: ["Action", "App", "Where", "Meaning"], rows: uses) { html, use in
                    let (action, row, mark) = use
                    html.rowHeader { $0.link(SitePath.action(type.key, action.key), action.value(\.name) ?? action.key) }
                    html.cell { $0.link(SitePath.app(row.app), row.appName ?? row.app) }
                    html.cell { html in
                        html.element(.span, .init(.class, mark.markClass)) { $0.text(mark.label) }
                    }
                    html.cell(mark.meaning)
                }
            }
        }
    }
}
