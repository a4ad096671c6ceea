import Foundation

extension Array where Element: Sendable {
    /// `map` with the calls spread over the machine's cores. The results keep the elements'
    /// order, so what a caller builds from them does not depend on how the calls were
    /// scheduled; `transform` must be safe to run for two elements at once. The calling
    /// thread maps too, so the map completes however few threads the system grants.
    package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        return [Result](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let results = ResultSlots(base: buffer.baseAddress!)
            let indices = IndexDispenser(count: count)
            // Each call writes only its own slot, and every worker is joined before the
            // results are read.
            withoutActuallyEscaping(transform) { transform in
                let mapRemaining: @Sendable () -> Void = {
                    while let index = indices.next() {
                        results.base.advanced(by: index).initialize(to: transform(self[index]))
                    }
                }
                let workers = WorkerThreads(count: Swift.min(ProcessInfo.processInfo.activeProcessorCount, count) - 1, running: mapRemaining)
                mapRemaining()
                workers.join()
            }
            initializedCount = count
        }
    }
}

/// The result buffer of one `concurrentMap`, shared by its calls: each writes a slot no other
/// call touches, which is what makes the unchecked conformance true.
private struct ResultSlots<Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>
}

/// The indices of one `concurrentMap`, each handed out once, in order.
private final class IndexDispenser: @unchecked Sendable {
    // Read and written under `lock` (a pthread mutex, which ThreadSanitizer sees).
    private var nextIndex = 0
    private let lock = NSLock()
    private let count: Int

    init(count: Int) {
        self.count = count
    }

    /// The next index not yet handed out; nil once all are.
    func next() -> Int? {
        lock.withLock {
            guard nextIndex < count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }
}

extension Array where Element: Sendable {
    /// `concurrentMap` handing each element and its result to `consume` in order, as soon as
    /// that result and those before it are ready: the mapping spreads over the cores while
    /// whatever `consume` does (writing files) happens one element at a time, in order, on the
    /// calling thread. No more than `window` results are mapped ahead of the one being consumed,
    /// which bounds what is held. When `consume` throws, nothing more is mapped and the walk
    /// stops at that element, once the mappings under way are done.
    package func forEachConcurrentlyMapped<Result: Sendable, Failure: Error>(
        window: Int, _ transform: @Sendable (Element) -> Result, _ consume: (Element, Result) throws(Failure) -> Void
    ) throws(Failure) {
        guard count > 1 else {
            for element in self { try consume(element, transform(element)) }
            return
        }
        try withoutActuallyEscaping(transform) { (transform) throws(Failure) in
            let pipeline = MappingPipeline<Result>(count: count, window: window)
            let workers = WorkerThreads(count: Swift.min(ProcessInfo.processInfo.activeProcessorCount, count), standingInForCaller: true) {
                while let index = pipeline.nextIndex() {
                    pipeline.deliver(transform(self[index]), at: index)
                }
            }
            // No thread to map on: the calling thread maps each element before consuming it.
            guard workers.count > 0 else {
                workers.join()
                for element in self { try consume(element, transform(element)) }
                return
            }
            // `transform` must not outlive this call, whichever way the walk ends.
            defer {
                pipeline.stop()
                workers.join()
            }
            for index in indices {
                try consume(self[index], pipeline.take(index))
            }
        }
    }
}

/// The results of one `forEachConcurrentlyMapped`, shared by its workers and its consumer.
/// A worker takes the next index once fewer than `window` results wait ahead of the consumer;
/// each result is written to its own slot before its semaphore is signalled, and read only
/// after waiting for it, which orders the two (hence the unchecked conformance).
private final class MappingPipeline<Result>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Result>
    private let ready: [DispatchSemaphore]
    /// Permits to map one more element ahead of the consumer.
    private let room: DispatchSemaphore
    private let window: Int
    /// The next index to map, or nil once stopped; read and written under `lock` (a pthread
    /// mutex, which ThreadSanitizer sees, unlike `Mutex`'s futex).
    private var next: Int? = 0
    private let lock = NSLock()
    private let count: Int

    init(count: Int, window: Int) {
        self.count = count
        self.window = Swift.max(window, 1)
        slots = .allocate(capacity: count)
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        room = DispatchSemaphore(value: self.window)
    }

    /// Results delivered and never taken (after a stop) are released with the slots.
    deinit {
        for index in 0..<count where ready[index].wait(timeout: .now()) == .success {
            (slots + index).deinitialize(count: 1)
        }
        slots.deallocate()
    }

    /// The next index to map, once there is room for it; nil when all are taken or stopped.
    func nextIndex() -> Int? {
        room.wait()
        let index: Int? = lock.withLock {
            guard let index = next, index < count else { return nil }
            next = index + 1
            return index
        }
        if index == nil { room.signal() }
        return index
    }

    func deliver(_ result: Result, at index: Int) {
        (slots + index).initialize(to: result)
        ready[index].signal()
    }

    /// The result at `index`, once delivered; it leaves the pipeline, making room for one more.
    func take(_ index: Int) -> Result {
        ready[index].wait()
        let result = (slots + index).move()
        room.signal()
        return result
    }

    /// Maps nothing more; workers waiting for room are let go.
    func stop() {
        lock.withLock { next = nil }
        for _ in 0..<window { room.signal() }
    }
}
