/// Matrices as one self-contained HTML document: a colour-coded table per matrix, inline CSS
/// for light and dark mode, no scripts and nothing loaded from elsewhere. Every cell is its
/// mark's symbol in the mark's colour, so colour is never the only cue.
enum MatrixHTMLRenderer {
    static let title = "Parameter support"

    static func render(_ matrices: [SupportMatrix]) -> String {
        document(body: [.tag(.h1, [], [.text(title)]), legend()] + matrices.enumerated().map { section($1, id: "matrix-\($0 + 1)") })
            .renderedDocument()
    }

    static func document(body: [HTML]) -> HTML {
        .tag(.html, [.init(.lang, "en")], [
            .tag(.head, [], [
                .tag(.meta, [.init(.charset, "utf-8")]),
                .tag(.meta, [.init(.name, "viewport"), .init(.content, "width=device-width, initial-scale=1")]),
                .tag(.meta, [.init(.name, "color-scheme"), .init(.content, "light dark")]),
                .tag(.title, [], [.text(title)]),
                .styleSheet(styleSheet),
            ]),
            .tag(.body, [], [.tag(.main, [], body)]),
        ])
    }

    /// Each symbol with its name and meaning, said once here rather than in every cell; the
    /// symbol is read out too, so a screen reader hears what a cell's symbol stands for.
    static func legend() -> HTML {
        .tag(.ul, [.init(.class, "legend"), .init(.ariaLabel, "Legend")], SupportMark.allCases.map { mark in
            .tag(.li, [], [
                .tag(.span, [.init(.class, "mark \(mark.rawValue)")], [.text(mark.symbol)]),
                .text(" "), .tag(.strong, [], [.text(mark.rawValue)]), .text(": \(mark.meaning)"),
            ])
        })
    }

    /// One matrix under a heading with `id`; the docs site passes its own `heading` (a level
    /// below its section, with a permalink).
    static func section(
        _ matrix: SupportMatrix, id: String,
        heading makeHeading: (_ id: String, _ content: [HTML]) -> HTML = { .tag(.h2, [.init(.id, $0)], $1) }
    ) -> HTML {
        let heading = makeHeading(id, [
            .text("\(matrix.typeName ?? matrix.type): \(matrix.actionName ?? matrix.action) "),
            .tag(.code, [], [.text("\(matrix.type) \(matrix.action)")]),
        ])
        guard !matrix.rows.isEmpty else { return .tag(.section, [], [heading, .tag(.p, [], [.text("No apps.")])]) }
        let header = HTML.tag(.tr, [], [.tag(.th, [.init(.scope, "col")], [.text("App")])] + matrix.columns.map { column in
            .tag(.th, [.init(.scope, "col"), .init(.title, column.name ?? column.key)], [.tag(.code, [], [.text(column.key)])])
        })
        let rows = matrix.rows.map { row in
            HTML.tag(.tr, [], [.tag(.th, [.init(.scope, "row")], [.text(row.appName ?? row.app)])]
                + SupportMark.marks(of: row, columns: matrix.columns.count).map { cells[$0]! })
        }
        let coverage = HTML.tag(.tr, [], [.tag(.th, [.init(.scope, "row")], [.text("Coverage (of \(matrix.supportingAppCount))")])]
            + matrix.coverage.map { .tag(.td, [], [.text(String($0))]) })
        return .tag(.section, [], [
            heading,
            .tag(.table, [.init(.ariaLabelledBy, id)], [
                .tag(.thead, [], [header]), .tag(.tbody, [], rows), .tag(.tfoot, [], [coverage]),
            ]),
        ])
    }

    /// A grid cell for each mark, made once and shared by every cell with that mark (grids are
    /// most of the docs site). Its row and column header cells say which app and parameter it is.
    private static let cells = Dictionary(uniqueKeysWithValues: SupportMark.allCases.map { mark in
        (mark, HTML.tag(.td, [.init(.class, mark.rawValue)], [.text(mark.symbol)]))
    })

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
