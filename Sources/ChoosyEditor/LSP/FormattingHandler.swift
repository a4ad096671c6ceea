import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyTools

/// `textDocument/formatting`: the document in `fmt`'s canonical form, with the safe fixes of
/// its catalog's config applied, as one edit; a file `fmt` refuses is an error with its message.
/// A file of a frozen layer gets no edit, as `fmt` leaves it alone; nor does a file no layer
/// reads (a workflow file, `package.json`), which is not `fmt`'s to format.
enum FormattingHandler: LSPValueHandler {
    static let method = "textDocument/formatting"
    static let capability: (key: String, value: JSONValue)? = ("documentFormattingProvider", .bool(true))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let document = try workspace.document(in: params)
        guard !document.path.hasSuffix("/" + CatalogConfig.fileName) else {
            throw .requestFailed("\(CatalogConfig.fileName) is not a catalog file; fmt formats catalog files only")
        }
        let catalog = try? workspace.catalog(forPath: document.path)
        if let reason = workspace.reasonToLeaveAlone(path: document.path, in: catalog) {
            LSPLog.write("no formatting: \(reason)")
            return .array([])
        }
        if catalog?.frozenFiles[document.path] != nil { return .array([]) }
        let settings = workspace.catalogConfigPath(forPath: document.path).flatMap { path in
            (try? CatalogLoader.loadConfig(at: path)).map { (config: $0.0, root: path.pathDeletingLastComponent) }
        }
        let formatted: FormattedFile
        do {
            formatted = try CatalogFormatter.format(document.sourceFile, config: settings?.config, root: settings?.root)
        } catch {
            throw .requestFailed("\(document.path):\(error.location): \(error.message)")
        }
        guard Array(formatted.text.utf8) != document.text.bytes else { return .array([]) }
        let whole = LSPRange(start: LSPPosition(line: 0, character: 0), end: document.text.endPosition)
        return .array([LSPTextEdit.json(range: whole, newText: formatted.text)])
    }
}

/// An LSP `TextEdit`.
enum LSPTextEdit {
    static func json(range: LSPRange, newText: String) -> JSONValue {
        .object([("range", range.json), ("newText", .string(newText))])
    }
}
