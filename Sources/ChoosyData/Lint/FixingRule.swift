/// A rule some of whose findings have a fix that cannot change meaning. The fixes come from the
/// same detection as the findings, so `fmt` and `lint` never disagree about what is wrong.
public protocol FixingRule: Rule {
    func fixes(_ context: LintContext) -> [ValueFix]
}

extension FixingRule {
    /// A fix of this rule for the string value `node` in `file`.
    func fix(_ node: Node, in file: String, to replacement: String) -> ValueFix {
        ValueFix(ruleID: Self.description.id, file: file, pointer: node.pointer, range: node.range, replacement: replacement)
    }
}
