import Foundation
import Synchronization

/// Threads started for one piece of work, each running the same body, and joined before the
/// work is done. Started with pthreads rather than libdispatch: when the system refuses a
/// thread (too little address space under `ulimit -v`, too many threads), libdispatch sleeps
/// and retries forever, so a run under a tight limit hung; here the thread is simply not
/// started, and the callers do the work on fewer threads, down to the calling one alone.
///
/// All the work of the process shares one budget of threads, one fewer than the cores (the
/// calling thread works too): a map inside a map gets what the outer one left, instead of a
/// thread per core for each of its threads, as libdispatch's pool had bounded it.
package struct WorkerThreads {
    private var threads: [pthread_t] = []
    /// How many of the threads came from the budget, and go back to it when joined.
    private var budgeted = 0

    /// How many threads started; fewer than asked when the budget or the system refused some.
    var count: Int { threads.count }

    /// Threads the process may still start for work, shared by every `WorkerThreads`.
    private static let budget = Atomic<Int>(max(ProcessInfo.processInfo.activeProcessorCount - 1, 0))
    /// Each thread's stack: what libdispatch's workers had with the usual `ulimit -s`, so that
    /// the parsers' nesting limits hold whatever the shell's stack limit is.
    private static let stackSize = 8 << 20

    /// Starts up to `count` threads, each running `body`, as the budget allows. With
    /// `standingInForCaller`, the first is outside the budget: it does the share of a calling
    /// thread that is busy with something else meanwhile (consuming the results).
    package init(count: Int, standingInForCaller: Bool = false, running body: @escaping @Sendable () -> Void) {
        let work = Work(body)
        for index in 0..<max(count, 0) {
            let fromBudget = !(standingInForCaller && index == 0)
            guard !fromBudget || Self.take() else { break }
            guard let thread = Self.start(work) else {
                if fromBudget { Self.budget.add(1, ordering: .relaxed) }
                break
            }
            threads.append(thread)
            if fromBudget { budgeted += 1 }
        }
    }

    /// One thread outside the budget, for work that must run beside the caller's whatever the
    /// budget (reading one pipe while the caller reads another); nil when the system refused it.
    package init?(dedicatedTo body: @escaping @Sendable () -> Void) {
        guard let thread = Self.start(Work(body), stackSize: Self.smallStackSize) else { return nil }
        threads = [thread]
    }

    /// Waits until every started thread has returned from the body, and gives the threads
    /// back to the budget.
    package func join() {
        for thread in threads { pthread_join(thread, nil) }
        Self.budget.add(budgeted, ordering: .relaxed)
    }

    /// Runs `body` on a thread of its own that is never joined and is not counted in the
    /// budget (one that waits for the whole run); false when the system refused the thread.
    /// With `parsing`, the thread has a worker's stack, on which the parsers' nesting limits
    /// hold (the language server's linting thread).
    package static func detach(parsing: Bool = false, _ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = start(Work(body), stackSize: parsing ? stackSize : smallStackSize) else { return false }
        pthread_detach(thread)
        return true
    }

    /// Makes the calling thread, and the workers it starts from then on (they inherit it),
    /// give way to the process's other threads: nice 10, which the scheduler weighs a tenth
    /// of the default. The language server's diagnostics thread lints at it, so that the thread
    /// answering the editor gets a core when it needs one, and the lint every other moment.
    /// Does nothing where the system does not allow it.
    package static func giveWayToOtherThreads() {
        #if os(Linux)
        // Linux keeps a nice value per thread; setpriority takes the thread's id, which
        // /proc/thread-self names ("PID/task/TID").
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/thread-self", &link, link.count - 1)
        guard length > 0 else { return }
        let path = String(decoding: link[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let threadID = path.split(separator: "/").last.flatMap({ id_t($0) }) else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), threadID, backgroundNiceness)
        #endif
    }

    /// The nice value of `giveWayToOtherThreads`.
    static let backgroundNiceness: Int32 = 10

    /// The stack of a thread that only waits and reads.
    private static let smallStackSize = 256 << 10

    /// Takes one thread from the budget; false when none is left.
    private static func take() -> Bool {
        var available = budget.load(ordering: .relaxed)
        while available > 0 {
            let (exchanged, current) = budget.compareExchange(expected: available, desired: available - 1, ordering: .relaxed)
            if exchanged { return true }
            available = current
        }
        return false
    }

    private static func start(_ work: Work, stackSize: Int = WorkerThreads.stackSize) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(work).toOpaque()
        let status = pthread_create(&thread, &attributes, { context in
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
