import Foundation

/// When the diagnostics thread lints next: a change asks for a run a little later, and each
/// further change before then moves the run back (debouncing), so typing lints once per pause —
/// but never later than `longestWait` after the first change not yet linted, so that a user
/// typing without a pause still sees diagnostics.
final class DiagnosticsScheduler: @unchecked Sendable {
    /// The longest a change waits for a run while changes keep coming.
    static let longestWait: TimeInterval = 0.5

    // `due` and `pendingSince` are read and written only with `condition` locked.
    private let condition = NSCondition()
    private var due: Date?
    /// When the first change the next run takes in was asked for.
    private var pendingSince: Date?

    /// When a run asked for `delay` after `now` is due, the first change it takes in having been
    /// asked for at `pendingSince`.
    static func due(now: Date, delay: TimeInterval, pendingSince: Date) -> Date {
        min(now.addingTimeInterval(delay), pendingSince.addingTimeInterval(longestWait))
    }

    /// Asks for a run `delay` seconds from now, in place of one asked for earlier.
    func schedule(after delay: TimeInterval) {
        condition.lock()
        let now = Date()
        let since = pendingSince ?? now
        pendingSince = since
        due = Self.due(now: now, delay: delay, pendingSince: since)
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
                pendingSince = nil
                return
            }
            _ = condition.wait(until: due)
        }
    }
}
