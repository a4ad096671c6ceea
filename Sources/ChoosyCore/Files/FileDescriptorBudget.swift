import Foundation

/// Checks, before any work starts, that the process can open the files it needs at once. The
/// tool's own opens fail with a one-line error when descriptors run out, but libdispatch, which
/// runs the concurrent reads, stops the process with SIGILL when it cannot open its own.
public enum FileDescriptorBudget {
    /// How many descriptors a run may hold at once: one file read per processor, a directory
    /// being listed, and libdispatch's event descriptors, with room to spare.
    static var needed: Int { ProcessInfo.processInfo.activeProcessorCount + 8 }

    /// The error to report when fewer than `needed` descriptors can be opened now; nil when
    /// there are enough.
    public static func shortage() -> String? {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        while opened.count < needed {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                guard errno == EMFILE || errno == ENFILE else { return nil }
                var limit = rlimit()
                getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
                return "too few file descriptors: choosy-data needs \(needed) free and could open \(opened.count) "
                    + "(the limit is \(limit.rlim_cur)); raise it with 'ulimit -n' and run again"
            }
            opened.append(descriptor)
        }
        return nil
    }
}
