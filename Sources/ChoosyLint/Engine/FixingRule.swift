import ChoosySyntax
import ChoosyCatalog

/// A rule some of whose findings carry a safe fix, one that cannot change meaning. `fmt`
/// applies the safe fixes of the findings, so `fmt` and `lint` never disagree about what is
/// wrong.
public protocol FixingRule: Rule {}

extension FixingRule {
    /// The safe fix that makes the string value `node` of `file` `replacement`.
    func fix(_ node: Node, in file: String, to replacement: String) -> Fix {
        ValueFix.replacing(node.range, in: file, with: replacement)
    }
}
