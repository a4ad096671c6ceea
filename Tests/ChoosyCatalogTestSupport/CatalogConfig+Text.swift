import ChoosyCatalog
import ChoosySyntax

extension CatalogConfig {
    /// The config of one layer and `text`, or its first mistake.
    package static func oneLayer(and text: String) throws(SyntaxError) -> CatalogConfig {
        let document = try YAMLLoader.load(SourceFile(path: ".choosy-data.yml", text: "layers: [{name: a, path: a}]\n" + text))
        do throws(CatalogConfig.Problems) { return try CatalogConfig.decode(document) } catch { throw error.problems[0] }
    }
}
