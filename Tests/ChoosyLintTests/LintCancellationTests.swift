import ChoosyTestSupport
import Foundation
import Synchronization
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint

/// A lint an editor no longer wants stops between its steps and gives nothing, never a part
/// of its findings; one that is wanted throughout gives what `lint` gives.
struct LintCancellationTests {
    /// How many times the lint asked; atomic, which ThreadSanitizer sees (this suite runs under it).
    final class Questions: Sendable {
        private let count = Atomic(0)

        /// Counts one more question and gives how many were asked.
        func ask() -> Int { count.add(1, ordering: .relaxed).newValue }
        var asked: Int { count.load(ordering: .relaxed) }
    }

    static let context: LintContext = {
        let loader = CatalogLoader(trustedDirectories: TestPaths.trustedDirectories)
        return LintContext(catalog: try! loader.load(configPath: TestPaths.upstreamConfig.path))
    }()

    @Test func aLintWantedThroughoutGivesWhatLintGives() {
        let questions = Questions()
        let report = Linter.lint(Self.context) {
            _ = questions.ask()
            return false
        }
        #expect(report?.findings == Linter.lint(Self.context).findings)
        #expect(questions.asked > Linter.rules.count, "asked before each rule and each app")
    }

    /// Cancelled at the first question, halfway, or at the last: nothing.
    @Test(arguments: [0.0, 0.5, 1.0])
    func aLintCancelledAtAnyStepGivesNothing(atFractionOfItsQuestions fraction: Double) {
        let questions = Questions()
        _ = Linter.lint(Self.context) {
            _ = questions.ask()
            return false
        }
        let cancelAt = max(1, Int(Double(questions.asked) * fraction))
        let asked = Questions()
        let report = Linter.lint(Self.context) { asked.ask() >= cancelAt }
        #expect(report == nil)
    }

    /// The question may change its answer (an editor's "still wanted?" depends on the time);
    /// the first "cancelled" holds, or the findings of a skipped rule would be missing.
    @Test func theFirstCancelHoldsWhenTheQuestionChangesItsMind() {
        let asked = Questions()
        let report = Linter.lint(Self.context) { asked.ask() == 3 }
        #expect(report == nil)
    }
}
