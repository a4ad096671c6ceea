import ChoosyCore
import ChoosyCatalog

/// Renders a catalog diff as release notes in Markdown: a section per class with its count,
/// a subsection per app type, a bullet per change.
public enum DiffMarkdownReporter {
    public static func render(_ diff: CatalogDiff) -> String {
        var output = "# Catalog changes\n\n\(DiffGrouping.summary(diff))\n"
        for group in DiffGrouping(diff).groups {
            output += "\n## \(group.changeClass.title) (\(group.count))\n"
            for (type, changes) in group.types {
                output += "\n### \(code(type.withInvisibleCharactersEscaped))\n\n"
                for change in changes {
                    let sentence = change.sentence(code: code, text: MarkdownEscaping.text).withInvisibleCharactersEscaped
                    output += "- \(sentence.prefix(1).uppercased())\(sentence.dropFirst())\n"
                }
            }
        }
        return output
    }

    static func code(_ text: String) -> String { MarkdownEscaping.codeSpan(text) }
}
