import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// App actions' examples as a table: the values a caller passes, the URL the app is opened with
/// for them (what `example-mismatch` checks the url_format against), and where each is written.
enum ExampleTable {
    /// `rows` pair each example with what `firstCell` writes in its first cell: the app or the
    /// action it belongs to.
    static func render<Owner>(
        label: String, firstColumn: String, rows: [(Owner, AppActionExample)], layout: SiteLayout, into html: inout HTMLWriter,
        firstCell: (inout HTMLWriter, Owner) -> Void
    ) {
        html.table(label: label, columns: [firstColumn, "Parameters", "URL", "Source"], rows: rows) { html, row in
            let (owner, example) = row
            html.rowHeader { firstCell(&$0, owner) }
            html.cell { parameters(of: example, into: &$0) }
            html.cell { html in
                if let url = example.url { html.element(.code, .init(.class, "example-url")) { $0.text(url) } } else { html.text("no url") }
            }
            html.cell { $0.source(file: example.file, node: example.node, layout) }
        }
    }

    /// The examples of an app action, every layer's, earliest first (as the rule checks them).
    static func examples(of appAction: Merged<AppAction>) -> [AppActionExample] {
        appAction.definitions.flatMap(\.examples)
    }

    /// `key = value` pairs in the order written; values that are not strings are the schema
    /// rule's to report, and the client would not pass them.
    private static func parameters(of example: AppActionExample, into html: inout HTMLWriter) {
        let values = (example.node["parameters"]?.members ?? []).compactMap { member in member.value.string.map { (member.key, $0) } }
        guard !values.isEmpty else { return html.text("none") }
        html.element(.span) { html in
            html.list(values) { html, pair in
                html.code(pair.0)
                html.text(" = ")
                html.code(pair.1)
            }
        }
    }
}
