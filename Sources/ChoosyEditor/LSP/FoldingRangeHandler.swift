import ChoosyCore
import ChoosySyntax
import ChoosyCatalog

/// `textDocument/foldingRange`: every object and array of a catalog file (or of
/// `.choosy-data.yml`) that spans lines folds from its first line: to the line before its
/// closing bracket, which stays in view, or to the last line of a YAML block. A buffer that does not
/// parse has none until it does.
enum FoldingRangeHandler: LSPValueHandler {
    static let method = "textDocument/foldingRange"
    static let capability: (key: String, value: JSONValue)? = ("foldingRangeProvider", .bool(true))

    static func respond(to params: Node?, in workspace: LSPWorkspace) throws(LSPError) -> JSONValue {
        let document = try workspace.document(in: params)
        guard let root = workspace.tree(of: document) else { return .array([]) }
        let bytes = document.text.bytes
        var ranges: [(start: Int, end: Int)] = []
        func children(of node: Node) -> [Node] {
            node.members.map { $0.map(\.value) } ?? node.elements.map(Array.init) ?? []
        }
        /// Where the last scalar inside `node` ends: a YAML block's range runs on to the next
        /// key, which is not the block's.
        func contentEnd(of node: Node) -> SourceRange {
            children(of: node).last.map(contentEnd) ?? node.range
        }
        func visit(_ node: Node) {
            let inside = children(of: node)
            guard !inside.isEmpty else { return }
            let range = document.text.range(of: node.range)
            // A bracket that closes the value stays in view; a YAML block has none to keep.
            let end = node.range.end.offset
            let closesWithBracket = end > 0 && end <= bytes.count && (bytes[end - 1] == UInt8(ascii: "]") || bytes[end - 1] == UInt8(ascii: "}"))
            let endLine = closesWithBracket ? range.end.line - 1 : document.text.range(of: contentEnd(of: node)).end.line
            // A value that starts on its parent's line (a YAML list's first mapping) folds with it.
            if endLine > range.start.line, ranges.last?.start != range.start.line { ranges.append((range.start.line, endLine)) }
            inside.forEach(visit)
        }
        visit(root)
        return .array(ranges.map { .object([("startLine", .number(String($0.start))), ("endLine", .number(String($0.end)))]) })
    }
}
