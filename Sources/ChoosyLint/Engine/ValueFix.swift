import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// The safe fixes a rule's finding asks for by what they mean rather than by bytes: one string
/// value rewritten, or bytes that hold no value (a byte order mark) deleted. Each becomes a
/// `Fix` of one text edit, in the file's own syntax.
enum ValueFix {
    /// The fix that makes the string value read at `range` of `file` (quotes included)
    /// `replacement`.
    static func replacing(_ range: SourceRange, in file: String, with replacement: String) -> Fix {
        Fix(
            title: "Replace with \(JSONValue.string(replacement).compactText())", applicability: .safe,
            edits: [TextEdit(file: file, range: range, newText: newText(replacing: range, in: file, with: replacement))])
    }

    /// The fix that deletes the bytes of `range`, outside every value.
    static func deleting(_ range: SourceRange, in file: String, title: String) -> Fix {
        Fix(title: title, applicability: .safe, edits: [TextEdit(file: file, range: range, newText: "")])
    }

    /// `replacement` as a JSON string, or in a YAML file double-quoted, which reads the same
    /// in block and flow context. A value whose range ends at the start of a line (a block
    /// scalar, `|` or `>`) took its last line break with it, so the edit puts one back.
    private static func newText(replacing range: SourceRange, in file: String, with replacement: String) -> String {
        let endsLine = range.end.line > range.start.line && range.end.column == 1
        let text = switch SourceLanguage(path: file) ?? .json {
        case .json: JSONValue.string(replacement).compactText()
        case .yaml: YAMLScalarQuoting.doubleQuoted(replacement)
        }
        return endsLine ? text + "\n" : text
    }
}
