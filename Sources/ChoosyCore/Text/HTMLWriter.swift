/// Writes an HTML document as it is made, straight into its bytes: elements and attributes come
/// from `HTML`'s closed sets, and text and attribute values are escaped as they are written, so
/// catalog data can never become markup; the only unescaped content is a style sheet written in
/// the source. Nothing is built and freed on the way: a tree of the site's half a million
/// elements, built and then walked, was most of the time of `docs`.
///
/// The children of block elements go on lines of their own, indented two spaces a level, to keep
/// the source readable; inline content is never reflowed, since white space can matter there.
package struct HTMLWriter: ~Copyable {
    private var output: ByteBuffer
    /// The nesting depth of the element being written, in block elements.
    private var depth = 0
    /// Whether the element being written is a block element.
    private var inBlock = false
    /// Whether the element being written has a child yet.
    private var hasChild = false
    /// Where `markInsertion()` cut the document, in `framedDocument`.
    private var insertion: Insertion?
    /// The column headers of the table `table` is writing, and the column its next `cell` is
    /// in: each cell carries its column's header, which a phone's stacked table shows above it.
    package var columnLabels: [String] = []
    package var column = 0

    /// Whether a block element was written: a fragment may hold none (see `inlineFragment`).
    private var wroteBlock = false

    private init(capacity: Int = 1 << 16) {
        output = ByteBuffer(capacity: capacity)
    }

    /// A whole document: the doctype, what `content` writes, then a newline.
    package static func document(_ content: (inout HTMLWriter) -> Void) -> [UInt8] {
        written(content).output.bytes
    }

    private static func written(_ content: (inout HTMLWriter) -> Void) -> HTMLWriter {
        var writer = HTMLWriter()
        writer.output.append("<!DOCTYPE html>\n")
        content(&writer)
        writer.output.append(UInt8(ascii: "\n"))
        return writer
    }

    /// Where pieces written apart from a document go in it (see `framedDocument`).
    package struct Insertion: Sendable {
        fileprivate let offset: Int
        fileprivate let depth: Int
        fileprivate let inBlock: Bool
    }

    /// A document cut in two where `content` calls `markInsertion()`: the bytes before and
    /// after the cut, and where pieces from `piece(at:_:)` continue the document there, so a
    /// long document can be written a piece at a time. The whole document is the opening,
    /// the pieces in order and the closing, as long as the element cut has a child before
    /// the cut (the closing is written as after a child: see `markInsertion`).
    package static func framedDocument(_ content: (inout HTMLWriter) -> Void) -> (opening: String, closing: String, insertion: Insertion) {
        let writer = written(content)
        guard let insertion = writer.insertion else { preconditionFailure("framedDocument's content calls markInsertion()") }
        let bytes = writer.output.bytes
        return (String(decoding: bytes[..<insertion.offset], as: UTF8.self), String(decoding: bytes[insertion.offset...], as: UTF8.self), insertion)
    }

    /// The cut of `framedDocument`, here. A piece is a child of the element being written, so
    /// what follows is written as after a child.
    package mutating func markInsertion() {
        insertion = Insertion(offset: output.count, depth: depth, inBlock: inBlock)
        hasChild = true
    }

    /// What `content` writes as children of the element at `insertion`, as text.
    package static func piece(at insertion: Insertion, _ content: (inout HTMLWriter) -> Void) -> String {
        var writer = HTMLWriter()
        (writer.depth, writer.inBlock, writer.hasChild) = (insertion.depth, insertion.inBlock, true)
        content(&writer)
        return writer.output.string
    }

    /// What `content` writes, as text.
    static func fragment(_ content: (inout HTMLWriter) -> Void) -> String {
        var writer = HTMLWriter()
        content(&writer)
        return writer.output.string
    }

    /// Inline markup that `content` writes once, to be copied as it is into every document
    /// where it recurs (`write(_:)`), such as each cell of a grid: escaped as it was written,
    /// like anything else the writer writes. It holds no block element, so its bytes are the same
    /// at every depth.
    package static func inlineFragment(capacity: Int = 256, _ content: (inout HTMLWriter) -> Void) -> HTMLFragment {
        var writer = HTMLWriter(capacity: capacity)
        content(&writer)
        precondition(!writer.wroteBlock, "a fragment holds inline content only")
        return HTMLFragment(bytes: writer.output.bytes)
    }

    /// What `inlineFragment`'s content wrote, as if written here, inside an inline element (a block
    /// element would put each child on a line of its own).
    package mutating func write(_ fragment: HTMLFragment) {
        precondition(!inBlock, "a fragment is written inside an inline element")
        hasChild = true
        fragment.bytes.withUnsafeBufferPointer { output.append($0) }
    }

    /// `<tag attributes…>content</tag>`; a void element (`meta`, `input`, `link`) has no
    /// content and no end tag.
    package mutating func element(_ tag: HTML.Tag, _ attributes: [HTML.Attribute] = [], _ content: (inout HTMLWriter) -> Void = { _ in }) {
        attributes.withUnsafeBufferPointer { element(tag, $0, content) }
    }

    /// `<tag attribute>content</tag>`: most elements have one attribute, and passing it alone
    /// spares an array for each.
    package mutating func element(_ tag: HTML.Tag, _ attribute: HTML.Attribute, _ content: (inout HTMLWriter) -> Void = { _ in }) {
        withUnsafePointer(to: attribute) { element(tag, UnsafeBufferPointer(start: $0, count: 1), content) }
    }

    private mutating func element(_ tag: HTML.Tag, _ attributes: UnsafeBufferPointer<HTML.Attribute>, _ content: (inout HTMLWriter) -> Void) {
        let childDepth = startChild()
        let delimiters = tag.delimiters
        output.append(delimiters.open)
        // By index: a `for` loop copied each attribute, a retain and a release.
        for index in attributes.indices {
            output.append(attributes[index].name.opening)
            HTML.appendEscaped(attributes[index].value, quotes: true, to: &output)
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: ">"))
        if tag.isVoid { return }
        let outer = (depth, inBlock, hasChild)
        (depth, inBlock, hasChild) = (childDepth, tag.isBlock, false)
        content(&self)
        if inBlock && hasChild { newLine(depth) }
        (depth, inBlock, hasChild) = outer
        output.append(delimiters.close)
    }

    /// Text, escaped.
    package mutating func text(_ text: String) {
        startChild()
        HTML.appendEscaped(text, quotes: false, to: &output)
    }

    /// The same for the UTF-8 of a part of a string.
    package mutating func text(utf8: ArraySlice<UInt8>) {
        startChild()
        HTML.appendEscaped(utf8: utf8, quotes: false, to: &output)
    }

    /// A `<style>` element with a style sheet from the source code, never from data.
    package mutating func styleSheet(_ sheet: HTML.TrustedStyleSheet) {
        let depth = startChild()
        // `</style` would end the element early; a literal in our source never has it.
        output.append("<style>\n")
        output.append(sheet.css)
        indent(depth)
        output.append("</style>")
    }

    /// `<script src defer>` naming a script file of the site; only a string literal can name
    /// it, and there is no `script` tag, so no data ever becomes script source.
    package mutating func scriptFile(_ source: HTML.StaticStringValue) {
        startChild()
        output.append("<script src=\"")
        HTML.appendEscaped(source.text, quotes: true, to: &output)
        output.append("\" defer></script>")
    }

    /// Data for the site's script, `<script type="application/json" id>`: JSON whose `<`, `>`,
    /// `&` and line separators are written as `\uXXXX` escapes, so no value (`</script>`,
    /// `<!--`) can end the element or change how it is parsed.
    package mutating func scriptData(id: String, _ json: JSONValue) {
        scriptData(id: id) { write in write(json.compactText()) }
    }

    /// `scriptData` of JSON text that `pieces` gives in turn to the function it is passed:
    /// data too large to make whole, as one value, before it is written.
    package mutating func scriptData(id: String, pieces: ((String) -> Void) -> Void) {
        startChild()
        output.append("<script type=\"application/json\" id=\"")
        HTML.appendEscaped(id, quotes: true, to: &output)
        output.append("\">")
        pieces { HTML.appendScriptSafe($0, to: &output) }
        output.append("</script>")
    }

    /// Starts a child of the element being written: on a line of its own in a block element.
    /// Returns the child's depth.
    @discardableResult
    private mutating func startChild() -> Int {
        hasChild = true
        guard inBlock else { return depth }
        newLine(depth + 1)
        return depth + 1
    }

    private mutating func newLine(_ depth: Int) {
        wroteBlock = true
        output.append(UInt8(ascii: "\n"))
        indent(depth)
    }

    /// Two spaces per level of `depth` (indentation is a sixth of a page).
    private mutating func indent(_ depth: Int) {
        output.append(spaces: 2 * depth)
    }
}

/// Markup an `HTMLWriter` wrote once, kept to be written again as bytes (`HTMLWriter.inlineFragment`).
package struct HTMLFragment: Sendable {
    fileprivate let bytes: [UInt8]
}
