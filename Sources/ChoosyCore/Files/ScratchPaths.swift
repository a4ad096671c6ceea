import Foundation

/// The staging directories and temporary files this process is writing, so none outlives it:
/// an interrupted run (SIGINT, SIGTERM) removes them before it dies, and a run killed outright
/// (SIGKILL, a power cut) leaves names that hold its pid, which the next run writing the same
/// output removes once that process is gone.
public enum ScratchPaths {
    /// Held while a path is made, registered, renamed or removed, and by the interruption
    /// cleanup for good: a run that is being interrupted stops at its next change, and the
    /// cleanup sees every path as it is on disk.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var registered: Set<String> = []
    nonisolated(unsafe) private static var removesOnInterruption = false
    nonisolated(unsafe) private static var handlersInstalled = false
    /// Where the signal handler writes the signal's number for the cleanup thread; set before
    /// the handler is installed, then only read.
    nonisolated(unsafe) private static var signalPipe: (read: Int32, write: Int32) = (-1, -1)
    /// The interruption's signal number, once one arrived (set by the handler): the next
    /// change of a scratch path ends the run instead, so an interruption that arrives while
    /// the run holds the lock is never outrun by the rest of the write.
    nonisolated(unsafe) private static var interruption: Int32 = 0
    static let interruptions = [SIGINT, SIGTERM]

    /// Makes an interruption (SIGINT, SIGTERM) remove every registered path, then end the
    /// process by the same signal. For the executable only: the handlers are installed when the
    /// first path is registered, so a command that writes nothing keeps the default behaviour.
    public static func removeOnInterruption() {
        lock.withLock { removesOnInterruption = true }
    }

    /// Runs `body`, which makes, renames or removes scratch paths and updates `paths` (the
    /// registered ones) to match, with the registry locked.
    static func changing<Result, Failure: Error>(
        _ body: (_ paths: inout Set<String>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        if removesOnInterruption, !handlersInstalled {
            installHandlers()
            handlersInstalled = true
        }
        if interruption != 0 { removeAllAndEnd(by: interruption) }
        return try body(&registered)
    }

    /// The name of a scratch path for `name`: hidden (catalog reads and most listings skip it),
    /// then what it is for and the pid of this process, then `unique`.
    static func name(for name: String, purpose: String, unique: String) -> String {
        ".\(name).\(purpose)-\(getpid())-\(unique)"
    }

    /// The scratch paths for `name` in `directory` (of `purpose`) whose process is gone: a run
    /// killed before it could remove them. Only names of exactly the shape this tool makes, of
    /// the type it makes, count, so a user's `.site.old-1-drafts` is never taken for one.
    static func leftovers(for name: String, in directory: String, purpose: String) -> [String] {
        let prefix = ".\(name).\(purpose)-"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return entries.filter { entry in
            let rest = entry.dropFirst(prefix.count)
            guard entry.hasPrefix(prefix), let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]),
                  isScratch(unique: rest[rest.index(after: dash)...], purpose: purpose, at: (directory as NSString).appendingPathComponent(entry))
            else { return false }
            return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
        }.sorted().map { (directory as NSString).appendingPathComponent($0) }
    }

    /// Whether `path` is what this tool makes for `purpose`: fmt's temporary file (a regular
    /// file, mkstemp's six letters and digits) or a staging or moved-aside directory (a
    /// directory, a UUID as `UUID().uuidString` writes it).
    private static func isScratch(unique: Substring, purpose: String, at path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        let type = status.st_mode & S_IFMT
        if purpose == "fmt" {
            return type == S_IFREG && unique.count == 6 && unique.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        return type == S_IFDIR && UUID(uuidString: String(unique))?.uuidString == String(unique)
    }

    private static func installHandlers() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        signalPipe = (ends[0], ends[1])
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        // Without the thread no handler could end the run: the signals keep their default
        // action, and the next run removes what this one leaves (`leftovers`).
        guard WorkerThreads.detach(removeAllAndEndAfterInterruption) else {
            close(ends[0])
            close(ends[1])
            signalPipe = (-1, -1)
            return
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in interruptions {
            var previous = sigaction()
            sigaction(signal, nil, &previous)
            // A signal the parent ignored (a background job's SIGINT) stays ignored.
            if let handler = previous.__sigaction_handler.sa_handler, unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // Only a store and write(2) here, which are async-signal-safe; the thread (or the
                // next change of a scratch path) does the rest.
                ScratchPaths.interruption = number
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(ScratchPaths.signalPipe.write, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
            sigaddset(&unblocked, signal)
        }
        // A run started with these signals blocked (some supervisors do) would otherwise meet
        // them only later, or never, with its scratch paths left behind.
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Waits for an interruption, then ends the run (`removeAllAndEnd(by:)`).
    private static func removeAllAndEndAfterInterruption() {
        var byte: UInt8 = 0
        while read(signalPipe.read, &byte, 1) != 1 {
            guard errno == EINTR else { return }
        }
        lock.lock()
        removeAllAndEnd(by: Int32(byte))
    }

    /// Removes every registered path and ends the process by `number` (exit status 128 + its
    /// number); the caller holds the lock and keeps it, so that no other thread makes a new
    /// path meanwhile.
    private static func removeAllAndEnd(by number: Int32) -> Never {
        for path in registered.sorted(by: >) { try? FileManager.default.removeItem(atPath: path) }
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
    }
}
