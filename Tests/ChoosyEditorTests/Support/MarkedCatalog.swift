@testable import ChoosyCatalog
@testable import ChoosyEditor
@testable import ChoosySyntax

/// A catalog written with markers: `‸` is the cursor (in one file), each `↓` marks where an
/// expected answer starts. Each file is a layer of its own, in the order given; the markers
/// are removed before the files are parsed.
struct MarkedCatalog {
    static let cursorMarker = "‸"
    static let answerMarker = "↓"

    let catalog: Catalog
    /// The file with the cursor, as the editor's buffer holds it.
    let cursorFile: SourceFile
    let cursor: SourceLocation
    /// Each `↓` as `file@offset`.
    let marks: Set<String>

    init(_ files: [(path: String, text: String)]) {
        var sources: [SourceFile] = []
        var cursor: (file: SourceFile, offset: Int)?
        var marks: Set<String> = []
        for (path, text) in files {
            var stripped = ""
            var cursorOffset: Int?
            var rest = Substring(text)
            while let marker = rest.firstRange(of: /[‸↓]/) {
                stripped += rest[..<marker.lowerBound]
                if rest[marker] == Self.cursorMarker {
                    cursorOffset = stripped.utf8.count
                } else {
                    marks.insert("\(path)@\(stripped.utf8.count)")
                }
                rest = rest[marker.upperBound...]
            }
            stripped += rest
            let source = SourceFile(path: path, text: stripped)
            sources.append(source)
            if let cursorOffset { cursor = (source, cursorOffset) }
        }
        guard let cursor else { preconditionFailure("a marked catalog needs a ‸") }
        catalog = Catalog(layers: sources.enumerated().map { Layer(name: "layer\($0.offset + 1)", sources: [$0.element]) })
        cursorFile = cursor.file
        self.cursor = SourceLines(of: cursor.file, hasByteOrderMark: false).location(ofOffset: UInt32(cursor.offset))
        self.marks = marks
    }

    /// A place an answer leads to, as the marks name it.
    static func mark(_ link: SourceLink) -> String {
        "\(link.file)@\(link.range.start.offset)"
    }
}
