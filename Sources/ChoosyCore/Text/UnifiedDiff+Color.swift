extension UnifiedDiff {
    /// `diff` with ANSI colours, as `git diff` shows one on a terminal: file headers bold, hunk
    /// headers cyan, removed lines red, added lines green; context lines as they are.
    public static func colored(_ diff: String) -> String {
        diff.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let style: String? = switch line {
            case _ where line.hasPrefix("--- ") || line.hasPrefix("+++ "): "1"
            case _ where line.hasPrefix("@@"): "36"
            case _ where line.hasPrefix("-"): "31"
            case _ where line.hasPrefix("+"): "32"
            default: nil
            }
            return style.map { "\u{1B}[\($0)m\(line)\u{1B}[0m" } ?? String(line)
        }.joined(separator: "\n")
    }
}
