import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// A safe rewrite of one string value, asked for by a rule's finding: the value at `pointer`
/// (read at `range`) becomes `replacement`. `fmt` and `lint --fix` apply these to the tree;
/// JSON and SARIF reports give them as the text edit `newText` over `range`. A `deletion`
/// removes bytes that hold no value (a byte order mark), which the tree never had.
public struct ValueFix: Sendable, Equatable {
    public let ruleID: String
    public let file: String
    public let pointer: JSONPointer
    /// Where the value was read, quotes included; with the pointer it tells duplicate keys and
    /// aliases apart.
    public let range: SourceRange
    public let replacement: String
    /// Whether the fix deletes the bytes of `range` rather than rewriting a value.
    public let isDeletion: Bool

    public init(ruleID: String, file: String, pointer: JSONPointer, range: SourceRange, replacement: String) {
        self.init(ruleID: ruleID, file: file, pointer: pointer, range: range, replacement: replacement, isDeletion: false)
    }

    private init(ruleID: String, file: String, pointer: JSONPointer, range: SourceRange, replacement: String, isDeletion: Bool) {
        self.ruleID = ruleID
        self.file = file
        self.pointer = pointer
        self.range = range
        self.replacement = replacement
        self.isDeletion = isDeletion
    }

    /// The fix that deletes the bytes of `range`, outside every value; writing the file in
    /// canonical form leaves them out, so the tree has nothing to change.
    public static func deletion(ruleID: String, file: String, range: SourceRange) -> ValueFix {
        ValueFix(ruleID: ruleID, file: file, pointer: .root, range: range, replacement: "", isDeletion: true)
    }

    /// The value a fix rewrites.
    package struct Target: Hashable {
        let file: String
        let pointer: String
        let range: SourceRange
    }

    package var target: Target { Target(file: file, pointer: pointer.description, range: range) }

    /// The text that replaces `range` in the file: `replacement` as a JSON string, or in a
    /// YAML file double-quoted, which reads the same in block and flow context. A value whose
    /// range ends at the start of a line (a block scalar, `|` or `>`) took its last line break
    /// with it, so the edit puts one back.
    public var newText: String {
        guard !isDeletion else { return "" }
        let endsLine = range.end.line > range.start.line && range.end.column == 1
        let text = switch SourceFormat(path: file) ?? .json {
        case .json: JSONOutput.string(replacement).compactText()
        case .yaml: YAMLWriter.doubleQuoted(replacement)
        }
        return endsLine ? text + "\n" : text
    }
}
