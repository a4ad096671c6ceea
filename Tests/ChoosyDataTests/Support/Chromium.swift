import ChoosyTestSupport
import Foundation

/// Headless Chromium driven over the DevTools protocol by Fixtures/site/chromium.py: loads
/// pages, reports their console errors and dialogs, and evaluates an expression in each.
enum Chromium {
    struct Visit: Encodable {
        let url: String
        var expression: String?
        /// Loads the page as if it had no Content-Security-Policy, to test escaping on its own.
        var bypassCSP = false
        /// The viewport in CSS pixels; a width under 600 emulates a phone. Nil: Chromium's default.
        var width: Int? = nil
        var height: Int? = nil
        /// `light` or `dark`: the `prefers-color-scheme` the page sees.
        var colorScheme: String? = nil
        /// Where to save a PNG of the whole page, taken after the expression ran.
        var screenshot: String? = nil
        /// Runs the expression as a user's action (clipboard access needs one).
        var userGesture = false
        /// The expression leads to another page: wait for it to load and say where it is.
        var navigates = false
    }

    struct Result<Value: Decodable>: Decodable {
        let url: String
        let errors: [String]
        let dialogs: [String]
        let result: Value?
        /// The address of the page the expression led to, for a visit that `navigates`.
        var landedAt: String? = nil
    }

    private struct Job: Encodable { let visits: [Visit] }

    /// An expression value the caller does not read.
    struct Ignored: Decodable {}

    static let driver = TestPaths.fixture("site/chromium.py")

    /// Runs the visits in one browser, in order.
    static func visit<Value: Decodable>(_ visits: [Visit], returning _: Value.Type = Ignored.self) throws -> [Result<Value>] {
        let outcome = try ProgramRunner.run(
            ["python3", driver.path], program: URL(fileURLWithPath: "/usr/bin/env"),
            standardInput: try JSONEncoder().encode(Job(visits: visits)))
        guard outcome.status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "chromium.py failed: \(outcome.standardError)"])
        }
        return try JSONDecoder().decode([Result<Value>].self, from: Data(outcome.standardOutput.utf8))
    }
}
