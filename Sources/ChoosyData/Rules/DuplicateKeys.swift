extension Rule {
    /// A finding for every value whose key an earlier value of `scope` already has, with a
    /// note at the first. The duplicate-* rules share this; each names its own scope.
    func duplicateKeyFindings<Entity: KeyedEntity>(in scope: [Entity], noun: String, scopeDescription: String) -> [Finding] {
        var firstByKey: [String: Entity] = [:]
        var findings: [Finding] = []
        for entity in scope {
            guard let key = entity.key else { continue }
            guard let first = firstByKey[key] else {
                firstByKey[key] = entity
                continue
            }
            findings.append(finding(
                "\(noun) \"\(key)\" is defined twice in \(scopeDescription)", at: entity,
                hint: "remove one of them, or give this one its own key",
                notes: [.init("first defined here", file: first.file, range: first.keyRange)]))
        }
        return findings
    }
}
