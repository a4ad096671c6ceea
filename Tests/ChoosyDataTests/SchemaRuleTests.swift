import Testing

/// What contributors see for the schema fixtures' mistakes, end to end: the golden file is
/// the place to review the wording of every schema message and hint.
struct SchemaRuleTests {
    @Test func invalidFixturesAreReportedReadably() throws {
        let outcome = try ToolRunner.run(["lint", "Tests/ChoosyDataTests/Fixtures/schema/invalid"])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/schema-invalid.txt")
    }

    @Test func validFixturesLintClean() throws {
        let outcome = try ToolRunner.run(["lint", "Tests/ChoosyDataTests/Fixtures/schema/valid"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "16 files checked, no problems found.\n")
    }
}
