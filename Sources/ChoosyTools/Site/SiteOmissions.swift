import ChoosyCatalog
import ChoosyLint

/// What a site built from a catalog with lint errors does not show as it is: how many errors
/// `lint` finds, and the files left out because they do not parse. `docs` says it in one line
/// and the index page says it too, so a site is never taken for the whole catalog unseen.
public struct SiteOmissions: Sendable, Equatable {
    public let errorCount: Int
    /// Files that take no part in the merged catalog, as the pages name them.
    public let unparsedFiles: [String]

    init(report: LintReport, catalog: Catalog, name: (String) -> String) {
        errorCount = report.count(of: .error)
        unparsedFiles = catalog.layers.flatMap(\.unloadableFiles).map { name($0.file.path) }
    }

    /// Nothing to say: no lint error.
    public var isEmpty: Bool { errorCount == 0 }

    /// The sentence, for the command's line and the index page.
    public var sentence: String {
        let errors = "the catalog has \(errorCount) lint error\(errorCount == 1 ? "" : "s") ('choosy-data lint' lists them)"
        guard !unparsedFiles.isEmpty else { return errors + "; the site shows every file, as the client reads it" }
        let files = unparsedFiles.joined(separator: ", ")
        return errors + "; left out of the site: \(files), which \(unparsedFiles.count == 1 ? "does" : "do") not parse"
    }
}
