import Foundation

/// A program the tests start with `posix_spawn` and reap with `waitpid` themselves, in a
/// process group of its own, inheriting only its three standard descriptors and no blocked or
/// ignored signal.
///
/// Why not Foundation's `Process`: it learns that a child exited when a socket the child holds
/// closes. That socket is not close-on-exec, so a child another thread starts at the same
/// moment can inherit it, and the news then waits for that other child to exit: with a
/// long-lived server of another test holding it, for ever (CI of 2026-12-02 ran out of time
/// with no output for over an hour; docs/reliability.md). Here a wait has a deadline, and a
/// child that outlives it is killed and named in the failure.
package final class ChildProcess: @unchecked Sendable {
    /// A child that did not exit in time; it has been killed.
    package struct Timeout: Error, CustomStringConvertible {
        package let description: String
    }

    package let identifier: pid_t
    private let commandLine: String
    // Set once the child is reaped; read and written only by the thread that owns the child.
    private var status: Int32?
    /// The most memory the child had resident at once, in KiB, once it is reaped.
    package private(set) var peakResidentKilobytes: Int?

    /// Starts `program` (an absolute path) with `arguments` and exactly `environment`, in
    /// `directory`, with the given descriptors as its standard input, output and error.
    package init(
        _ program: String, _ arguments: [String], environment: [String: String], directory: String,
        standardInput: Int32, standardOutput: Int32, standardError: Int32
    ) throws {
        commandLine = ([program] + arguments).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        posix_spawn_file_actions_adddup2(&actions, standardOutput, 1)
        posix_spawn_file_actions_adddup2(&actions, standardError, 2)
        try Self.check(Self.addChangeDirectory(&actions, directory), "posix_spawn_file_actions_addchdir_np")
        try Self.check(Self.addCloseFrom(&actions, 3), "posix_spawn_file_actions_addclosefrom_np")
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // As a shell starts it: no signal blocked or ignored (the test's threads block some).
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)

        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child = pid_t()
        try Self.check(posix_spawn(&child, program, &actions, &attributes, argv, envp), "posix_spawn \(program)")
        identifier = child
    }

    deinit {
        if status == nil { killAndReap() }
    }

    /// Waits up to `seconds` for the child to exit; its exit status (the signal's number when a
    /// signal ended it), or nil while it still runs.
    package func wait(upTo seconds: TimeInterval) -> Int32? {
        if let status { return status }
        let deadline = Date(timeIntervalSinceNow: seconds)
        var pause: useconds_t = 500
        while true {
            var raw: Int32 = 0
            var usage = rusage()
            let reaped = wait4(identifier, &raw, WNOHANG, &usage)
            if reaped == identifier {
                peakResidentKilobytes = usage.ru_maxrss
                // The low seven bits name the signal that ended it; 0 means it exited.
                let signal = raw & 0x7f
                status = signal == 0 ? (raw >> 8) & 0xff : signal
                return status
            }
            precondition(reaped == 0 || errno == EINTR, "waitpid \(identifier): \(String(cString: strerror(errno)))")
            guard Date() < deadline else { return nil }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
    }

    /// Waits up to `seconds` for the child to exit and returns its status; kills it and throws
    /// `Timeout` when it does not.
    package func exitStatus(within seconds: TimeInterval) throws -> Int32 {
        if let status = wait(upTo: seconds) { return status }
        killAndReap()
        throw Timeout(description: "\(commandLine) did not exit within \(String(format: "%g", seconds)) s; it was killed")
    }

    /// Sends SIGKILL to the child's process group (and so to what it started there) and reaps it.
    private func killAndReap() {
        kill(-identifier, SIGKILL)
        kill(identifier, SIGKILL)
        _ = wait(upTo: 3600)
    }

    private static func check(_ result: Int32, _ what: String) throws {
        guard result == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(what): \(String(cString: strerror(result)))"])
        }
    }

    // glibc has both since 2.34, but Swift's Glibc module leaves out the _np functions.
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let addCloseFrom: AddCloseFrom = libcFunction("posix_spawn_file_actions_addclosefrom_np")
    private static let addChangeDirectory: AddChangeDirectory = libcFunction("posix_spawn_file_actions_addchdir_np")

    private static func libcFunction<Function>(_ name: String) -> Function {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("\(name) is missing from the C library (glibc 2.34 or later has it)")
        }
        return unsafeBitCast(address, to: Function.self)
    }
}
