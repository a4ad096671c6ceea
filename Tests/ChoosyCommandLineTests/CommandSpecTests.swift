import Testing
@testable import ChoosyCommandLine

/// The help page, option summaries and roff text made from a command's declaration.
struct CommandSpecTests {
    static let spec = CommandSpec(
        name: "demo", abstract: "Do a thing.", usage: "choosy-data demo [PATH]",
        arguments: [ArgumentSpec("PATH", help: "Where.\nSecond line.")],
        options: [
            OptionSpec(short: "-f", long: "--format", valueName: "format", allowedValues: ["text", "json"], help: "text or json."),
            OptionSpec(long: "--a-very-long-option-name", valueName: "value", help: "Help on the next line."),
        ],
        notes: "A note.",
        exitCodes: ExitCodeHelp(success: "Done.", findings: nil, failure: "Bad\nthings."),
        examples: [.init("Run it", "choosy-data demo data")])

    @Test func helpHasOneLayoutWithOptionsBeforeNotes() {
        #expect(Self.spec.help == """
            OVERVIEW: Do a thing.

            USAGE: choosy-data demo [PATH]

            ARGUMENTS:
              PATH                    Where.
                                      Second line.

            OPTIONS:
              -f, --format <format>   text or json.
              --a-very-long-option-name <value>
                                      Help on the next line.
              -h, --help              Show help information.

            A note.

            EXIT CODES:
              0  Done.
              1  Not used by this command.
              2  Bad
                 things.

            EXAMPLES:
              # Run it
              choosy-data demo data

            """)
    }

    @Test func summaryIsTheHelpUpToItsFirstStopOrColon() {
        #expect(OptionSpec(long: "--x", help: "Colour it: auto, always\nor never.").summary == "Colour it")
        #expect(OptionSpec(long: "--x", help: "Link it, e.g. to GitHub. More.").summary == "Link it, e.g. to GitHub")
        #expect(OptionSpec(long: "--x", help: "Only this app.").summary == "Only this app")
    }

    @Test func roffTextCannotStartARequest() {
        #expect(ManPage.escaped(".choosy-data.yml") == "\\&.choosy\\-data.yml")
        #expect(ManPage.escaped("'quoted' a\\b") == "\\&'quoted' a\\eb")
    }
}
