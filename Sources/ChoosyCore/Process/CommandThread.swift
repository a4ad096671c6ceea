/// Runs a command's whole run on a thread with a worker's stack (8 MiB), the calling thread
/// waiting for it. The main thread's stack is whatever `ulimit -s` the shell set (1 MiB is
/// common), too small for a file nested as deep as the parsers allow; on a thread of the
/// run's own, their nesting limits hold whatever the shell's limit.
public enum CommandThread {
    /// `body`'s result, computed on the thread; on the calling thread when the system refuses it.
    public static func run<Result>(_ body: () -> Result) -> Result {
        withoutActuallyEscaping(body) { body in
            let call = Call(body)
            let thread = WorkerThreads(count: 1, standingInForCaller: true) { call.run() }
            guard thread.count == 1 else { return body() }
            thread.join()
            return call.result!
        }
    }

    /// The body and its result, handed to the thread. Unchecked: the calling thread touches
    /// neither until it has joined the thread.
    private final class Call<Result>: @unchecked Sendable {
        let body: () -> Result
        var result: Result?

        init(_ body: @escaping () -> Result) {
            self.body = body
        }

        package func run() {
            result = body()
        }
    }
}
