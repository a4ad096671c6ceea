import ChoosyCore
import ChoosyCatalog

/// A diff's changes grouped as the text and markdown reports show them: by class, most
/// serious first, then by app type; empty groups left out.
struct DiffGrouping {
    struct ClassGroup {
        let changeClass: ChangeClass
        let types: [(type: String, changes: [CatalogChange])]
        var count: Int { types.reduce(0) { $0 + $1.changes.count } }
    }

    let groups: [ClassGroup]

    init(_ diff: CatalogDiff) {
        groups = ChangeClass.allCases.compactMap { changeClass in
            let changes = diff.changes.filter { $0.changeClass == changeClass }
            guard !changes.isEmpty else { return nil }
            var types: [(type: String, changes: [CatalogChange])] = []
            for change in changes {
                if types.last?.type == change.type {
                    types[types.count - 1].changes.append(change)
                } else {
                    types.append((change.type, [change]))
                }
            }
            return ClassGroup(changeClass: changeClass, types: types)
        }
    }

    /// "5 changes: 2 breaking, 1 feature, 1 fix, 1 docs", or "No changes".
    static func summary(_ diff: CatalogDiff) -> String {
        guard !diff.changes.isEmpty else { return "No changes." }
        let counts = ChangeClass.allCases.map { "\(diff.count(of: $0)) \($0.rawValue)" }.joined(separator: ", ")
        return "\(diff.changes.count) change\(diff.changes.count == 1 ? "" : "s"): \(counts)."
    }
}
