/// App actions' examples as a table: the values a caller passes, the URL the app is opened with
/// for them (what `example-mismatch` checks the url_format against), and where each is written.
enum ExampleTable {
    /// `rows` pair each example with its first cell, the app or the action it belongs to.
    static func render(label: String, firstColumn: String, rows: [(HTML, AppActionExample)], layout: SiteLayout) -> HTML {
        SiteLayout.table(label: label, columns: [firstColumn, "Parameters", "URL", "Source"], rows: rows.map { first, example in
            [first, parameters(of: example), example.url.map(SiteLayout.code) ?? .text("no url"), layout.source(file: example.file, node: example.node)]
        })
    }

    /// The examples of an app action, every layer's, earliest first (as the rule checks them).
    static func examples(of appAction: Merged<AppAction>) -> [AppActionExample] {
        appAction.definitions.flatMap(\.examples)
    }

    /// `key = value` pairs in the order written; values that are not strings are the schema
    /// rule's to report, and the client would not pass them.
    private static func parameters(of example: AppActionExample) -> HTML {
        let values = (example.node["parameters"]?.members ?? []).compactMap { member in member.value.string.map { (member.key, $0) } }
        guard !values.isEmpty else { return .text("none") }
        return .tag(.span, [], values.enumerated().flatMap { index, pair in
            (index == 0 ? [] : [.text(", ")]) + [SiteLayout.code(pair.0), .text(" = "), SiteLayout.code(pair.1)]
        })
    }
}
