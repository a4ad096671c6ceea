/// The output formats of `choosy-data matrix`, each rendering a list of matrices whole.
public enum MatrixFormat: String, Sendable, CaseIterable {
    case text, markdown, csv, json, html

    public func render(_ matrices: [SupportMatrix]) -> String {
        switch self {
        case .text: MatrixTextRenderer.render(matrices)
        case .markdown: MatrixMarkdownRenderer.render(matrices)
        case .csv: MatrixCSVRenderer.render(matrices)
        case .json: MatrixJSONRenderer.render(matrices)
        case .html: MatrixHTMLRenderer.render(matrices)
        }
    }
}
