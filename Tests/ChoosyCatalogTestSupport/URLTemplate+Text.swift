#if !CHOOSY_FUZZ
@testable import ChoosyCatalog
@testable import ChoosyCommandLine
@testable import ChoosyCore
@testable import ChoosyEditor
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools
#endif

extension URLTemplate {
    /// The segments written back as text, placeholders as `{{name}}`: equal to `text` whenever
    /// the template was cut right. Shared by the unit tests and the `url` fuzz target.
    var rejoinedText: String {
        segments.map { segment in
            switch segment {
            case .literal(let literal): literal
            case .placeholder(let placeholder): "{{\(placeholder.name)}}"
            }
        }.joined()
    }
}
