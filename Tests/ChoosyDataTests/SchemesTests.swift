@testable import ChoosyData
import Foundation
import Testing

/// `schemes`: the LSApplicationQueriesSchemes of the merged catalog.
struct SchemesTests {
    @Test(arguments: [("plist", "schemes.plist"), ("json", "schemes.json"), ("text", "schemes.txt")])
    func formatsMatchGoldenFiles(format: String, golden: String) throws {
        let outcome = try ToolRunner.run(["schemes", "--format", format], in: TestPaths.packageRoot.appendingPathComponent("data"))
        #expect(outcome.status == 0, "\(outcome.standardError)")
        try expectMatchesGolden(outcome.standardOutput, "e2e/\(golden)")
    }

    @Test func typesSelectTheirAppsAndWebSchemesAreLeftOut() throws {
        let outcome = try ToolRunner.run(["schemes", "browser", "maps", "--format", "text"], in: TestPaths.packageRoot.appendingPathComponent("data"))
        // Safari (http:) and Apple Maps (http://maps.apple.com/) need no declaration.
        #expect(outcome.standardOutput == "comgooglemaps-x-callback\ngooglechrome-x-callback\nwaze\n")
    }

    @Test func unknownTypeListsTheValidOnes() throws {
        let outcome = try ToolRunner.run(["schemes", "twiter"], in: TestPaths.packageRoot.appendingPathComponent("data"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: unknown app type 'twiter'; the catalog has: browser, email, maps, twitter\n"))
    }

    @Test func plistEscapesXML() {
        #expect(QueriedSchemes.plist(["a&b<c"]) == "<key>LSApplicationQueriesSchemes</key>\n<array>\n\t<string>a&amp;b&lt;c</string>\n</array>\n")
    }
}
