import ChoosySyntax
import ChoosyCatalog
import ChoosyTools

/// The catalog state a navigation request is answered from.
enum NavigationBasis {
    /// The catalog of the request's own snapshot, read with the open documents as they are now
    /// (one that does not parse takes no part): what a rename's edits are worked out on.
    case current
    /// The newest catalog merged, with the open documents' trees as they are now for the
    /// cursor and the places answered: right after a keystroke, hover, completion, definition
    /// and references do not wait for the catalog to be merged again (`CatalogNavigator.reading`).
    case lastMerged
}

/// What the server answers from, as one value: the open documents (which stand in for their
/// files on disk), the negotiated position encoding and how catalogs are found. A handler works
/// on a snapshot while the client goes on typing.
public struct LSPWorkspace: Sendable {
    /// The open documents by URI.
    public internal(set) var documents: [String: LSPDocument] = [:]
    public internal(set) var encoding: PositionEncoding = .utf16
    /// The folder the client opened (`rootUri`, else the first of `workspaceFolders`), absolute.
    public internal(set) var rootDirectory: String?
    /// The `.choosy-data.yml` that `-C` or `--config` named, absolute; nil to find each file's
    /// catalog as `lint` does, by walking up from the file.
    public internal(set) var configPath: String?
    /// Directories outside a catalog its layers may name (`CatalogLoader.trustedDirectories`).
    public internal(set) var trustedDirectories: [String] = []
    /// Where docs/rules.md is published: each diagnostic links its rule's section there.
    public internal(set) var rulesURL: String?
    /// Counts the changes; a result worked out from an older snapshot is stale.
    var generation = 0
    /// The catalogs read for the newest snapshot, and the session's parsed files; shared by
    /// every copy of the workspace.
    let resident = ResidentCatalogs()

    public init() {}

    public func document(_ uri: String) -> LSPDocument? {
        documents[uri]
    }

    /// The open document a request's `textDocument` names; an error for one that is not open.
    public func document(in params: Node?) throws(LSPError) -> LSPDocument {
        guard let uri = params?["textDocument"]?["uri"]?.string else {
            throw .invalidParams("the request needs textDocument.uri")
        }
        guard let document = documents[uri] else {
            throw .invalidParams("'\(uri)' is not open; send textDocument/didOpen first")
        }
        return document
    }

    /// The text of the file at `path`: its open document's, else the file's on disk; nil when
    /// it cannot be read.
    public func text(ofPath path: String) -> LSPText? {
        let absolute = CatalogLoader.absolutePath(path)
        if let document = documents.values.first(where: { $0.path == absolute }) { return document.text }
        return (try? SourceFile.read(path: absolute)).map { LSPText(bytes: $0.bytes, encoding: encoding) }
    }

    /// The `.choosy-data.yml` of the catalog the file at `path` belongs to; nil outside any
    /// catalog, where the file is read on its own.
    public func catalogConfigPath(forPath path: String) -> String? {
        if let configPath { return configPath }
        return CatalogLoader.findRoot(forPath: path).map { CatalogLoader.join($0, CatalogConfig.fileName) }
    }

    /// Why the server leaves the file at `path` alone (no diagnostics, no edits), or nil when it
    /// is one it answers for: a file a layer of its catalog reads (one in a layer's folder,
    /// saved or not, or a layer's own file) or a catalog's `.choosy-data.yml`. A workflow file
    /// or `package.json` beside a catalog is not an app definition. `catalog` is the file's
    /// catalog when the caller has read it already.
    public func reasonToLeaveAlone(path: String, in catalog: Catalog? = nil) -> String? {
        if path.hasSuffix("/" + CatalogConfig.fileName) || path == CatalogConfig.fileName { return nil }
        guard catalogConfigPath(forPath: path) != nil else { return "\(path) is in no catalog (no \(CatalogConfig.fileName) above it)" }
        guard let catalog = catalog ?? (try? self.catalog(forPath: path)) else { return nil }
        let absolute = CatalogLoader.absolutePath(path)
        let isLayerFile = catalog.layerFilePaths.contains { CatalogLoader.absolutePath($0) == absolute }
        if isLayerFile || (SourceLanguage(path: path) != nil && catalog.layerFolder(holding: absolute) != nil) { return nil }
        return "\(path) is in no layer of its catalog (\(CatalogConfig.fileName) lists the layers)"
    }

