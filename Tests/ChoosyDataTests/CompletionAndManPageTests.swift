import ChoosyTestSupport
import Foundation
import Testing

/// The shell completions and the man page `choosy-data` makes from its command table, tried in
/// the real programs: bash completes, `man` renders without a warning.
@Suite(.serialized)
struct CompletionAndManPageTests {
    struct Completion: Sendable, CustomTestStringConvertible {
        let words: [String]
        let directory: String
        let expected: [String]
        var testDescription: String { "choosy-data \(words.joined(separator: " ")) in \(directory)" }
    }

    /// Sources the bash script in bash, sets `COMP_WORDS` and `COMP_CWORD` as bash does when
    /// Tab is pressed after the last word, calls the completion function and prints `COMPREPLY`.
    @Test(arguments: [
        Completion(words: ["l"], directory: ".", expected: ["lint", "lsp"]),
        Completion(words: ["lint", "--f"], directory: ".", expected: ["--format", "--fail-on", "--fix"]),
        Completion(words: ["lint", "--format", "s"], directory: ".", expected: ["sarif"]),
        // '=' as one word with the option (COMP_WORDBREAKS without '='), and split off (bash's default).
        Completion(words: ["lint", "--format=s"], directory: ".", expected: ["--format=sarif"]),
        Completion(words: ["lint", "-f=g"], directory: ".", expected: ["-f=github"]),
        Completion(words: ["lint", "--format", "=", "s"], directory: ".", expected: ["sarif"]),
        Completion(words: ["lint", "--format", "="], directory: ".", expected: ["text", "json", "github", "sarif"]),
        Completion(words: ["normalize", "--to=y"], directory: ".", expected: ["--to=yaml"]),
        Completion(words: ["lint", "--fix=x"], directory: ".", expected: []),
        Completion(words: ["matrix", "--format", "=", "csv", "tw"], directory: "data", expected: ["twitter"]),
        Completion(words: ["show", "tw"], directory: "data", expected: ["twitter"]),
        Completion(words: ["url", "twitter", "p"], directory: "data", expected: ["post"]),
        Completion(words: ["show", "twitter", "tweetb"], directory: "data", expected: ["tweetbot"]),
        Completion(words: ["matrix", "--format", "csv", "tw"], directory: "data", expected: ["twitter"]),
        Completion(words: ["normalize", "--to", "y"], directory: ".", expected: ["yaml"]),
        Completion(words: ["rules", "unused-p"], directory: ".", expected: ["unused-parameter"]),
        Completion(words: ["show", "tw"], directory: ".", expected: ["twitter"]),
        Completion(words: ["show", "tw"], directory: "/", expected: []),
        Completion(words: ["show", "data/.choosy"], directory: ".", expected: ["data/.choosy-data.yml"]),
    ])
    func bashCompletes(_ completion: Completion) throws {
        let script = try ToolRunner.run(["completions", "bash"])
        #expect(script.status == 0)
        let directory = completion.directory.hasPrefix("/")
            ? URL(fileURLWithPath: completion.directory) : TestPaths.packageRoot.appendingPathComponent(completion.directory)
        let words = ([ToolRunner.executable.path] + completion.words).map { "'\($0)'" }.joined(separator: " ")
        let outcome = try ToolRunner.run(
            ["bash", "--norc", "--noprofile", "-c", """
                source /dev/stdin
                COMP_WORDS=(\(words)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                _choosy_data
                printf '%s\\n' "${COMPREPLY[@]}"
                """],
            program: URL(fileURLWithPath: "/usr/bin/env"), in: directory, standardInput: Data(script.standardOutput.utf8))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.standardOutput.split(separator: "\n").map(String.init) == completion.expected)
    }

    @Test func completeListsCatalogKeysAndNothingOutsideACatalog() throws {
        let types = try ToolRunner.run(["__complete", "types"], in: TestPaths.packageRoot.appendingPathComponent("data"))
        #expect(types.status == 0)
        #expect(types.standardOutput.split(separator: "\n").contains("twitter"))
        let actions = try ToolRunner.run(["__complete", "actions", "twitter"], in: TestPaths.packageRoot.appendingPathComponent("data"))
        #expect(actions.standardOutput.split(separator: "\n").contains("post"))
        let outside = try ToolRunner.run(["__complete", "types"], in: URL(fileURLWithPath: "/"))
        #expect(outside.status == 0)
        #expect(outside.standardOutput.isEmpty && outside.standardError.isEmpty)
        #expect(!(try ToolRunner.run(["--help"])).standardOutput.contains("__complete"))
    }

    /// The zsh and fish scripts parse (the Makefile's test target installs both shells).
    @Test(arguments: [("zsh", ["-n"]), ("fish", ["--no-execute"])])
    func otherShellsParseTheirScript(_ shell: String, _ flags: [String]) throws {
        let path = try #require(Self.shell(shell), "\(shell) is missing: 'make test' installs it")
        let script = try ToolRunner.run(["completions", shell])
        #expect(script.status == 0)
        let scratch = try ScratchDirectory("completion")
        let file = scratch.file("completion.\(shell)")
        try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try ToolRunner.run(flags + [file.path], program: URL(fileURLWithPath: path))
        #expect(outcome.status == 0, "\(outcome.standardError)")
    }

    /// fish completes as bash does, asked with `complete -C`: commands, options, and app types
    /// of the catalog just below the repository's root.
    @Test(arguments: [
        ("choosy-data l", "lint"), ("choosy-data lint --f", "--fix"), ("choosy-data show tw", "twitter"),
    ])
    func fishCompletes(_ line: String, _ expected: String) throws {
        let path = try #require(Self.shell("fish"), "fish is missing: 'make test' installs it")
        let script = try ToolRunner.run(["completions", "fish"])
        let scratch = try ScratchDirectory("completion")
        let file = scratch.file("completion.fish")
        try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        let binDirectory = ToolRunner.executable.deletingLastPathComponent().path
        let outcome = try ToolRunner.run(
            ["-c", "set -x PATH \(binDirectory) $PATH; source \(file.path); complete -C '\(line)'"],
            program: URL(fileURLWithPath: path), in: TestPaths.packageRoot)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.contains(expected), "\(outcome.standardOutput)")
    }

    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first(where: FileManager.default.isExecutableFile)
    }

    /// `man -l` renders the page without a warning, with its NAME and SYNOPSIS and every
    /// command's options. The Makefile's test target installs man-db and groff when missing.
    @Test func manRendersThePageWithoutWarnings() throws {
        let page = try ToolRunner.run(["man"])
        #expect(page.status == 0)
        let scratch = try ScratchDirectory("data")
        let file = scratch.file("data.1")
        try page.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try ToolRunner.run(
            ["man", "--warnings", "-l", file.path], program: URL(fileURLWithPath: "/usr/bin/env"),
            environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        let text = outcome.standardOutput
        for heading in ["NAME", "SYNOPSIS", "OPTIONS", "COMMANDS", "EXIT STATUS"] {
            #expect(text.contains("\n\(heading)\n"), "no \(heading)")
        }
        for option in ["--stdin-filename", "--fail-on", "--drop-comments", "--keep-extra", "--source-url"] {
            #expect(text.contains(option), "no \(option)")
        }
    }
}
