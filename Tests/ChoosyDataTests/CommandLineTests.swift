import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyCommandLine
@testable import ChoosyCore
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools
@testable import choosy_data

/// The command table as users meet it: one parser, one `--help` layout, one wording for what
/// is not valid, the same flags wherever they apply.
@Suite(.serialized)
struct CommandLineTests {
    static let commands = ChoosyDataTool.tool.visibleCommands

    /// Every `--help` has its sections in one order, and lists every option of its table.
    @Test(arguments: commands.map(\.name))
    func helpHasEverySectionInOrderAndEveryOption(_ name: String) throws {
        let spec = try #require(Self.commands.first { $0.name == name })
        let outcome = InProcessTool.run([name, "--help"])
        #expect(outcome.status == 0)
        let help = outcome.standardOutput
        let headings = ["OVERVIEW:", "USAGE:"] + (spec.arguments.isEmpty ? [] : ["ARGUMENTS:"]) + ["OPTIONS:", "EXIT CODES:"]
            + (spec.examples.isEmpty ? [] : ["EXAMPLES:"])
        let positions = headings.map { heading in help.range(of: "\n" + heading).map(\.lowerBound) ?? (help.hasPrefix(heading) ? help.startIndex : nil) }
        #expect(positions.allSatisfy { $0 != nil }, "\(name): missing one of \(headings)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(name): sections out of order")
        let options = try #require(help.range(of: "\nOPTIONS:\n")).upperBound
        let optionsEnd = help[options...].range(of: "\n\n")?.lowerBound ?? help.endIndex
        for option in spec.options {
            #expect(help[options..<optionsEnd].contains("  \(option.label) "), "\(name) --help lacks \(option.label)")
        }
        for code in ["  0  ", "  1  ", "  2  "] {
            #expect(help.contains("\nEXIT CODES:\n") && help[help.range(of: "\nEXIT CODES:\n")!.upperBound...].contains(code))
        }
    }

    @Test func everyCommandTakesTheSameSharedOptions() {
        for spec in Self.commands {
            for option in spec.options where ["--format", "--output", "--quiet", "--write", "--catalog"].contains(option.long) {
                let short = ["--format": "-f", "--output": "-o", "--quiet": "-q", "--write": "-w", "--catalog": "-C"][option.long]
                #expect(option.short == short, "\(spec.name) \(option.long)")
            }
            for option in spec.options where ["--color", "--client", "--config"].contains(option.long) {
                let shared: OptionSpec = switch option.long {
                case "--color": .color()
                case "--client": .client()
                default: .config
                }
                #expect(option.valueName == shared.valueName && option.allowedValues == shared.allowedValues, "\(spec.name) \(option.long)")
            }
        }
    }

    /// An option's help names its default once, also where a command words the shared
    /// option's default its own way (`lsp -C`).
    /// The platform is chosen wherever the client is, next to it in help and usage, and what it
    /// names reaches the command's core: `url`, the command that shows it, says it.
    @Test func everyCommandThatTakesTheClientTakesThePlatform() throws {
        let withClient = Self.commands.filter { $0.option(named: "--client") != nil }
        #expect(withClient.count == 11)
        for spec in withClient {
            let names = spec.options.map(\.long)
            let client = try #require(names.firstIndex(of: "--client"))
            #expect(names.firstIndex(of: "--platform") == client + 1, "\(spec.name): \(names)")
            #expect(spec.usage.contains("[--client shipped|rfc3986] [--platform ios17|ios16]"), "\(spec.name)")
        }
        #expect(Self.commands.filter { $0.option(named: "--platform") != nil }.count == withClient.count)
        for platform in Platform.allCases {
            let outcome = try ToolRunner.run(["url", "twitter", "post", "--app", "tweetbot", "--platform", platform.rawValue, "--format", "json", "data"])
            #expect(outcome.standardOutput.contains("\"platform\": \"\(platform.rawValue)\""), "\(outcome)")
        }
    }

    @Test func everyOptionNamesItsDefaultAtMostOnce() {
        for spec in Self.commands {
            for option in spec.options {
                #expect(option.help.components(separatedBy: "Default:").count <= 2, "\(spec.name) \(option.label): \(option.help)")
            }
        }
    }

