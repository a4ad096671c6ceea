import ChoosyData
import Foundation

/// `choosy-data lint`: load catalogs, run the rules, report.
enum LintCommand: Command {
    static let name = "lint"
    static let abstract = "Check catalog files and report every problem with its position."
    static let usage = "choosy-data lint [PATH ...] [--format text|json|github|sarif] [--color auto|always|never] [--fail-on error|warning]"
    static let details = """
        ARGUMENTS:
          PATH                    A catalog directory (its .choosy-data.yml names the layers;
                                  without one, every .json/.yaml/.yml file below it is read)
                                  or a single JSON or YAML file. Default: the catalog whose
                                  .choosy-data.yml is in the current directory or above.

        OPTIONS:
          --format <format>       Output format: text (default), json, github (GitHub
                                  Actions annotations) or sarif (SARIF 2.1.0 for code
                                  scanning; file URIs relative to the current directory).
          --color <when>          Colour the text output: auto (default: only on a
                                  terminal and when NO_COLOR is unset or empty), always
                                  (even when piped or NO_COLOR is set) or never.
          --fail-on <severity>    Exit 1 when a finding is at least this severe: error
                                  (default) or warning.
        """
    static let valueOptions: Set<String> = ["--format", "--color", "--fail-on"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let format = try arguments.choice("--format", allowed: ["text", "json", "github", "sarif"], fallback: "text")
        let colorMode = ColorMode(rawValue: try arguments.choice("--color", allowed: ColorMode.allCases.map(\.rawValue), fallback: "auto"))!
        let failOn = Severity(rawValue: try arguments.choice("--fail-on", allowed: ["error", "warning"], fallback: "error"))!
        var paths = arguments.positional
        if paths.isEmpty {
            guard let root = CatalogLoader.findRoot(from: FileManager.default.currentDirectoryPath) else {
                output.standardError += """
                    Error: no catalog here: no \(CatalogConfig.fileName) in this directory or above.
                      Pass a catalog directory or files, e.g. 'choosy-data lint data/'.

                    """
                return .failure
            }
            paths = [relativeToCurrentDirectory(root)]
        }
        var report = LintReport(findings: [], fileCount: 0)
        var sources: [String: SourceFile] = [:]
        for path in paths {
            do {
                let catalog = try CatalogLoader().load(path: path)
                report.append(Linter.lint(catalog))
                sources.merge(catalog.sourceFiles) { first, _ in first }
            } catch {
                output.standardError += "Error: \(error)\n"
                return .failure
            }
        }
        switch format {
        case "json":
            output.standardOutput += JSONReporter.render(report)
        case "github":
            output.standardOutput += GitHubReporter.render(report)
        case "sarif":
            output.standardOutput += SARIFReporter(baseDirectory: FileManager.default.currentDirectoryPath).render(report)
        default:
            let colored = colorMode.usesColor(outputIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
            output.standardOutput += TextReporter(sources: sources, colored: colored).render(report)
        }
        return report.fails(at: failOn) ? .findings : .success
    }

    private static func relativeToCurrentDirectory(_ path: String) -> String {
        let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if path == current { return "." }
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
}
