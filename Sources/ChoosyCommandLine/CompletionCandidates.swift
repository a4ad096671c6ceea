import ChoosyCatalog

/// What the hidden `__complete` command offers a shell: keys of the merged catalog.
public enum CompletionCandidates {
    /// The keys `request` asks for, one per line: `types`, `actions TYPE` or `apps TYPE`;
    /// nothing for an unknown request or app type (a shell shows no error while completing).
    public static func keys(_ request: [String], in catalog: MergedCatalog) -> [String] {
        switch (request.first, request.dropFirst().first) {
        case ("types", _): catalog.appTypes.map(\.key)
        case ("actions", let type?): catalog.appType(type)?.actions.map(\.key) ?? []
        case ("apps", let type?): catalog.appType(type)?.apps.map(\.key) ?? []
        default: []
        }
    }
}