    /// The type each command reads an option's value as (`Arguments.value(of:default:)`), keyed
    /// `command --option`, or `--option` for a shared option.
    static var valueTypes: [String: any RawRepresentable.Type] {
        [
        "--color": ColorMode.self, "--client": ClientProfile.self, "--platform": Platform.self,
        "lint --format": LintOutputFormat.self, "lint --fail-on": Severity.self,
        "fmt --to": SourceLanguage.self, "fmt --stdin-format": SourceLanguage.self,
        "show --format": ShowCommand.OutputFormat.self, "url --format": URLCommand.OutputFormat.self, "matrix --format": MatrixOutputFormat.self,
        "diff --format": DiffCommand.OutputFormat.self, "diff --fail-on": DiffGate.self,
        "review --format": ReviewCommand.OutputFormat.self, "review --fail-on": DiffGate.self,
        "release --bump": ReleaseCommand.Bump.self, "schemes --format": SchemesCommand.OutputFormat.self, "rules --format": RulesCommand.OutputFormat.self,
        ]
    }

    /// Every value the table allows is one its command's type has: the parser checks the
    /// table's list, the only one, and `Arguments.value` converts without a second check.
    @Test func everyAllowedValueMapsToTheTypeItIsReadAs() throws {
        for spec in ChoosyDataTool.commands.map({ $0.spec }) {
            for option in spec.options {
                guard let allowed = option.allowedValues else { continue }
                let type = try #require(Self.valueTypes["\(spec.name) \(option.long)"] ?? Self.valueTypes[option.long], "\(spec.name) \(option.long): add its type")
                for value in allowed {
                    let represented = Self.represents(type, value)
                    #expect(represented, "\(spec.name) \(option.long) allows '\(value)', which \(type) lacks")
                }
            }
        }
    }

    private static func represents<Value: RawRepresentable>(_ type: Value.Type, _ raw: String) -> Bool {
        (raw as? Value.RawValue).flatMap(Value.init(rawValue:)) != nil
    }

    @Test(arguments: ["lint", "fmt", "docs", "bundle", "release", "schemes", "codegen"])
    func quietIsOfferedWhereACommandPrintsProgress(_ name: String) throws {
        let spec = try #require(Self.commands.first { $0.name == name })
        #expect(spec.option(named: "-q")?.long == "--quiet")
    }

