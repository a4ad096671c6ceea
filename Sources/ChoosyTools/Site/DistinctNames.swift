/// Names that repeat among siblings (thirty actions called "Open Link" in one app type) told
/// apart by their keys wherever a title or a list shows them: "Open Link (open_link_14)".
struct DistinctNames {
    private let repeated: Set<String>

    init(_ names: [String]) {
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        repeated = Set(counts.filter { $0.value > 1 }.keys)
    }

    /// `name`, with `key` after it when a sibling has the same name.
    func label(_ name: String, key: String) -> String {
        repeated.contains(name) ? "\(name) (\(key))" : name
    }
}
