/// When the text report is coloured: the `--color` option.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Colour only on a terminal, and only when `NO_COLOR` is absent or empty.
    case auto
    /// Colour even when piped, and even when `NO_COLOR` is set: an explicit flag on the
    /// command line outranks an environment default, as no-color.org recommends.
    case always
    case never

    /// Whether to colour, given whether standard output is a terminal and the environment.
    public func usesColor(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
