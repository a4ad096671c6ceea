import Foundation

/// The `.choosy-data.yml` at a catalog's root: the layers in merge order, each a name and the
/// files or directories (relative to the config) that make it up.
///
/// ```yaml
/// layers:
///   - name: builtin
///     path: builtin
///   - name: server
///     path: app-data
/// ```
public struct CatalogConfig: Sendable, Equatable {
    /// One layer's name and where its files are.
    public struct LayerEntry: Sendable, Equatable {
        public let name: String
        public let paths: [String]
    }

    public static let fileName = ".choosy-data.yml"

    public let layers: [LayerEntry]

    /// Reads a config file's tree; every mistake is reported with its position.
    public static func decode(_ document: Document) throws(SyntaxError) -> CatalogConfig {
        let root = document.root
        try expectOnlyKeys(["layers"], in: root, what: "the config")
        guard let layersNode = root["layers"] else {
            throw SyntaxError(
                "the config has no 'layers'", at: root.range,
                hint: "list the layers in merge order: layers: [{name: builtin, path: builtin}, …]")
        }
        guard let elements = layersNode.elements, !elements.isEmpty else {
            throw SyntaxError("'layers' must be a non-empty list of layers", at: layersNode.range)
        }
        var layers: [LayerEntry] = []
        for element in elements {
            try expectOnlyKeys(["name", "path", "paths"], in: element, what: "a layer")
            guard let name = element["name"]?.string, !name.isEmpty else {
                throw SyntaxError("a layer needs a 'name' (a non-empty string)", at: element.range)
            }
            if layers.contains(where: { $0.name == name }) {
                throw SyntaxError("the layer name '\(name)' is used twice", at: element["name"]!.range)
            }
            layers.append(LayerEntry(name: name, paths: try paths(of: element, layer: name)))
        }
        return CatalogConfig(layers: layers)
    }

    private static func paths(of layer: Node, layer name: String) throws(SyntaxError) -> [String] {
        switch (layer["path"], layer["paths"]) {
        case (let path?, nil):
            guard let text = path.string, !text.isEmpty else {
                throw SyntaxError("'path' of layer '\(name)' must be a non-empty string", at: path.range)
            }
            return [text]
        case (nil, let paths?):
            let texts = (paths.elements ?? []).compactMap(\.string).filter { !$0.isEmpty }
            guard let elements = paths.elements, !elements.isEmpty, texts.count == elements.count else {
                throw SyntaxError("'paths' of layer '\(name)' must be a non-empty list of strings", at: paths.range)
            }
            return texts
        case (.some, .some):
            throw SyntaxError("layer '\(name)' has both 'path' and 'paths'", at: layer.range, hint: "keep one of them")
        case (nil, nil):
            throw SyntaxError(
                "layer '\(name)' has no 'path'", at: layer.range,
                hint: "name the directory or file that holds the layer, relative to the config")
        }
    }

    private static func expectOnlyKeys(_ keys: [String], in node: Node, what: String) throws(SyntaxError) {
        guard let members = node.members else {
            throw SyntaxError("\(what) must be a mapping, not \(node.kindName == "array" ? "a list" : "a \(node.kindName)")", at: node.range)
        }
        if let unknown = members.first(where: { !keys.contains($0.key) }) {
            throw SyntaxError(
                "unknown key '\(unknown.key)' in \(what)", at: unknown.keyRange,
                hint: "the keys allowed here are: \(keys.joined(separator: ", "))")
        }
    }
}