    /// The tree of `document` as it is now, for the requests that read one file (outline,
    /// folding, links), parsed once per text; nil for a file the server leaves alone or a
    /// buffer that does not parse. Which files the layers read is taken from the catalog last
    /// read, of whichever snapshot: typing in a document does not change it, and these
    /// requests do not wait for the catalog to be read again.
    func tree(of document: LSPDocument) -> Node? {
        let (key, _) = residentCatalog(forPath: document.path, currentText: false)
        guard reasonToLeaveAlone(path: document.path, in: resident.newestCatalog(key)) == nil else { return nil }
        let parsed = resident.parsedFiles.parsed(document.sourceFile)
        return parsed.errors.isEmpty ? parsed.document?.root : nil
    }

    /// A loader that reads the open documents from memory. With `currentText` false, a
    /// document that does not parse is read as its last text that did, except the one at
    /// `currentTextPath`.
    public func loader(currentText: Bool = false, currentTextPath: String? = nil) -> CatalogLoader {
        var replacements: [String: SourceFile] = [:]
        for document in documents.values {
            replacements[document.path] = currentText || document.path == currentTextPath ? document.sourceFile : document.contextFile
        }
        return CatalogLoader(replacements: replacements, trustedDirectories: trustedDirectories, parsedFiles: resident.parsedFiles)
    }

    /// The catalog the file at `path` belongs to, with the open documents standing in for
    /// their files (as their last text that parsed, while one does not, unless `currentText`:
    /// then the file at `path` is read as it is now, the others as diagnostics read them);
    /// the file alone when it is in no catalog.
    /// A catalog read for this snapshot is read once (`ResidentCatalogs`).
    public func catalog(forPath path: String, currentText: Bool = false) throws(CatalogLoadError) -> Catalog {
        let (key, load) = residentCatalog(forPath: path, currentText: currentText)
        return try resident.catalog(key, generation: generation, load: load)
    }

    /// The navigator of the catalog of the file at `path`, for a request answered from `basis`.
    func navigator(forPath path: String, basis: NavigationBasis) throws(CatalogLoadError) -> CatalogNavigator {
        let (key, load) = residentCatalog(forPath: path, currentText: basis == .current)
        switch basis {
        case .current:
            return try resident.navigator(key, generation: generation, load: load)
        case .lastMerged:
            // Of this snapshot too, a document that does not parse is read as its last text
            // that did, which the cursor is not in.
            let navigator = if let made = resident.lastNavigator(key) { made } else {
                try resident.navigator(key, generation: generation, load: load)
            }
            return navigator.reading(currentTrees(in: navigator))
        }
    }

    /// Makes the navigator of this snapshot for each open document's catalog, so that
    /// navigation answers from the newest state without merging it itself.
    func makeNavigators() {
        for configPath in Set(documents.values.compactMap { catalogConfigPath(forPath: $0.path) }) {
            _ = try? navigator(forPath: configPath, basis: .current)
        }
    }

    /// The trees of the open documents of `navigator`'s catalog as they are now, by the
    /// catalog's path of their files; nil for one that does not parse now.
    private func currentTrees(in navigator: CatalogNavigator) -> [String: Document?] {
        var trees: [String: Document?] = [:]
        for document in documents.values {
            guard let path = navigator.catalogPath(ofAbsolutePath: document.path) else { continue }
            let parsed = resident.parsedFiles.parsed(document.sourceFile)
            trees[path] = parsed.errors.isEmpty ? parsed.document : nil
        }
        return trees
    }

    /// The key `ResidentCatalogs` keeps the catalog of the file at `path` under, and how to load it.
    private func residentCatalog(forPath path: String, currentText: Bool) -> (String, () throws(CatalogLoadError) -> Catalog) {
        let absolute = CatalogLoader.absolutePath(path)
        // A document that parses reads the same as its current text and as its last that parsed.
        let currentTextPath = currentText && documents.values.contains(where: { $0.path == absolute && !$0.parses }) ? absolute : nil
        let loader = loader(currentTextPath: currentTextPath)
        let config = catalogConfigPath(forPath: path)
        return ((config ?? absolute) + "\u{0}" + (currentTextPath ?? ""), { () throws(CatalogLoadError) in
            if let config { return try loader.load(configPath: config) }
            return try loader.load(path: path)
        })
    }
}
