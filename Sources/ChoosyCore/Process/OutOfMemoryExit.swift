import Foundation
import Synchronization

/// Ends the process with one line and exit code 2 when it runs out of memory (`ulimit -v`, a
/// container's limit), instead of the crash report of a bug.
///
/// The runtime reports a failed allocation as a fatal error ("Fatal error: failed to allocate
/// N bytes of memory with alignment A") and aborts; its backtracer then prints a report of
/// every thread. A handler reads the runtime's message (kept for crash reporters,
/// `swift_getFatalErrorMessageBuffer`) and, for a failed allocation, prints what to do and
/// exits 2. Out of address space, the runtime can also crash with no message at all (its own
/// message cannot be allocated, or type metadata comes back empty), with SIGSEGV, SIGBUS,
/// SIGILL or SIGTRAP: with an address-space limit set, less than `nearLimit` of it left and no
/// message recorded, such a crash is taken for running out of memory too. A crash the runtime
/// explained otherwise, or a signal another process sent, goes back to the handler this one
/// replaced (the backtracer), so a real crash still gets its report.
///
/// With the backtracer off (`SWIFT_BACKTRACE=enable=no`, or no `swift-backtrace` where the
/// runtime looks for it) the runtime follows its message with "Current stack trace:" and a
/// frame a line, 27 lines before ours. It writes them through C's `stderr`, which `install`
/// makes fully buffered: the handler ends the process with `_exit`, which drops the buffer, and
/// flushes it only for a crash it hands back. The tool writes its own output to the file
/// descriptor, never through `stderr`, so nothing else waits in that buffer but what C code
/// prints, and `exit` flushes that.
///
/// The handler runs when memory has run out, so it must not need any: everything it reads is
/// made by `install`, as C strings and raw buffers, and its checks have run once there, so no
/// type metadata or lazy global is first made inside it (a one-time initialiser that allocated
/// there failed again, and the runtime, crashing while handling a crash, trapped or hung).
public enum OutOfMemoryExit {
    /// The signals a crash comes with; the handler each replaced, by signal number.
    private static let crashSignals = [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP]
    nonisolated(unsafe) private static var replaced: UnsafeMutablePointer<sigaction>?
    nonisolated(unsafe) private static var messageBuffer: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    nonisolated(unsafe) private static var allocationFailure: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var explanation: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var statmPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var statmText: UnsafeMutablePointer<CChar>?
    private static let statmTextSize = 128
    /// Holds what C's `stderr` is given: the runtime's stack trace is about 3 KB.
    nonisolated(unsafe) private static var standardErrorBuffer: UnsafeMutablePointer<CChar>?
    /// C's `stderr`, found through its symbol (nil for RTLD_DEFAULT): Swift 6 refuses to name
    /// the C global, shared mutable state.
    nonisolated(unsafe) private static var standardErrorStream: UnsafeMutablePointer<FILE>?
    private static let standardErrorBufferSize = 64 << 10
    nonisolated(unsafe) private static var pageSize = 4096
    nonisolated(unsafe) private static var processIdentifier: pid_t = 0
    /// Less address space left than this is running out: a thread's malloc arena alone
    /// reserves 64 MiB.
    private static let nearLimit: UInt64 = 96 << 20
    /// Set by the first thread in the handler; any other waits there for the process to end, so
    /// the line is written once.
    private static let handling = Atomic<Bool>(false)

