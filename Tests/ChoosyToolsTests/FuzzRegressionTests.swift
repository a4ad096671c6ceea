import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyTools

/// Replays the saved inputs of each fuzz target (Fixtures/fuzz/TARGET: hand-written examples and
/// every crash `make fuzz` found) through the same checks the fuzzer runs, so a fixed crash stays
/// fixed and the harnesses keep compiling.
struct FuzzRegressionTests {
    static let inputs: [(target: FuzzTarget, name: String)] = FuzzTarget.allCases.flatMap { target in
        let directory = TestPaths.fixture("fuzz/\(target.rawValue)").path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().map { (target, $0) }
    }

    @Test func everyTargetHasInputs() {
        for target in FuzzTarget.allCases {
            #expect(Self.inputs.contains { $0.target == target }, "no saved input for \(target.rawValue)")
        }
    }

    @Test(arguments: inputs.map { "\($0.target.rawValue)/\($0.name)" })
    func savedInputKeepsEveryInvariant(_ path: String) throws {
        let target = try #require(FuzzTarget(rawValue: String(path.prefix { $0 != "/" })))
        let bytes = try [UInt8](Data(contentsOf: TestPaths.fixture("fuzz/\(path)")))
        #expect(target.check(bytes) == nil)
    }
}
