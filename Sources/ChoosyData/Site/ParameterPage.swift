/// `parameter-<type>-<key>.html`: what a parameter means and which apps use it for which
/// action, in the path or only in the query. `matrices` are the type's, one per action in order.
enum ParameterPage {
    static func render(_ parameter: Merged<Parameter>, of type: MergedAppType, matrices: [SupportMatrix], layout: SiteLayout) -> [UInt8] {
        let title = parameter.value(\.name) ?? parameter.key
        let column = type.parameters.firstIndex { $0.key == parameter.key }!
        // A link or mark is made once and shared by every row that shows it: a popular
        // parameter has a row for nearly every app in every action.
        var uses: [[HTML]] = []
        var appLinks: [String: HTML] = [:]
        for (action, matrix) in zip(type.actions, matrices) {
            let actionLink = SiteLayout.link(SitePath.action(type.key, action.key), action.value(\.name) ?? action.key)
            for row in matrix.rows {
                guard let cell = row.cells?[column], cell != .none else { continue }
                let mark = SupportMark(cell)
                let appLink = appLinks[row.app] ?? SiteLayout.link(SitePath.app(row.app), row.appName ?? row.app)
                appLinks[row.app] = appLink
                uses.append([actionLink, appLink, marks[mark]!, .text(mark.meaning)])
            }
        }
        let flags = [
            parameter.value(\.presenceRequired) == true ? "Callers must pass it." : "Callers may leave it out.",
            parameter.value(\.valueRequired) == true ? "A value passed must not be empty." : "An empty value is allowed.",
        ]
        let content: [HTML] = [
            SiteLayout.heading(.h1, id: "top", title),
            .tag(.p, [], [
                .text("Parameter "), SiteLayout.code(parameter.key), .text(" of app type "),
                SiteLayout.link(SitePath.appType(type.key), type.name ?? type.key), .text("."),
            ]),
            .tag(.p, [.init(.class, "description")], [.text(parameter.value(\.description) ?? "No description.")]),
            .tag(.p, [], [.text(flags.joined(separator: " "))]),
            layout.sources(parameter.definitions),
            SiteLayout.section("used-by", "Used by", uses.isEmpty
                ? [.tag(.p, [], [.text("No app uses this parameter in any action.")])]
                : [SiteLayout.table(label: "Apps and actions that use it", columns: ["Action", "App", "Where", "Meaning"], rows: uses)]),
        ]
        return layout.document(
            title: title, breadcrumbs: [(SiteLayout.siteName, SitePath.index), (type.name ?? type.key, SitePath.appType(type.key))],
            content: content)
    }

    /// Where a parameter is used: the mark's symbol and word, in its colour.
    private static let marks = Dictionary(uniqueKeysWithValues: SupportMark.allCases.map { mark in
        (mark, HTML.tag(.span, [.init(.class, "mark \(mark.rawValue)")], [.text("\(mark.symbol) \(mark.rawValue)")]))
    })
}
