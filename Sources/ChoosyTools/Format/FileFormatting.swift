import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// A catalog file as `CatalogFormatter` prepares it (read, its comments checked, its fixes
/// found): all that decides its canonical form, ready to write that form or only to compare it
/// with the file.
struct FileFormatting {
    /// The file as read, with `fixes` applied.
    let document: Document
    let outputLanguage: SourceLanguage
    /// The YAML header's comment lines, kept above the YAML written.
    let header: [String]
    /// The safe fixes found in the file as read.
    let fixes: [Fix]
    let droppedComments: Int

    /// The file in canonical form.
    func formatted() -> FormattedFile {
        var output = ByteBuffer()
        write(CanonicalOrder.apply(to: document.root), to: &output)
        return FormattedFile(text: output.string, fixes: fixes, droppedComments: droppedComments)
    }

    /// Whether `formatted()` is the file's bytes as they are, proved without building its text:
    /// a file with no fixes whose members are in canonical order is its own tree, written into a
    /// comparison with the file that stops at the first difference. False only means
    /// `formatted()` must tell.
    var isUnchanged: Bool {
        guard fixes.isEmpty, CanonicalOrder.isApplied(to: document.root) else { return false }
        return ByteComparison.writes(document.file.bytes) { write(document.root, to: &$0) }
    }

    private func write<Sink: ByteSink & ~Copyable>(_ tree: Node, to output: inout Sink) {
        switch outputLanguage {
        case .json:
            JSONValue.writeRendered(tree, to: &output)
        case .yaml:
            for line in header {
                output.append(line)
                output.append(UInt8(ascii: "\n"))
            }
            YAMLWriter.write(tree, to: &output)
        }
    }
}
