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
    /// to `consume` in order before the next batch starts: the work spreads over the cores,
    /// whatever `consume` does (writing files) happens one element at a time, in order, and no
    /// more than a batch of results is ever held.
    func forEachConcurrentlyMapped<Result: Sendable, Failure: Error>(
        batchSize: Int, _ transform: @Sendable (Element) -> Result, _ consume: (Element, Result) throws(Failure) -> Void
    ) throws(Failure) {
        for batchStart in stride(from: 0, to: count, by: batchSize) {
            let batch = Array(self[batchStart..<Swift.min(batchStart + batchSize, count)])
            for (element, result) in zip(batch, batch.concurrentMap(transform)) {
                try consume(element, result)
            }
        }
    }
}
