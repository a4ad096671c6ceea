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

    /// A server layer that changes a built-in app's scheme: the shipped client keeps the
    /// built-in one, which the app must declare; a fixed client takes the server's.
    @Test func schemesAreThoseOfTheClientsMerge() throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("choosy-schemes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: catalog) }
        for layer in ["builtin", "server"] {
            try FileManager.default.createDirectory(at: catalog.appendingPathComponent(layer), withIntermediateDirectories: true)
        }
        let config = catalog.appendingPathComponent(".choosy-data.yml")
        try "version: 1\nlayers:\n  - name: builtin\n    path: builtin\n  - name: server\n    path: server\n".write(to: config, atomically: true, encoding: .utf8)
        try #"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "old:"}]}]"#
            .write(to: catalog.appendingPathComponent("builtin/t.json"), atomically: true, encoding: .utf8)
        try #"[{"key": "t", "apps": [{"key": "a", "app_url_scheme": "new:"}, {"key": "b", "app_url_scheme": "added:"}]}]"#
            .write(to: catalog.appendingPathComponent("server/t.json"), atomically: true, encoding: .utf8)
        let shipped = try ToolRunner.run(["schemes", "--format", "text", "--config", config.path])
        let fixed = try ToolRunner.run(["schemes", "--format", "text", "--config", config.path, "--client", "rfc3986"])
        #expect(shipped.standardOutput == "added\nold\n")
        #expect(fixed.standardOutput == "added\nnew\n")
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
