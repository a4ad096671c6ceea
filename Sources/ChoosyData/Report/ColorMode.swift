/// When the text report is coloured: the `--color` option.
public enum ColorMode: String, Sendable, CaseIterable {
    /// Colour only on a terminal, and only when `NO_COLOR` is absent or empty.
    case auto
    /// Colour even when piped (for a pager or a CI log that renders ANSI), unless `NO_COLOR`
    /// is set: someone who set it wants no colour anywhere, whatever a script passes.
    case always
    case never

    /// Whether to colour, given whether standard output is a terminal and the environment.
    public func usesColor(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
        guard (environment["NO_COLOR"] ?? "").isEmpty else { return false }
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return outputIsTerminal
        }
    }
}