    /// Installs the handler (once); for the executable only.
    public static func install() {
        guard replaced == nil else { return }
        messageBuffer = swiftFatalErrorMessageBuffer().assumingMemoryBound(to: UnsafePointer<CChar>?.self)
        allocationFailure = strdup("Fatal error: failed to allocate")
        explanation = strdup("""
            Error: choosy-data ran out of memory; raise its limit (ulimit -v, or the container's) or give it a smaller \
            catalog. No file was left half-written.

            """)
        statmPath = strdup("/proc/self/statm")
        statmText = .allocate(capacity: statmTextSize)
        pageSize = sysconf(Int32(_SC_PAGESIZE))
        processIdentifier = getpid()
        standardErrorStream = dlsym(nil, "stderr")?.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
        if let standardErrorStream {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: standardErrorBufferSize)
            standardErrorBuffer = buffer
            setvbuf(standardErrorStream, buffer, _IOFBF, standardErrorBufferSize)
        }
        // Runs the checks once, so nothing in them is first met inside the handler.
        var information = siginfo_t()
        _ = handling.load(ordering: .relaxed)
        _ = isOutOfMemory(&information)
        _ = isOutOfMemory(nil)
        _ = wasSent(&information)
        _ = wasSent(nil)
        let saved = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
        saved.initialize(repeating: sigaction(), count: Int(NSIG))
        replaced = saved
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { number, information, _ in
            OutOfMemoryExit.handle(number, information)
        }
        // A crash inside the handler finds its signal blocked and ends the process, rather
        // than coming back in to wait for a thread that is not there.
        sigemptyset(&action.sa_mask)
        for signal in crashSignals { sigaddset(&action.sa_mask, signal) }
        // A stack overflow on the main thread is handled on the alternate stack the backtracer
        // set up.
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        for signal in crashSignals { sigaction(signal, &action, saved + Int(signal)) }
    }

    /// Ends the process as the handler does when the address space is all but used up: for a
    /// step that fails only for want of memory (compiling a regular expression known to be
    /// valid), called before it gives up as a bug.
    public static func endIfNearAddressSpaceLimit() {
        guard isNearAddressSpaceLimit(), let explanation else { return }
        _ = write(STDERR_FILENO, explanation, strlen(explanation))
        _exit(ExitCode.failure.rawValue)
    }

    private static func handle(_ number: Int32, _ information: UnsafeMutablePointer<siginfo_t>?) {
        guard handling.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            while true { pause() }
        }
        if isOutOfMemory(information), let explanation {
            _ = write(STDERR_FILENO, explanation, strlen(explanation))
            _exit(ExitCode.failure.rawValue)
        }
        // A crash that is not for want of memory keeps its stack trace.
        if let standardErrorStream { fflush(standardErrorStream) }
        if let replaced { sigaction(number, replaced + Int(number), nil) }
        // A fault happens again when the handler returns, now for the handler it went back
        // to; a signal that was sent is sent again.
        if wasSent(information) { raise(number) }
    }

    /// Whether the crash is for want of memory: the runtime's last message reports a failed
    /// allocation, or there is none and the address space is all but used up. A signal from
    /// another process never is.
    private static func isOutOfMemory(_ information: UnsafeMutablePointer<siginfo_t>?) -> Bool {
        if let information, information.pointee.si_code <= 0, information.pointee._sifields._kill.si_pid != processIdentifier {
            return false
        }
        guard let message = messageBuffer?.pointee else { return isNearAddressSpaceLimit() }
        return isAllocationFailure(message)
    }

    /// Whether the signal came from `kill` or `raise` (abort's), not from a fault.
    private static func wasSent(_ information: UnsafeMutablePointer<siginfo_t>?) -> Bool {
        guard let information else { return true }
        return information.pointee.si_code <= 0
    }

    /// Whether `message` is the runtime's report of a failed allocation.
    private static func isAllocationFailure(_ message: UnsafePointer<CChar>) -> Bool {
        guard let allocationFailure else { return false }
        return strncmp(message, allocationFailure, strlen(allocationFailure)) == 0
    }

    /// Whether an address-space limit is set and the process has mapped all but `nearLimit`
    /// of it (`/proc/self/statm` counts pages mapped).
    private static func isNearAddressSpaceLimit() -> Bool {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
              let statmPath, let statmText
        else { return false }
        let descriptor = open(statmPath, O_RDONLY)
        guard descriptor >= 0 else { return false }
        let count = read(descriptor, statmText, statmTextSize - 1)
        close(descriptor)
        guard count > 0 else { return false }
        statmText[count] = 0
        let mapped = UInt64(strtoull(statmText, nil, 10)) &* UInt64(pageSize)
        return mapped &+ nearLimit > UInt64(limit.rlim_cur)
    }
}

/// The runtime's record of its last fatal error message (an atomic `const char *`), kept for
/// crash reporters; linked directly, so it is found in a static executable too.
@_silgen_name("swift_getFatalErrorMessageBuffer")
private func swiftFatalErrorMessageBuffer() -> UnsafeMutableRawPointer
