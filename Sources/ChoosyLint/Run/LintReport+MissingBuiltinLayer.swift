import ChoosyCatalog

extension LintReport {
    /// The rules whose findings most of the time mean the app types were never declared: a
    /// server layer read without the client's built-in layer, which declares them.
    static let undeclaredRuleIDs: Set<String> = [UndeclaredParameterRule.description.id, UndeclaredActionRule.description.id]

    /// One line saying the built-in layer seems missing, when catalogs read without a config
    /// (`contexts`) have more undeclared parameters and actions than every other finding
    /// together; nil otherwise.
    public func missingBuiltinLayerHint(contexts: [LintContext]) -> String? {
        guard !contexts.isEmpty, contexts.allSatisfy({ $0.catalog.config == nil }) else { return nil }
        let total = findings.reduce(0) { $0 + max($1.omittedCount, 1) }
        let undeclared = findings.reduce(0) { $0 + (Self.undeclaredRuleIDs.contains($1.ruleID) ? max($1.omittedCount, 1) : 0) }
        guard undeclared * 2 > total else { return nil }
        return "hint: \(undeclared) of the \(total) findings are undeclared parameters and actions: the client's built-in layer, "
            + "which declares them, seems missing. Write a config that layers it first with 'choosy-data init --builtin PATH' "
            + "in the catalog's root (docs/catalog.md)."
    }
}
