import Foundation

/// When the diagnostics thread lints next: a change asks for a run a little later, and each
/// further change before then moves the run back (debouncing), so typing lints once per pause.
final class DiagnosticsScheduler: @unchecked Sendable {
    // `due` is read and written only with `condition` locked.
    private let condition = NSCondition()
    private var due: Date?

    /// Asks for a run `delay` seconds from now, in place of one asked for earlier.
    func schedule(after delay: TimeInterval) {
        condition.lock()
        due = Date(timeIntervalSinceNow: delay)
        condition.signal()
        condition.unlock()
    }

    /// Waits until a run asked for is due, and takes it.
    func waitUntilDue() {
        condition.lock()
        defer { condition.unlock() }
        while true {
            guard let due else {
                condition.wait()
                continue
            }
            if due <= Date() {
                self.due = nil
                return
            }
            _ = condition.wait(until: due)
        }
    }
}
