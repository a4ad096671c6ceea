import ChoosyCore
import ChoosySyntax
import ChoosyCatalog
import ChoosyLint

/// What `fmt -` prints for standard input: the formatted text, or in check mode the diff to
/// it; a file that cannot be formatted as `path:line:col: message` on standard error.
public struct StandardInputFormatting: Sendable {
    public let standardOutput: String
    public let standardError: String
    public let exitCode: ExitCode

    /// Formats `file` (read as `inputLanguage`, written as `target` or its own format) under the
    /// config and root of `settings`; `colored` colours the diff.
    public init(
        _ file: SourceFile, as inputLanguage: SourceLanguage, to target: SourceLanguage?, check: Bool, dropComments: Bool,
        settings: (config: CatalogConfig, root: String)?, colored: Bool
    ) {
        do {
            let formatted = try CatalogFormatter.format(
                file, readingAs: inputLanguage, as: target, dropComments: dropComments, config: settings?.config, root: settings?.root)
            guard check else {
                (standardOutput, standardError, exitCode) = (formatted.text, "", .success)
                return
            }
            let diff = UnifiedDiff.render(from: String(decoding: file.bytes, as: UTF8.self), to: formatted.text, path: file.path)
            (standardOutput, standardError, exitCode) = (colored ? UnifiedDiff.colored(diff) : diff, "", diff.isEmpty ? .success : .findings)
        } catch {
            (standardOutput, standardError, exitCode) = ("", "\(file.path):\(error.location): \(error.message)".withInvisibleCharactersEscaped + "\n", .failure)
        }
    }
}
