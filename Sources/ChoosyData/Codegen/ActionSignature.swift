/// One action of an app type as a typed call: the parameters that the url_formats of the apps
/// implementing it fill, each required or optional, read from the action's `SupportMatrix`
/// so that codegen and `matrix` never disagree (docs/codegen.md).
struct ActionSignature {
    /// One parameter of the call.
    struct Argument {
        let parameter: Merged<Parameter>
        /// The caller must give it: some app implementing the action fills it outside the
        /// query of its URL (the matrix's ✓), where the client keeps the text even when the
        /// value is empty and the URL is broken without it, or the catalog marks it
        /// `presence_required`. A parameter every app fills only into queries is optional.
        let isRequired: Bool
    }

    let action: Merged<Action>
    /// In the order of the app type's parameters.
    let arguments: [Argument]
    /// The keys of the apps whose url_formats implement the action, in catalog order.
    let appKeys: [String]

    init(_ action: Merged<Action>, of appType: MergedAppType) {
        let matrix = SupportMatrix(appType: appType, action: action).implementingApps
        self.action = action
        appKeys = matrix.rows.map(\.app)
        arguments = appType.parameters.indices.compactMap { column in
            let cells = matrix.rows.compactMap { $0.cells?[column] }
            guard cells.contains(where: { $0 != .none }) else { return nil }
            let parameter = appType.parameters[column]
            return Argument(parameter: parameter, isRequired: cells.contains(.path) || parameter.value(\.presenceRequired) == true)
        }
    }
}
