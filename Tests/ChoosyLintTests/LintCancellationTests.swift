import ChoosyTestSupport
import Foundation
import Synchronization
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint

/// A lint an editor no longer wants stops between its steps and gives nothing, never a part
/// of its findings; one that is wanted throughout gives what `lint` gives.
struct LintCancellationTests {
    static let context: LintContext = {
        let loader = CatalogLoader(trustedDirectories: TestPaths.trustedDirectories)
        return LintContext(catalog: try! loader.load(configPath: TestPaths.upstreamConfig.path))
    }()

    @Test func aLintWantedThroughoutGivesWhatLintGives() {
        let asked = Mutex(0)
        let report = Linter.lint(Self.context) {
            asked.withLock { $0 += 1 }
            return false
        }
        #expect(report?.findings == Linter.lint(Self.context).findings)
        #expect(asked.withLock { $0 } > Linter.rules.count, "asked before each rule and each app")
    }

    /// Cancelled at the first question, halfway, or at the last: nothing.
    @Test(arguments: [0.0, 0.5, 1.0])
    func aLintCancelledAtAnyStepGivesNothing(atFractionOfItsQuestions fraction: Double) {
        let questions = Mutex(0)
        _ = Linter.lint(Self.context) { questions.withLock { $0 += 1 }; return false }
        let cancelAt = max(1, Int(Double(questions.withLock { $0 }) * fraction))
        let asked = Mutex(0)
        let report = Linter.lint(Self.context) { asked.withLock { $0 += 1; return $0 >= cancelAt } }
        #expect(report == nil)
    }

    /// The question may change its answer (an editor's "still wanted?" depends on the time);
    /// the first "cancelled" holds, or the findings of a skipped rule would be missing.
    @Test func theFirstCancelHoldsWhenTheQuestionChangesItsMind() {
        let asked = Mutex(0)
        let report = Linter.lint(Self.context) { asked.withLock { $0 += 1; return $0 == 3 } }
        #expect(report == nil)
    }
}
