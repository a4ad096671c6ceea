/// Matrices as one self-contained HTML document: a colour-coded table per matrix, inline CSS
/// for light and dark mode, no scripts and nothing loaded from elsewhere. Every cell is its
/// mark's symbol in the mark's colour, so colour is never the only cue.
enum MatrixHTMLRenderer: MatrixRenderer {
    static let title = "Parameter support"

    /// The page without its matrices, cut where they go.
    private static let page = HTMLWriter.framedDocument { html in
        html.element(.html, .init(.lang, "en")) { html in
            html.element(.head) { html in
                html.element(.meta, .init(.charset, "utf-8"))
                html.element(.meta, [.init(.name, "viewport"), .init(.content, "width=device-width, initial-scale=1")])
                html.element(.meta, [.init(.name, "color-scheme"), .init(.content, "light dark")])
                html.element(.title) { $0.text(title) }
                html.styleSheet(styleSheet)
            }
            html.element(.body) { html in
                html.element(.main) { html in
                    html.element(.h1) { $0.text(title) }
                    legend(into: &html)
                    html.markInsertion()
                }
            }
        }
    }

    static func frame(count: Int) -> (opening: String, closing: String) {
        (opening: page.opening, closing: page.closing)
    }

    static func piece(_ matrix: SupportMatrix, index: Int) -> String {
        HTMLWriter.piece(at: page.insertion) { section(matrix, id: "matrix-\(index + 1)", into: &$0) }
    }

    /// Each symbol with its name and meaning, said once here rather than in every cell; the
    /// symbol is read out too, so a screen reader hears what a cell's symbol stands for.
    /// `marks` are the ones the grids below can show.
    static func legend(of marks: [SupportMark] = SupportMark.allCases, into html: inout HTMLWriter) {
        html.element(.ul, [.init(.class, "legend"), .init(.ariaLabel, "Legend")]) { html in
            for mark in marks {
                html.element(.li) { html in
                    html.element(.span, .init(.class, mark.symbolClass)) { $0.text(mark.symbol) }
                    html.text(" ")
                    html.element(.strong) { $0.text(mark.rawValue) }
                    html.text(": \(mark.meaning)")
                }
            }
        }
    }

    /// One matrix under a heading with `id`; the docs site passes its own `heading` (a level
    /// below its section, with a permalink). Every cell is its mark's symbol in the mark's
    /// class; its row and column header cells say which app and parameter it is.
    static func section(
        _ matrix: SupportMatrix, id: String, into html: inout HTMLWriter,
        heading: (inout HTMLWriter, _ id: String, _ content: (inout HTMLWriter) -> Void) -> Void = { html, id, content in
            html.element(.h2, .init(.id, id), content)
        }
    ) {
        html.element(.section) { html in
            heading(&html, id) { html in
                html.text("\(matrix.typeName ?? matrix.type): \(matrix.actionName ?? matrix.action) ")
                html.code("\(matrix.type) \(matrix.action)")
            }
            guard !matrix.rows.isEmpty else { return html.paragraph("No apps.") }
            html.element(.table, .init(.ariaLabelledBy, id)) { html in
                html.element(.thead) { html in
                    html.element(.tr) { html in
                        html.element(.th, .init(.scope, "col")) { $0.text("App") }
                        for column in matrix.columns {
                            html.element(.th, [.init(.scope, "col"), .init(.title, column.name ?? column.key)]) { $0.code(column.key) }
                        }
                    }
                }
                html.element(.tbody) { html in
                    for row in matrix.rows {
                        html.element(.tr) { html in
                            html.rowHeader { $0.text(row.appName ?? row.app) }
                            for mark in SupportMark.marks(of: row, columns: matrix.columns.count) {
                                html.element(.td, .init(.class, mark.rawValue)) { $0.text(mark.symbol) }
                            }
                        }
                    }
                }
                html.element(.tfoot) { html in
                    html.element(.tr) { html in
                        html.rowHeader { $0.text("Coverage (of \(matrix.supportingAppCount))") }
                        for count in matrix.coverage { html.cell(String(count)) }
                    }
                }
            }
        }
    }

    static let styleSheet = HTML.TrustedStyleSheet("""
              :root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --rule: #c8c8c8;
                --path: #c9f0d1; --path-fg: #0b5d1e; --query: #d6e6ff; --query-fg: #123f8c;
                --none: #f2f2f2; --none-fg: #6b6b6b; --unsupported: #fbe3e3; --unsupported-fg: #8a1c1c; }
              @media (prefers-color-scheme: dark) {
                :root { --fg: #e8e8e8; --bg: #161616; --rule: #4a4a4a;
                  --path: #17452a; --path-fg: #a6f0bb; --query: #1b3358; --query-fg: #b9d3ff;
                  --none: #262626; --none-fg: #a0a0a0; --unsupported: #4a1f1f; --unsupported-fg: #ffc2c2; }
              }
              body { font: 15px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 2rem; }
              table { border-collapse: collapse; margin-bottom: 2rem; }
              th, td { border: 1px solid var(--rule); padding: 0.25rem 0.5rem; }
              thead th { font-weight: normal; }
              tbody th, tfoot th { text-align: left; }
              td { text-align: center; }
              .legend { list-style: none; padding: 0; }
              .legend .mark { display: inline-block; width: 1.5em; text-align: center; }
              .path { background: var(--path); color: var(--path-fg); }
              .query { background: var(--query); color: var(--query-fg); }
              .none { background: var(--none); color: var(--none-fg); }
              .unsupported { background: var(--unsupported); color: var(--unsupported-fg); }

        """)
}
