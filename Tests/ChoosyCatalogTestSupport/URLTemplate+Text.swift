#if !CHOOSY_FUZZ
import ChoosyCatalog
#endif

extension URLTemplate {
    /// The segments written back as text, placeholders as `{{name}}`: equal to `text` whenever
    /// the template was cut right. Shared by the unit tests and the `url` fuzz target.
    package var rejoinedText: String {
        segments.map { segment in
            switch segment {
            case .literal(let literal): literal
            case .placeholder(let placeholder): "{{\(placeholder.name)}}"
            }
        }.joined()
    }
}
