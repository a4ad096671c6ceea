import ChoosyData
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

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
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = writeBytes(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && retriesAfterWaiting(on: descriptor, for: Int16(POLLOUT)) { continue }
                guard written > 0 else { fail(errno: written < 0 ? errno : EIO) }
                offset += written
            }
        }
    }

    private func fail(errno code: Int32) -> Never {
        if self == .output {
            StandardStream.error.write("Error: cannot write to standard output: \(String(cString: strerror(code))); "
                + "the output is incomplete (check the disk or the pipe it goes to)\n")
        }
        _exit(ExitCode.failure.rawValue)
    }
}

/// Standard input, read whole with `read(2)`.
enum StandardInput {
    /// All of standard input; nil, with an `Error:` added to `output`, when it cannot be read
    /// (closed, or a directory redirected into it).
    static func read(reportingTo output: inout Output) -> [UInt8]? {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if count < 0 && retriesAfterWaiting(on: STDIN_FILENO, for: Int16(POLLIN)) { continue }
            guard count >= 0 else {
                output.standardError += "Error: cannot read standard input: \(String(cString: strerror(errno))) (pipe or redirect a file into it)\n"
                return nil
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }
}

/// After a failed `read(2)` or `write(2)`: whether to try again, because a signal interrupted
/// it or because the descriptor is non-blocking (its owner set `O_NONBLOCK`) and was not
/// ready, in which case this waits until it is.
private func retriesAfterWaiting(on descriptor: Int32, for event: Int16) -> Bool {
    switch errno {
    case EINTR:
        return true
    case EAGAIN, EWOULDBLOCK:
        var request = pollfd(fd: descriptor, events: event, revents: 0)
        _ = poll(&request, 1, -1)
        return true
    default:
        return false
    }
}

// `write` and `read` are the C functions here, outside the types whose methods share the names.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func readBytes(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
