import Foundation

/// Threads started for one piece of work, each running the same body, and joined before the
/// work is done. Started with pthreads rather than libdispatch: when the system refuses a
/// thread (too little address space under `ulimit -v`, too many threads), libdispatch sleeps
/// and retries forever, so a run under a tight limit hung; here the thread is simply not
/// started, and the callers do the work on fewer threads, down to the calling one alone.
struct WorkerThreads {
    private var threads: [pthread_t] = []

    /// How many threads started; fewer than asked when the system refused some.
    var count: Int { threads.count }

    /// Starts up to `count` threads, each running `body`.
    init(count: Int, running body: @escaping @Sendable () -> Void) {
        let work = Work(body)
        for _ in 0..<max(count, 0) {
            guard let thread = Self.start(work) else { break }
            threads.append(thread)
        }
    }

    /// Waits until every started thread has returned from the body.
    func join() {
        for thread in threads { pthread_join(thread, nil) }
    }

    /// Runs `body` on a thread of its own that is never joined (one that waits for the whole
    /// run); false when the system refused the thread.
    static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = start(Work(body)) else { return false }
        pthread_detach(thread)
        return true
    }

    private static func start(_ work: Work) -> pthread_t? {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(work).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return thread
    }

    /// The body, as an object a thread's C entry point can be handed.
    private final class Work: Sendable {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
