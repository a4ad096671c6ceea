import ChoosyCore
import ChoosyCatalog

/// The words of the duplicate-* rules' findings, which the site's app editor uses too.
public enum DuplicateKeys {
    /// The message about `key`, already cut to an excerpt, defined twice in `scope`.
    public static func message(noun: String, key: String, scope: String) -> String {
        "\(noun) \"\(key)\" is defined twice in \(scope)"
    }

    public static let hint = "remove one of them, or give this one its own key"
}

extension Rule {
    /// A finding for every value whose key an earlier value of `scope` already has, with a
    /// note at the first. The duplicate-* rules share this; each names its own scope.
    /// Findings past the cap are counted without being made (nor their fixes).
    func addDuplicateKeyFindings<Entity: KeyedEntity>(
        in scope: [Entity], of context: LintContext, noun: String, scopeDescription: @autoclosure () -> String,
        to findings: inout CappedFindings
    ) {
        // Most scopes are short (an app's actions), where comparing with the earlier keys is
        // cheaper than hashing every key into a dictionary; long ones (a layer's app types) are
        // indexed. The description is built only for a finding. Each key is read once: a key is
        // read from its node when asked, and comparing asked for every earlier one again.
        let isIndexed = scope.count > 16
        let keys = scope.map(\.key)
        var firstByKey: [String: Entity] = [:]
        for (index, entity) in scope.enumerated() {
            guard let key = keys[index] else { continue }
            let earlier = isIndexed ? firstByKey[key] : keys[..<index].firstIndex { $0 == key }.map { scope[$0] }
            guard let first = earlier else {
                if isIndexed { firstByKey[key] = entity }
                continue
            }
            findings.append(in: entity.file, at: entity.keyRange.start) {
                finding(
                    DuplicateKeys.message(noun: noun, key: key.excerpt, scope: scopeDescription()), at: entity,
                    hint: DuplicateKeys.hint,
                    notes: [.init("first defined here", file: first.file, range: first.keyRange)]
                ).with(fix: EntryRemoval.fix(removing: entity, in: context))
            }
        }
    }
}
