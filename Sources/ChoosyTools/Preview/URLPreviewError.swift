import ChoosyCatalog

/// Why `choosy-data url` could not render; the CLI exits 2.
public enum URLPreviewError: LinedError, Sendable {
    case load(CatalogReadingError)
    /// A TYPE, ACTION, `--app` or parameter name that the merged catalog does not have: what
    /// was asked for, and the keys there are.
    case unknown(UnknownKeyError)
    /// A parameter given twice on the command line.
    case repeatedParameter(String)

    public var description: String {
        switch self {
        case .load(let error):
            error.description
        case .unknown(let error):
            error.description
        case .repeatedParameter(let name):
            "parameter '\(name)' is given twice; give each parameter once"
        }
    }

    /// The lines of a load error's config mistakes, one a line; any other error is one line.
    public var lines: [String] {
        if case .load(let error) = self { error.lines } else { [description] }
    }
}
