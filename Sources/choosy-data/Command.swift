import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosySyntax
import ChoosyTools
import Foundation

/// One `choosy-data` subcommand: its declaration (options, arguments, help) and how it runs.
protocol Command: Sendable {
    /// The command's entry in the command table, the one source of its parser, `--help`,
    /// completions and man page.
    static var spec: CommandSpec { get }

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode
}

extension Command {
    static var name: String { spec.name }
    static var usage: String { spec.usage }
    static var help: String { spec.help }
}

/// Where a command writes: standard output and standard error, collected so `main` writes
/// each once.
struct Output {
    var standardOutput = ""
    var standardError = ""
    /// Data the command is done with that the process keeps until it exits instead of freeing:
    /// freeing a large catalog's trees costs a tenth of lint's time and changes no output.
    var keptUntilExit: [any Sendable] = []
    /// `-q, --quiet`: progress and summary lines (`addProgress`) are left out.
    var isQuiet = false

    /// Adds a line saying what was done (`Wrote 12 files to site.`) to standard output, unless
    /// `--quiet` asked for errors and findings only.
    mutating func addProgress(_ line: String) {
        guard !isQuiet else { return }
        standardOutput += line + "\n"
    }

    /// Adds `Error: MESSAGE` to standard error, with every control character, line break and
    /// bidi override in it (a file name's, a key's) shown as an escape: a message never moves
    /// the cursor, recolours or reorders the terminal.
    mutating func addError(_ message: String) {
        addErrorLines([message], prefix: "", suffix: "")
    }

    /// Adds `error` as `addError(_:)` does; a `LinedError` (each mistake of a config) gets an
    /// `Error:` line for each of its lines, every one after `prefix` (which side of a diff),
    /// and `suffix` (a hint) after the last.
    mutating func addError(_ error: any Error, prefix: String = "", suffix: String = "") {
        addErrorLines((error as? any LinedError)?.lines ?? ["\(error)"], prefix: prefix, suffix: suffix)
    }

    private mutating func addErrorLines(_ lines: [String], prefix: String, suffix: String) {
        for (index, line) in lines.enumerated() {
            let text = prefix + line + (index == lines.count - 1 ? suffix : "")
            standardError += "Error: \(text.withInvisibleCharactersEscaped)\n"
        }
    }

    /// Says, unless quiet, that the catalog is read with the config `init` would write, when
    /// `config` is such a one: nothing on disk says so.
    mutating func addImpliedConfigNote(_ config: CatalogSelection.ConfigLocation?) {
        guard !isQuiet, let config, config.implied != nil else { return }
        standardError += "note: \(config.path.withInvisibleCharactersEscaped) does not exist: the catalog is read as 'choosy-data init' "
            + "would write it (docs/catalog.md); run 'choosy-data init' to keep that config and edit it\n"
    }

    /// Lints `catalog` and, when it has errors, writes them to standard error (in colour as
    /// `colorMode` decides for it) followed by `Error: REFUSAL`; true when it had errors.
    /// `bundle` and `release` publish nothing from such a catalog.
    mutating func refusesLintErrors(
        of catalog: Catalog, profile: ClientProfile?, platform: Platform? = nil, colorMode: ColorMode, refusal: String
    ) -> Bool {
        let report = Linter.lint(LintContext(catalog: catalog, profile: profile, platform: platform)).errorsOnly
        guard report.fails(at: .error) else { return false }
        standardError += TextReporter(sources: catalog.sourceFiles, colored: colorMode.usesColor(on: STDERR_FILENO)).render(report)
        addError(refusal)
        return true
    }

    /// Refuses `directory`, a command's `-o`, when it is inside a folder a layer of `catalog`
    /// reads (`Catalog.layerFolder(holding:)`), with `Error: …`; true when refused.
    mutating func refusesOutput(_ directory: String, insideLayersOf catalog: Catalog) -> Bool {
        guard let folder = catalog.layerFolder(holding: directory) else { return false }
        addError(folder.refusal(writing: directory))
        return true
    }

    /// Standard output for text too large to collect (the matrices of a large catalog, as CSV
    /// hundreds of megabytes), written as it comes rather than by `main`. What was collected
    /// goes first: standard output, then standard error (warnings about files left out, which
    /// would otherwise wait for the end, or be lost if writing failed).
    mutating func standardOutputStream() -> StandardOutputStream {
        StandardStream.output.write(standardOutput)
        StandardStream.error.write(standardError)
        (standardOutput, standardError) = ("", "")
        return StandardOutputStream()
    }
}

/// Standard output, written as soon as text arrives.
struct StandardOutputStream: TextOutputStream {
    mutating func write(_ string: String) {
        StandardStream.output.write(string)
    }
}

/// Standard output or standard error, written with `write(2)`.
enum StandardStream {
    case output, error

    private var descriptor: Int32 {
        switch self {
        case .output: STDOUT_FILENO
        case .error: STDERR_FILENO
        }
    }

    /// Writes the UTF-8 of `text` where it is stored (a report of tens of megabytes is not
    /// copied first). A write that fails (a full disk, a pipe closed while SIGPIPE is ignored)
    /// ends the process with exit code 2, saying why on standard error: the output is lost,
    /// and going on would only report success on a truncated one. The process ends with
    /// `_exit`, since threads may still be rendering what would have followed.
    func write(_ text: String) {
        var text = text
        guard let failure = text.withUTF8({ FileDescriptorIO.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }) else { return }
        fail(errno: failure)
    }

    private func fail(errno code: Int32) -> Never {
        if self == .output {
            StandardStream.error.write("Error: cannot write to standard output: \(String(cString: strerror(code))); "
                + "the output is incomplete (check the disk or the pipe it goes to)\n")
        }
        _exit(ExitCode.failure.rawValue)
    }
}

/// Standard input, read whole.
enum StandardInput {
    /// All of standard input; nil, with an `Error:` added to `output`, when it cannot be read
    /// (closed, or a directory redirected into it).
    static func read(reportingTo output: inout Output) -> [UInt8]? {
        switch FileDescriptorIO.readAll(from: STDIN_FILENO) {
        case .success(let bytes):
            return bytes
        case .failure(let error):
            output.standardError += "Error: cannot read standard input: \(String(cString: strerror(error.code.rawValue))) (pipe or redirect a file into it)\n"
            return nil
        }
    }
}
