import ChoosyCatalog

/// One action of an app type as a typed call: the parameters that the url_formats of the apps
/// the client opens a URL of fill, each required or optional, read from the action's `SupportMatrix`
/// so that codegen and `matrix` never disagree (docs/codegen.md).
struct ActionSignature {
    /// One parameter of the call.
    struct Argument {
        package let parameter: Merged<Parameter>
        /// The caller must give it: every app implementing the action fills it and at least one
        /// fills it outside the query (the matrix's ✓), where the client keeps the text even
        /// when the value is empty, or the catalog marks it `presence_required`. A parameter
        /// some apps leave out, or that every app fills only into queries, is optional.
        let isRequired: Bool
        /// The apps that fill it outside the query although it is optional: their URLs are
        /// broken without it, which the doc comment says.
        let neededInPathBy: [String]
    }

    let action: Merged<Action>
    /// In the order of the app type's parameters.
    let arguments: [Argument]
    /// The keys of the apps the client opens a URL of for the action, in catalog order.
    let appKeys: [String]
    /// The keys of the apps whose url_format crashes the host app, and of those it opens
    /// without the action, in catalog order: a doc comment warns of them.
    let crashingAppKeys: [String]
    let appOnlyKeys: [String]

    init(_ action: Merged<Action>, of appType: MergedAppType) {
        let everyApp = SupportMatrix(appType: appType, action: action)
        let matrix = everyApp.urlOpeningApps
        self.action = action
        appKeys = matrix.rows.map(\.app)
        crashingAppKeys = everyApp.rows.filter { $0.outcome.state == .crash }.map(\.app)
        appOnlyKeys = everyApp.rows.filter { $0.outcome.state == .app }.map(\.app)
        arguments = appType.parameters.indices.compactMap { column in
            let cells = matrix.rows.compactMap { row in row.cells.map { (app: row.app, cell: $0[column]) } }
            guard cells.contains(where: { $0.cell != .none }) else { return nil }
            let parameter = appType.parameters[column]
            let inPath = cells.filter { $0.cell == .path }.map(\.app)
            let isRequired = parameter.value(\.presenceRequired) == true
                || !inPath.isEmpty && cells.allSatisfy { $0.cell != .none }
            return Argument(parameter: parameter, isRequired: isRequired, neededInPathBy: isRequired ? [] : inPath)
        }
    }
}
