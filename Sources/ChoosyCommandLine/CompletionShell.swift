/// A shell `completions` writes a script for, and where `make install` puts it.
public enum CompletionShell: String, Sendable, CaseIterable {
    case bash, zsh, fish

    /// The completion script of `tool` for this shell.
    public func script(for tool: ToolSpec) -> String {
        switch self {
        case .bash: BashCompletion.script(for: tool)
        case .zsh: ZshCompletion.script(for: tool)
        case .fish: FishCompletion.script(for: tool)
        }
    }
}
