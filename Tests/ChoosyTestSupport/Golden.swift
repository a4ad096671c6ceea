import Foundation
import Testing

/// Compares output with a golden file under the caller's test target's Fixtures/golden (or another
/// folder of Fixtures, such as the rule snapshots' `rules`; or of `fixtures`, such as
/// `TestPaths.sharedFixtures` for a golden file the tests of several targets compare with).
/// With `RECORD_GOLDEN=1` in the environment it writes the file instead and fails, so a recording
/// is never mistaken for a pass.
package func expectMatchesGolden(
    _ actual: String, _ name: String, under folder: String = "golden", in fixtures: URL? = nil, filePath: String = #filePath,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let url = (fixtures ?? TestPaths.fixtures(filePath: filePath)).appendingPathComponent(folder).appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded golden file \(name); run again without RECORD_GOLDEN", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("missing golden file \(name); record it with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "output differs from golden file \(name)", sourceLocation: sourceLocation)
}
