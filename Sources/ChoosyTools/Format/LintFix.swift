import ChoosyCore
import ChoosyLint

/// What `lint --fix` did before linting: the files of the request rewritten exactly as
/// `fmt --write` rewrites them (the same `FormatRun`, so the two never disagree), and what it
/// left alone and why.
public struct LintFix: Sendable {
    /// Files written with their fixes applied and in canonical form.
    public var fixedFiles: [String] = []
    /// `file:line:col: message` for each file left as it is although it may need fixes (it
    /// has comments rewriting would drop); its findings are still reported.
    public var skipped: [String] = []
    /// Files that could not be read or written; the run exits 2.
    public var failures: [String] = []

    /// Applies the safe fixes to every layer file `request` lints, as `fmt --write` over the
    /// same paths and config would. Files that do not parse are left to lint's `syntax`
    /// findings, and catalogs whose config has mistakes to its `config` findings; the config
    /// and files no layer lists are never touched.
    public static func apply(_ request: LintRequest, writer: AtomicFileWriter = AtomicFileWriter()) throws(LintRunError) -> LintFix {
        var formatRequest = FormatRequest(
            paths: request.paths, configPath: request.configPath, mode: .write, currentDirectory: request.currentDirectory)
        formatRequest.trustedDirectories = request.trustedDirectories
        formatRequest.layerFilesOnly = true
        let report: FormatReport
        do throws(FormatRunError) {
            report = try FormatRun(writer: writer).run(formatRequest)
        } catch {
            switch error {
            case .noCatalog: throw .noCatalog
            case .load(let loadError): throw .load(loadError)
            }
        }
        var fix = LintFix()
        for entry in report.entries {
            switch entry.outcome {
            case .rewritten:
                fix.fixedFiles.append(entry.path)
            case .refused(.comments(let count, let first)):
                let comments = count == 1 ? "1 comment" : "\(count) comments"
                fix.skipped.append(
                    "\(entry.path):\(first): not fixed: rewriting it would drop \(comments); move \(count == 1 ? "it" : "them") into a description, or run 'choosy-data fmt --write --drop-comments \(entry.path)'")
            case .failed(let message):
                fix.failures.append(message)
            case .unchanged, .wouldChange, .wouldConvert, .converted, .refused(.syntax):
                break
            }
        }
        return fix
    }
}
