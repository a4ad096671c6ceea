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
