/// Why `choosy-data url` could not render; the CLI exits 2.
public enum URLPreviewError: Error, Sendable, Equatable, CustomStringConvertible {
    case load(String)
    /// A TYPE, ACTION, `--app` or parameter name that the merged catalog does not have: what
    /// was asked for, and the keys there are.
    case unknown(UnknownKeyError)
    /// A parameter given twice on the command line.
    case repeatedParameter(String)

    public var description: String {
        switch self {
        case .load(let message):
            message
        case .unknown(let error):
            error.description
        case .repeatedParameter(let name):
            "parameter '\(name)' is given twice; give each parameter once"
        }
    }
}
