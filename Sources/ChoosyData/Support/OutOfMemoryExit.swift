import Foundation

/// Ends the process with one line and exit code 2 when the Swift runtime cannot allocate
/// memory (`ulimit -v`, a container's limit), instead of the crash report of a bug.
///
/// The runtime reports a failed allocation as a fatal error ("Fatal error: failed to allocate
/// N bytes of memory with alignment A") and aborts; its backtracer then prints a report of
/// every thread. A SIGABRT handler reads the runtime's message (kept for crash reporters,
/// `swift_getFatalErrorMessageBuffer`): for a failed allocation it prints what to do and exits
/// 2; for anything else it gives the signal back to the handler it replaced (the backtracer),
/// so a real crash still gets its report.
public enum OutOfMemoryExit {
    nonisolated(unsafe) private static var replaced = sigaction()
    nonisolated(unsafe) private static var messageBuffer: UnsafeMutablePointer<UnsafePointer<CChar>?>?
    private static let allocationFailure: [CChar] = Array("Fatal error: failed to allocate".utf8CString.dropLast())
    private static let explanation: [UInt8] = Array("""
        Error: choosy-data ran out of memory; raise its limit (ulimit -v, or the container's) or give it a smaller \
        catalog. No file was left half-written.

        """.utf8)

    /// Installs the handler; for the executable only.
    public static func install() {
        messageBuffer = swiftFatalErrorMessageBuffer().assumingMemoryBound(to: UnsafePointer<CChar>?.self)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            if let message = OutOfMemoryExit.messageBuffer?.pointee,
               OutOfMemoryExit.allocationFailure.withUnsafeBufferPointer({ strncmp(message, $0.baseAddress!, $0.count) == 0 }) {
                OutOfMemoryExit.explanation.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress!, $0.count) }
                _exit(ExitCode.failure.rawValue)
            }
            sigaction(number, &OutOfMemoryExit.replaced, nil)
            raise(number)
        }
        sigemptyset(&action.sa_mask)
        sigaction(SIGABRT, &action, &replaced)
    }
}

/// The runtime's record of its last fatal error message (an atomic `const char *`), kept for
/// crash reporters; linked directly, so it is found in a static executable too.
@_silgen_name("swift_getFatalErrorMessageBuffer")
private func swiftFatalErrorMessageBuffer() -> UnsafeMutableRawPointer
