import ChoosyCatalog
import ChoosySyntax

/// Catalogs built in memory from JSON or YAML text, the way most tests write their inputs.
extension Catalog {
    /// Layers in order, each with its name and its files as path and text; the layers named
    /// in `frozen` are marked so by a config that lists every layer.
    package init(texts layers: [(layer: String, files: [(path: String, text: String)])], frozen: Set<String> = []) {
        let config = frozen.isEmpty ? nil : CatalogConfig(layers: layers.map { layer in
            CatalogConfig.LayerEntry(name: layer.layer, paths: [], isFrozen: frozen.contains(layer.layer))
        })
        self.init(layers: layers.map { layer in
            Layer(name: layer.layer, sources: layer.files.map { SourceFile(path: $0.path, text: $0.text) })
        }, config: config)
    }

    /// Layer `n` (from 1) named `layerN`, holding its texts as `layerN/file1.json`, `layerN/file2.json`, …
    package init(layerTexts: [[String]]) {
        self.init(texts: layerTexts.enumerated().map { index, texts in
            ("layer\(index + 1)", texts.enumerated().map { ("layer\(index + 1)/file\($0.offset + 1).json", $0.element) })
        })
    }

    /// One layer, `layer`, of one file, `path`, holding `text`.
    package init(text: String, path: String = "t.json", layer: String = "test") {
        self.init(texts: [(layer, [(path, text)])])
    }
}
