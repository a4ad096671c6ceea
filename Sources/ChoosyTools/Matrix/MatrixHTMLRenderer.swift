import ChoosyCore

/// Matrices as one self-contained HTML document: a colour-coded table per matrix, inline CSS
/// for light and dark mode, no scripts and nothing loaded from elsewhere. Every cell says its
/// mark's words in the mark's colour, so colour is never the only cue.
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

    /// Each mark's words in its colours, and what they mean: the words a cell says, so every
    /// cell of a grid reads as one of these. `marks`: those a page shows, when not all.
    static func legend(of marks: [SupportMark] = SupportMark.allCases, into html: inout HTMLWriter) {
        html.element(.ul, [.init(.class, "legend"), .init(.ariaLabel, "Legend")]) { html in
            for mark in marks {
                html.element(.li) { html in
                    html.element(.span, .init(.class, mark.markClass)) { $0.text(mark.label) }
                    html.text(": \(mark.meaning)")
                }
            }
        }
    }

    /// One matrix under a heading with `id`; the docs site passes its own `heading` (a level
    /// below its section, with a permalink). A row per app and a column per parameter that
    /// some app uses for the action (`usedColumns`; the others are named below the grid),
    /// headed by the parameter's name and key.
    /// Every cell says its mark's words in the mark's class and carries its parameter key,
    /// which a phone's stacked grid shows beside it; an app that does not implement the action
    /// is one cell across the row, or no row when `leavingOutUnsupported` (the docs site lists
    /// those apps in one line).
    static func section(
        _ matrix: SupportMatrix, id: String, leavingOutUnsupported: Bool = false, into html: inout HTMLWriter,
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
            let used = matrix.usedColumns
            if used.isEmpty {
                html.paragraph("No app's url_format for this action names a parameter; the client opens a URL for \(matrix.urlOpeningAppCount) of \(matrix.rows.count) apps.")
            }
            let coverage = matrix.coverage
            html.element(.div, .init(.class, "matrix")) { html in
                html.element(.table, .init(.ariaLabelledBy, id)) { html in
                    html.element(.thead) { html in
                        html.element(.tr) { html in
                            html.element(.th, .init(.scope, "col")) { $0.text("App") }
                            if used.isEmpty { html.element(.th, .init(.scope, "col")) { $0.text("Outcome") } }
                            for column in used.map({ matrix.columns[$0] }) {
                                // The parameter's name, and its key under it.
                                html.element(.th, .init(.scope, "col")) { html in
                                    if let name = column.name, name != column.key {
                                        html.element(.span, .init(.class, "name")) { $0.text(name) }
                                        html.text(" ")
                                    }
                                    html.element(.code) { breakingAfterUnderscores(column.key, into: &$0) }
                                }
                            }
                        }
                    }
                    html.element(.tbody) { html in
                        let cells = Cells(used.map { matrix.columns[$0].key })
                        for row in matrix.rows where !(leavingOutUnsupported && row.outcome.state == .unsupported) {
                            self.row(row, columns: used, cells: cells, into: &html)
                        }
                    }
                    guard !used.isEmpty else { return }
                    html.element(.tfoot) { html in
                        html.element(.tr) { html in
                            html.rowHeader { $0.text("Coverage (of \(matrix.urlOpeningAppCount))") }
                            for column in used {
                                html.element(.td, .init(.dataKey, matrix.columns[column].key)) { $0.text(String(coverage[column])) }
                            }
                        }
                    }
                }
            }
            let unused = matrix.columns.indices.filter { !used.contains($0) }
            guard !used.isEmpty, !unused.isEmpty else { return }
            html.element(.p) { html in
                html.text("Not used by any app for this action: ")
                html.list(unused) { $0.code(matrix.columns[$1].key) }
                html.text(".")
            }
        }
    }

    /// A key that may break after each `_` and nowhere else, so a column is as narrow as the
    /// longest part of its key and every part stays whole.
    private static func breakingAfterUnderscores(_ key: String, into html: inout HTMLWriter) {
        for (index, part) in key.split(separator: "_", omittingEmptySubsequences: false).enumerated() {
            if index > 0 {
                html.text("_")
                html.element(.wbr)
            }
            html.text(String(part))
        }
    }

    /// Every cell a grid's columns can have, written once: a grid of the 1 MB bench catalog's
    /// site has about a hundred thousand cells, each one of three marks under its column's key.
    /// A `none` cell has no `data-key`: the key labels a cell only on a narrow screen, which
    /// hides `none` cells, and most cells are `none` (their keys were a tenth of an action page's bytes).
    private struct Cells {
        /// By column, then by cell in `position`'s order.
        private let cells: [[HTMLFragment]]

        init(_ keys: [String]) {
            cells = keys.map { key in
                SupportMatrix.Cell.allCases.map { cell in
                    let mark = SupportMark(cell)
                    return HTMLWriter.inlineFragment { html in
                        html.element(.td, [.init(.class, mark.rawValue)] + (cell == .none ? [] : [.init(.dataKey, key)])) { $0.text(mark.label) }
                    }
                }
            }
        }

        /// The cell of the `index`th column for `cell`.
        subscript(_ index: Int, _ cell: SupportMatrix.Cell) -> HTMLFragment {
            cells[index][Self.positions[cell]!]
        }

        private static let positions = Dictionary(uniqueKeysWithValues: SupportMatrix.Cell.allCases.enumerated().map { ($1, $0) })
    }

    /// An app's row: its cells in `columns`, or, when the client opens no URL of the app's, one
    /// cell across them saying so ("action not supported", "crashes the host app") and why;
    /// without columns, one cell saying that the app opens a URL.
    private static func row(_ row: SupportMatrix.Row, columns: [Int], cells written: Cells, into html: inout HTMLWriter) {
        if row.cells != nil, columns.isEmpty {
            return html.element(.tr) { html in
                html.rowHeader { $0.text(row.appName ?? row.app) }
                html.element(.td) { $0.text(row.outcome.summary) }
            }
        }
        guard let cells = row.cells else {
            let mark = SupportMark(row.outcome.state) ?? .unsupported
            return html.element(.tr, .init(.class, mark.rawValue)) { html in
                html.rowHeader { $0.text(row.appName ?? row.app) }
                let attributes: [HTML.Attribute] = [.init(.class, mark.rawValue), .init(.colspan, String(max(columns.count, 1)))]
                html.element(.td, attributes) { html in
                    html.text(mark.label)
                    if let reason = row.outcome.failureReason { html.text(": " + reason) }
                }
            }
        }
        html.element(.tr) { html in
            html.rowHeader { $0.text(row.appName ?? row.app) }
            for (index, column) in columns.enumerated() { html.write(written[index, cells[column]]) }
        }
    }

    /// The matrix colours and grid layout, shared with the docs site: colour is the level of
    /// support (greens: the app uses the parameter; grey: it does not; amber: the client loses
    /// it; orange: the app opens without the action; reds: it does not implement the action,
    /// and, solid, the host app crashes), every pair of text and background colours has a contrast of at
    /// least 7:1 in light and dark, the header row and the app column stay in view while the
    /// grid scrolls in its box, and on a narrow screen every app is a card of the cells of the
    /// parameters it uses, each after its parameter key, and the coverage row's counts side by
    /// side as they fit. The docs site's apps × actions grid
    /// (`.outcomes`, `AppTypeGrid`) shares the layout, its phone cards listing the actions an
    /// app implements. Cells wrap their words and pad little, so the widest grid of
    /// data/ (twitter post, ten columns) fits beside the site's sidebar from 1024 px up.
    static let styleSheet = HTML.TrustedStyleSheet("""
              :root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --rule: #c8c8c8;
                --path: #b6e3c1; --path-fg: #0a4a1c; --query: #e2f4e6; --query-fg: #1c5a2c;
                --none: #f0f0f0; --none-fg: #545454; --unsupported: #f9e1e1; --unsupported-fg: #8a1c1c;
                --lost: #fdf0d5; --lost-fg: #6b4500; --app-only: #fbe3cc; --app-only-fg: #7a3300; --crash: #8a1c1c; --crash-fg: #ffffff; }
              @media (prefers-color-scheme: dark) {
                :root { --fg: #e8e8e8; --bg: #161616; --rule: #4a4a4a;
                  --path: #1f5a33; --path-fg: #e0f7e6; --query: #173824; --query-fg: #b5e3c2;
                  --none: #262626; --none-fg: #b0b0b0; --unsupported: #4a1f1f; --unsupported-fg: #ffc9c9;
                  --lost: #4a3300; --lost-fg: #ffe2b0; --app-only: #4f2400; --app-only-fg: #ffd0b0; --crash: #ff9d9d; --crash-fg: #3a0000; }
              }
              body { font: 15px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 2rem; }
              table { border-collapse: collapse; margin-bottom: 2rem; }
              th, td { border: 1px solid var(--rule); padding: 0.25rem 0.5rem; }
              thead th { font-weight: normal; }
              tbody th, tfoot th { text-align: left; }
              .legend { list-style: none; padding: 0; }
              .legend li { margin: 0.3rem 0; }
              .mark { display: inline-block; padding: 0 0.4em; border-radius: 3px; }
              .path { background: var(--path); color: var(--path-fg); }
              .query { background: var(--query); color: var(--query-fg); }
              .none { background: var(--none); color: var(--none-fg); }
              .unsupported { background: var(--unsupported); color: var(--unsupported-fg); }
              .lost { background: var(--lost); color: var(--lost-fg); }
              .app-only { background: var(--app-only); color: var(--app-only-fg); }
              .crash { background: var(--crash); color: var(--crash-fg); }
              .opens-url { background: var(--path); color: var(--path-fg); }
              :is(.matrix, .outcomes) { overflow: auto; max-width: 100%; max-height: 85vh; margin-bottom: 1rem; }
              :is(.matrix, .outcomes) table { margin: 0; }
              :is(.matrix, .outcomes) th { background: var(--bg); }
              :is(.matrix, .outcomes) :is(th, td) { padding: 0.2rem; }
              .matrix thead code { font-size: 0.8em; padding: 0; }
              .matrix thead .name { display: block; font-size: 0.85em; hyphens: auto; }
              :is(.matrix, .outcomes) thead th { position: sticky; top: 0; z-index: 2; vertical-align: bottom; }
              :is(.matrix, .outcomes) thead th:first-child { left: 0; z-index: 3; }
              :is(.matrix, .outcomes) :is(tbody, tfoot) th { position: sticky; left: 0; z-index: 1; }
              :is(.matrix, .outcomes) td { text-align: center; font-size: 0.9em; }
              .outcomes td a { color: inherit; }
              :is(.matrix, .outcomes) tfoot td, .matrix tbody td:not([class]) { background: var(--bg); }
              @media (max-width: 40rem) {
                :is(.matrix, .outcomes) { overflow: visible; max-height: none; }
                :is(.matrix, .outcomes) :is(table, tbody, tfoot, tr, th, td) { display: block; }
                :is(.matrix, .outcomes) thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
                :is(.matrix, .outcomes) tr { border: 1px solid var(--rule); border-radius: 4px; margin-bottom: 0.3rem; }
                .legend li { margin: 0.15rem 0; font-size: 0.9rem; }
                .matrix tfoot tr { display: flex; flex-wrap: wrap; column-gap: 1rem; }
                .matrix tfoot th { flex-basis: 100%; }
                .matrix tfoot td { border: 0; gap: 0.4rem; flex: none; }
                .matrix tfoot td::before { max-width: none; overflow-wrap: normal; }
                :is(.matrix, .outcomes) :is(tbody, tfoot) th { position: static; border: 0; font-weight: 600; }
                :is(.matrix, .outcomes) td { display: flex; justify-content: space-between; gap: 1rem; border: 0; border-top: 1px solid var(--rule);
                  text-align: right; padding: 0 0.5rem; line-height: 1.35; }
                .matrix td.none, .outcomes tbody td.unsupported, .outcomes tfoot { display: none; }
                :is(.matrix, .outcomes) td::before { content: attr(data-key); font-family: ui-monospace, monospace; text-align: left; flex: none;
                  max-width: 60%; overflow-wrap: anywhere; }
                .outcomes td::before { content: attr(data-label); font-family: inherit; }
              }

        """)
}
