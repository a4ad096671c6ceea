import ChoosyTestSupport
import Foundation
import Testing

/// What contributors see for the schema fixtures' mistakes, end to end: the golden file is
/// the place to review the wording of every schema message and hint.
struct SchemaRuleTests {
    /// Each file is linted on its own (they all define "email"), as a contributor's single
    /// file would be.
    @Test func invalidFixturesAreReportedReadably() throws {
        let directory = "Tests/Fixtures/schema/invalid"
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.packageRoot.appendingPathComponent(directory).path)
            .sorted().map { "\(directory)/\($0)" }
        let outcome = try ToolRunner.run(["lint"] + files)
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/schema-invalid.txt")
    }

    /// The valid fixtures are small made-up files that other rules may comment on (file
    /// names, unused parameters); the schema rule must have nothing to say.
    @Test func validFixturesHaveNoSchemaFindings() throws {
        let outcome = try ToolRunner.run(["lint", "--format", "json", "Tests/Fixtures/schema/valid"])
        #expect(outcome.standardOutput.contains("\"files\": 17"))
        #expect(!outcome.standardOutput.contains("\"rule\": \"schema\""))
    }
}
