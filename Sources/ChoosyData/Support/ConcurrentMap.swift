import Dispatch

extension Array where Element: Sendable {
    /// `map` with the calls spread over the machine's cores. The results keep the elements'
    /// order, so what a caller builds from them does not depend on how the calls were
    /// scheduled; `transform` must be safe to run for two elements at once.
    func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        return [Result](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let results = ResultSlots(base: buffer.baseAddress!)
            // Each call writes only its own slot, and concurrentPerform returns after the last.
            DispatchQueue.concurrentPerform(iterations: count) { index in
                results.base.advanced(by: index).initialize(to: transform(self[index]))
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

extension Array where Element: Sendable {
    /// `concurrentMap` over `batchSize` elements at a time, handing each element and its result
    /// to `consume` in order: the work spreads over the cores, and whatever `consume` does
    /// (writing files) happens one element at a time, in order, on the calling thread. The next
    /// batch is mapped while `consume` works through the current one, so a core is not left
    /// idle while files are written; no more than two batches of results are ever held. When
    /// `consume` throws, the walk stops at that element, once the batch being mapped is done.
    func forEachConcurrentlyMapped<Result: Sendable, Failure: Error>(
        batchSize: Int, _ transform: @Sendable (Element) -> Result, _ consume: (Element, Result) throws(Failure) -> Void
    ) throws(Failure) {
        let batches = stride(from: 0, to: count, by: batchSize).map { Array(self[$0..<Swift.min($0 + batchSize, count)]) }
        guard let first = batches.first else { return }
        try withoutActuallyEscaping(transform) { (transform) throws(Failure) in
            var results = first.concurrentMap(transform)
            for (index, batch) in batches.enumerated() {
                let next = MappedBatch<Result>()
                let mapping = DispatchGroup()
                if index + 1 < batches.count {
                    let following = batches[index + 1]
                    DispatchQueue.global().async(group: mapping) { next.results = following.concurrentMap(transform) }
                }
                // `transform` must not outlive this call, whichever way the batch ends.
                defer { mapping.wait() }
                for (element, result) in zip(batch, results) {
                    try consume(element, result)
                }
                mapping.wait()
                results = next.results ?? []
            }
        }
    }
}

/// The results of the batch mapped while the previous one is consumed: written by the mapping
/// before its group is left, read only after waiting for the group, which orders the two.
private final class MappedBatch<Result>: @unchecked Sendable {
    var results: [Result]?
}
