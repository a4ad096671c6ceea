import Foundation

/// When text output is coloured: the `--color` option, decided once for every command with
/// `usesColor(outputIsTerminal:environment:)` (precedence in docs/cli.md).
public enum ColorMode: String, Sendable, CaseIterable {
    /// Colour on a terminal, or when `FORCE_COLOR` or `CLICOLOR_FORCE` asks for it; never when
    /// `NO_COLOR` is set.
    case auto
    /// Colour even when piped (for a pager or a CI log that renders ANSI), unless `NO_COLOR`
    /// is set: someone who set it wants no colour anywhere, whatever a script passes.
    case always
    case never

    /// Whether to colour, given whether the output is a terminal and the environment:
    /// `NO_COLOR` (non-empty) wins over everything, then `--color always|never`, then
    /// `FORCE_COLOR` or `CLICOLOR_FORCE` (non-empty and not `0`), then the terminal.
    public func usesColor(outputIsTerminal: Bool, environment: [String: String]) -> Bool {
        guard (environment["NO_COLOR"] ?? "").isEmpty else { return false }
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return outputIsTerminal || ["FORCE_COLOR", "CLICOLOR_FORCE"].contains { Self.isForcing(environment[$0]) }
        }
    }

    /// Whether to colour what goes to file descriptor `descriptor` (standard output or error)
    /// in this process's environment.
    public func usesColor(on descriptor: Int32) -> Bool {
        usesColor(outputIsTerminal: isatty(descriptor) == 1, environment: ProcessInfo.processInfo.environment)
    }

    private static func isForcing(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty && value != "0"
    }
}
