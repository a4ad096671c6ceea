import ChoosyData
import Foundation

/// One `choosy-data` subcommand: its help text and how it runs.
protocol Command: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    /// The ARGUMENTS and OPTIONS sections of the help text.
    static var details: String { get }
    static var valueOptions: Set<String> { get }
    static var flagOptions: Set<String> { get }

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode
}

extension Command {
    static var help: String {
        """
        OVERVIEW: \(abstract)

        USAGE: \(usage)

        \(details)
          -h, --help              Show help information.

        """
    }
}

/// Where a command writes: standard output and standard error, collected so `main` writes
/// each once.
struct Output {
    var standardOutput = ""
    var standardError = ""
    /// Data the command is done with that the process keeps until it exits instead of freeing:
    /// freeing a large catalog's trees costs a tenth of lint's time and changes no output.
    var keptUntilExit: [any Sendable] = []

    /// Standard output for text too large to collect (the matrices of a large catalog, as CSV
    /// hundreds of megabytes): what was collected is written first, then the rest as it comes.
    mutating func standardOutputStream() -> StandardOutputStream {
        var stream = StandardOutputStream()
        stream.write(standardOutput)
        standardOutput = ""
        return stream
    }
}

/// Standard output, written as soon as text arrives.
struct StandardOutputStream: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardOutput.write(utf8Of: string)
    }
}

extension FileHandle {
    /// Writes the UTF-8 of `text` where it is stored: a report of tens of megabytes is not
    /// copied into a `Data` first.
    func write(utf8Of text: String) {
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none))
        }
    }
}
