import ChoosyCore
import ChoosyCatalog

/// The output formats of `choosy-data matrix`. Each writes its text a matrix at a time, so a
/// large catalog's matrices (hundreds of megabytes as CSV) never have to be held whole.
public enum MatrixOutputFormat: String, Sendable, CaseIterable {
    case text, markdown, csv, json, html

    /// Matrices rendered ahead of the one being written: enough to keep the cores busy.
    static let matricesRenderedAhead = 16

    /// Writes `matrices` to `stream`: the format's opening, each matrix's piece in order, then
    /// its closing. The pieces are rendered several at a time, each matrix read on the thread
    /// that renders it (`SupportMatrices` works each out as it is read).
    public func write<Matrices: RandomAccessCollection<SupportMatrix> & Sendable>(
        _ matrices: Matrices, to stream: inout some TextOutputStream
    ) where Matrices.Index == Int {
        let frame = renderer.frame(count: matrices.count)
        stream.write(frame.opening)
        Array(matrices.indices).forEachConcurrentlyMapped(window: Self.matricesRenderedAhead) { index in
            renderer.piece(matrices[index], index: index - matrices.startIndex)
        } _: { _, piece in
            stream.write(piece)
        }
        stream.write(frame.closing)
    }

    /// The whole text `write` writes.
    public func render<Matrices: RandomAccessCollection<SupportMatrix> & Sendable>(_ matrices: Matrices) -> String where Matrices.Index == Int {
        var text = ""
        write(matrices, to: &text)
        return text
    }

    private var renderer: any MatrixRenderer.Type {
        switch self {
        case .text: MatrixTextRenderer.self
        case .markdown: MatrixMarkdownRenderer.self
        case .csv: MatrixCSVRenderer.self
        case .json: MatrixJSONRenderer.self
        case .html: MatrixHTMLRenderer.self
        }
    }
}

/// One matrix format, in the pieces `MatrixOutputFormat.write` puts together.
protocol MatrixRenderer {
    /// The text before the first of `count` matrices and the text after the last.
    static func frame(count: Int) -> (opening: String, closing: String)

    /// The text of one matrix, the `index`th (from 0) of the output. Called on any thread.
    static func piece(_ matrix: SupportMatrix, index: Int) -> String
}
