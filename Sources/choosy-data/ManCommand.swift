import ChoosyCatalog
import ChoosyCommandLine
import ChoosyCore

/// `choosy-data man`: the man page, made from the command table.
enum ManCommand: Command {
    static let spec = CommandSpec(
        name: "man",
        abstract: "Print the man page (roff), made from the same table as --help.",
        usage: "choosy-data man",
        options: [],
        exitCodes: ExitCodeHelp(success: "The page was printed.", findings: nil),
        examples: [
            .init("Read it", "choosy-data man > choosy-data.1 && man -l choosy-data.1"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        if let argument = arguments.positional.first { throw UsageError("unexpected argument '\(argument)'") }
        output.standardOutput += ManPage.render(ChoosyDataTool.tool, version: choosyDataVersion)
        return .success
    }
}