    struct Slip: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        Slip(arguments: ["lnt"], message: "unknown command 'lnt' (did you mean 'lint'?); valid values are: init, lint, fmt, show, url, "
            + "matrix, docs, diff, review, bundle, release, schemes, codegen, rules, lsp, completions, man, help"),
        Slip(arguments: ["help", "lnt"], message: "unknown command 'lnt' (did you mean 'lint'?); valid values are: init, lint, fmt, show, url, "
            + "matrix, docs, diff, review, bundle, release, schemes, codegen, rules, lsp, completions, man, help"),
        Slip(arguments: ["--verison"], message: "unknown option '--verison' (did you mean '--version'?); valid values are: --version, -V, --help, -h"),
        Slip(arguments: ["lint", "--qiet"], message: "unknown option '--qiet' (did you mean '--quiet'?); valid values are: --catalog, -C, "
            + "--config, --stdin-filename, --format, -f, --rules-url, --color, --max-findings, --fail-on, --quiet, -q, --fix, --unsafe-fixes, --client, --platform, --help, -h"),
        Slip(arguments: ["lint", "-f", "jsn"], message: "unknown format 'jsn' (did you mean 'json'?); valid values are: text, json, github, sarif"),
        Slip(arguments: ["lint", "--color=alway"], message: "unknown color mode 'alway' (did you mean 'always'?); valid values are: auto, always, never"),
        Slip(arguments: ["url", "twitter", "post", "--platform", "ios-16"], message: "unknown platform 'ios-16' (did you mean 'ios16'?); valid values are: ios17, ios16"),
        Slip(arguments: ["diff", "a", "b", "--fail-on", "braking"],
             message: "unknown change class 'braking' (did you mean 'breaking'?); valid values are: breaking, feature, any"),
        Slip(arguments: ["lint", "--quiet=yes"], message: "option '--quiet' takes no value; write it alone, without '='"),
        Slip(arguments: ["completions", "tcsh"], message: "unknown shell 'tcsh'; valid values are: bash, zsh, fish"),
        // An empty value after '=' is the value: the next argument is not taken instead.
        Slip(arguments: ["show", "-C=", "twitter"], message: "-C names no catalog (''); give one, such as -C data/"),
        Slip(arguments: ["show", "--config=", "data"], message: "--config names no catalog (''); give one, such as --config data/"),
        Slip(arguments: ["lint", "--rules-url=", "data"], message: "--rules-url needs an absolute URL without a '#', such as "
            + "https://github.com/OWNER/REPO/blob/main/docs/rules.md; got ''"),
        Slip(arguments: ["lint", "--quiet=", "data"], message: "option '--quiet' takes no value; write it alone, without '='"),
        Slip(arguments: ["help", "lint", "extra"], message: "unexpected argument 'extra'; help takes one command"),
        Slip(arguments: ["--version", "extra"], message: "unexpected argument 'extra'; --version takes none"),
        Slip(arguments: ["-V", "extra"], message: "unexpected argument 'extra'; -V takes none"),
    ])
    func slipsGetOneWordingWithASuggestion(_ slip: Slip) throws {
        let outcome = InProcessTool.run(slip.arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.split(separator: "\n").first.map(String.init) == "Error: \(slip.message)")
    }

    @Test func shortOptionsStandForTheLongOnes() throws {
        let long = try ToolRunner.run(["lint", "data", "--format", "json", "--quiet"])
        let short = try ToolRunner.run(["lint", "data", "-f", "json", "-q"])
        #expect(short.status == long.status)
        #expect(short.standardOutput == long.standardOutput)
        #expect(!short.standardOutput.isEmpty)
    }

    /// `help` is a listed command, so its own help is a page too: the general one, which says
    /// how to use it.
    @Test(arguments: [["help", "help"], ["help", "--help"], ["help", "-h"]])
    func helpOfHelpIsTheGeneralHelp(_ arguments: [String]) throws {
        let outcome = InProcessTool.run(arguments)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == ChoosyDataTool.generalHelp)
        #expect(outcome.standardError.isEmpty)
    }

    /// The general help's exit code 1 names every command that can exit 1, from the table.
    @Test func generalHelpNamesEveryCommandThatExitsOne() throws {
        let help = ChoosyDataTool.generalHelp
        let list = try #require(help.range(of: "from these commands only:\n")).upperBound
        let names = help[list...].prefix { $0 != "." }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(names == Self.commands.filter { $0.exitCodes.findings != nil }.map(\.name))
        #expect(names.contains("schemes"))
    }

    /// A command whose usage names PATH declares it, so its help lists it and shells complete files.
    @Test func everyUsageWithAPathDeclaresIt() {
        for spec in Self.commands where spec.usage.contains("[PATH |") {
            #expect(spec.arguments.contains { $0.name == "PATH" && $0.completion == .files }, "\(spec.name)")
        }
    }

    @Test(arguments: [["-V"], ["--version"]])
    func versionHasAShortName(_ arguments: [String]) throws {
        let outcome = InProcessTool.run(arguments)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "choosy-data \(choosyDataVersion)\n")
    }

    @Test(arguments: ["normalise", "normalize"])
    func normaliseIsAnotherNameOfFmt(_ alias: String) throws {
        let help = try ToolRunner.run([alias, "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput == (try ToolRunner.run(["fmt", "--help"])).standardOutput)
        #expect(help.standardOutput.contains("'normalise' and 'normalize' are other names of fmt."))
        let check = try ToolRunner.run([alias, "--check", "data"])
        #expect(check.status == 0, "\(check.standardError)")
    }

    @Test func quietLeavesOutWhatWasWritten() throws {
        let scratch = try ScratchDirectory("quiet")
        let directory = scratch.file("quiet")
        let loud = try ToolRunner.run(["bundle", "data", "-o", directory.path])
        #expect(loud.status == 0)
        #expect(loud.standardOutput.hasPrefix("Wrote "))
        let quiet = try ToolRunner.run(["bundle", "data", "-o", directory.path, "-q"])
        #expect(quiet.status == 0, "\(quiet.standardError)")
        #expect(quiet.standardOutput.isEmpty)
        #expect(quiet.standardError.isEmpty)
    }

    @Test func forceColorColoursLintWhenPiped() throws {
        let plain = try ToolRunner.run(["lint", "data"], environment: ["NO_COLOR": "", "FORCE_COLOR": ""])
        let forced = try ToolRunner.run(["lint", "data"], environment: ["NO_COLOR": "", "FORCE_COLOR": "1"])
        #expect(!plain.standardOutput.contains("\u{1B}["))
        #expect(forced.standardOutput.contains("\u{1B}["))
        let refused = try ToolRunner.run(["lint", "data"], environment: ["NO_COLOR": "1", "CLICOLOR_FORCE": "1"])
        #expect(!refused.standardOutput.contains("\u{1B}["))
    }
}
