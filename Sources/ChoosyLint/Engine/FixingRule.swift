import ChoosySyntax
import ChoosyCatalog

/// A rule some of whose findings carry a fix that cannot change meaning. `fmt` applies the
/// fixes of the findings, so `fmt` and `lint` never disagree about what is wrong.
public protocol FixingRule: Rule {}

extension FixingRule {
    /// A fix of this rule for the string value `node` in `file`.
    func fix(_ node: Node, in file: String, to replacement: String) -> ValueFix {
        ValueFix(ruleID: Self.description.id, file: file, pointer: node.pointer, range: node.range, replacement: replacement)
    }
}
