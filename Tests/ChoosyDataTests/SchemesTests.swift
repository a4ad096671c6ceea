import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint

/// `schemes`: the LSApplicationQueriesSchemes of the merged catalog.
struct SchemesTests {
    @Test(arguments: [("plist", "schemes.plist"), ("plist-fragment", "schemes-fragment.plist"), ("json", "schemes.json"), ("text", "schemes.txt")])
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
        let scratch = try ScratchDirectory("schemes")
        let catalog = scratch.file("schemes")
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
        #expect(outcome.standardError.hasPrefix("Error: unknown app type 'twiter' (did you mean 'twitter'?); valid values are: browser, email, maps, twitter\n"))
    }

    @Test func plistEscapesXML() {
        #expect(QueriedSchemes.fragment(["a&b<c"]) == "<key>LSApplicationQueriesSchemes</key>\n<array>\n\t<string>a&amp;b&lt;c</string>\n</array>\n")
    }

    /// The "Done when" scenario: an Info.plist whose list misses two schemes (and lists one of
    /// the app's own, in another order). `--check` names both and exits 1; `--write` adds them
    /// and every other byte stays; `--check` then agrees.
    @Test func checkNamesTheMissingSchemesAndWriteAddsThem() throws {
        let scratch = try ScratchDirectory("plist")
        let directory = scratch.url
        let path = directory.appendingPathComponent("Info.plist").path
        let original = InfoPlistText.header + """
            <dict>
            \t<key>CFBundleDisplayName</key>
            \t<string>Demo</string>
            \t<key>LSApplicationQueriesSchemes</key>
            \t<array>
            \t\t<!-- The app's own: it opens its web view with it. -->
            \t\t<string>waze</string>
            \t\t<string>myown</string>
            \t</array>
            \t<key>NSCameraUsageDescription</key>
            \t<string>Scans &lt;codes&gt;</string>
            </dict>
            </plist>

            """
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        let data = TestPaths.packageRoot.appendingPathComponent("data")

        let check = try ToolRunner.run(["schemes", "maps", "browser", "--check", path], in: data)
        #expect(check.status == 1, "\(check.standardError)")
        #expect(check.standardOutput == """
            \(path): LSApplicationQueriesSchemes misses 2 schemes the catalog needs:
              + comgooglemaps-x-callback
              + googlechrome-x-callback
            Fix: choosy-data schemes maps browser --write \(path)

            """)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)

        // The app's own entry and the comment stay: an Info.plist belongs to the whole app.
        let write = try ToolRunner.run(["schemes", "maps", "browser", "--write", path], in: data)
        #expect(write.status == 0, "\(write.standardError)")
        #expect(write.standardOutput == "\(path): added comgooglemaps-x-callback, googlechrome-x-callback\n")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == original.replacingOccurrences(
            of: "<string>myown</string>\n", with: "<string>myown</string>\n\t\t<string>comgooglemaps-x-callback</string>\n\t\t<string>googlechrome-x-callback</string>\n"))
        #expect(try InfoPlistText.parsedByPlistlib(written) == #"{"CFBundleDisplayName": "Demo", "LSApplicationQueriesSchemes": "#
            + #"["waze", "myown", "comgooglemaps-x-callback", "googlechrome-x-callback"], "NSCameraUsageDescription": "Scans <codes>"}"#)

        let again = try ToolRunner.run(["schemes", "maps", "browser", "--check", path], in: data)
        #expect(again.status == 0)
        #expect(again.standardOutput == "\(path): LSApplicationQueriesSchemes lists the 3 schemes the catalog needs (and 1 entry of the app's own, kept)\n")

        // With --prune the app's own entry is a difference, and --write says it removes it; the
        // comment stays.
        let strict = try ToolRunner.run(["schemes", "maps", "browser", "--check", path, "--prune"], in: data)
        #expect(strict.status == 1)
        #expect(strict.standardOutput.hasSuffix("""
            LSApplicationQueriesSchemes lists 1 scheme maps and browser do not need:
              - myown
            Fix: choosy-data schemes maps browser --write \(path) --prune (leave out --prune if the app queries those schemes itself)

            """))
        let removing = try ToolRunner.run(["schemes", "maps", "browser", "--write", path, "--prune"], in: data)
        #expect(removing.standardOutput == "\(path): removed myown (the catalog does not list them, and --prune was given)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == written.replacingOccurrences(of: "\t\t<string>myown</string>\n", with: ""))
        #expect(try InfoPlistText.parsedByPlistlib(String(contentsOfFile: path, encoding: .utf8)).contains(
            #""LSApplicationQueriesSchemes": ["waze", "comgooglemaps-x-callback", "googlechrome-x-callback"]"#))
    }

    /// `--check`'s suggested command writes what was checked: the same app types, catalog and
    /// client, and says which app types do not need an extra entry.
    @Test func checkSuggestsTheWriteOfTheSameSelection() throws {
        let scratch = try ScratchDirectory("schemes")
        let path = scratch.file("schemes a.plist").path
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>LSApplicationQueriesSchemes</key>
            \t<array>
            \t\t<string>waze</string>
            \t</array>
            </dict>
            </plist>

            """.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try ToolRunner.run(["schemes", "twitter", "--check", path, "-C", "data", "--client", "rfc3986", "--prune"])
        #expect(check.status == 1, "\(check.standardError)")
        #expect(check.standardOutput.contains("\(path): LSApplicationQueriesSchemes lists 1 scheme twitter does not need:\n  - waze\n"))
        #expect(check.standardOutput.hasSuffix(
            "Fix: choosy-data schemes twitter -C data --client rfc3986 --write '\(path)' --prune (leave out --prune if the app queries those schemes itself)\n"))
    }

    @Test func unreadablePlistIsAnErrorAndLeavesTheFile() throws {
        let scratch = try ScratchDirectory("bplist")
        let path = scratch.file("bplist.plist").path
        let binary = Data("bplist00".utf8) + Data([0xD0, 0x08])
        try binary.write(to: URL(fileURLWithPath: path))
        let outcome = try ToolRunner.run(["schemes", "--write", path], in: TestPaths.packageRoot.appendingPathComponent("data"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: \(path):1:1: is a binary property list; choosy-data reads XML plists only: "
            + "convert it with 'plutil -convert xml1 \(path)' (Xcode reads either), then run again\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == binary)
    }

    /// A write that cannot happen (here a file with a second hard link, which the atomic
    /// writer refuses; chmod would not stop root) is exit 2 with the reason, the file as it was.
    @Test func failedWriteLeavesThePlist() throws {
        let scratch = try ScratchDirectory("plist")
        let directory = scratch.url
        let path = directory.appendingPathComponent("Info.plist").path
        let original = "<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n"
        try original.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.linkItem(atPath: path, toPath: directory.appendingPathComponent("Other.plist").path)
        let outcome = try ToolRunner.run(["schemes", "maps", "--write", path], in: TestPaths.packageRoot.appendingPathComponent("data"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: \(path): has 2 hard links; writing it would leave the others with the old text "
            + "(remove the other links, or work on a copy); the file was left as it was\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
    }

    @Test(arguments: [
        (["--check", "a", "--write", "b"], "--check and --write exclude each other; give one"),
        (["--keep-extra"], "--keep-extra applies to --check PLIST or --write PLIST; give one of them"),
        (["--prune"], "--prune applies to --check PLIST or --write PLIST; give one of them"),
        (["--check", "a", "--prune", "--keep-extra"], "--prune removes the entries --keep-extra keeps; give one of them"),
        (["--check", "a", "--format", "json"], "--format prints the list; with --check or --write it has no effect, so leave it out"),
    ])
    func conflictingOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let outcome = try ToolRunner.run(["schemes"] + arguments, in: TestPaths.packageRoot.appendingPathComponent("data"))
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: \(message)\n"))
    }

    /// A catalog whose app types need more than 50 schemes: a warning on standard error naming
    /// the costliest types; the list is printed all the same and the exit code stays 0.
    @Test func overTheLimitWarnsAndStillPrints() throws {
        let scratch = try ScratchDirectory("limit")
        let catalog = scratch.file("limit")
        try FileManager.default.createDirectory(at: catalog.appendingPathComponent("server"), withIntermediateDirectories: true)
        try "version: 1\nlayers:\n  - name: server\n    path: server\n".write(to: catalog.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
        for (type, count) in [("big", 40), ("small", 15)] {
            let apps = (0..<count).map { #"{"key": "a\#($0)", "app_url_scheme": "\#(type)\#($0):"}"# }.joined(separator: ", ")
            try #"[{"key": "\#(type)", "apps": [\#(apps)]}]"#.write(to: catalog.appendingPathComponent("server/\(type).json"), atomically: true, encoding: .utf8)
        }
        let outcome = try ToolRunner.run(["schemes", "--format", "text"], in: catalog)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.split(separator: "\n").count == 55)
        #expect(outcome.standardError == "warning: 55 entries in LSApplicationQueriesSchemes exceed the 50 that an app linked on or after iOS 15 may list "
            + "(canOpenURL cannot be relied on for the others); the app types that cost the most: big (40), small (15); "
            + "list only the app types the app uses (choosy-data schemes TYPE ...)\n")
        #expect(try ToolRunner.run(["schemes", "big", "--format", "text"], in: catalog).standardError == "")
    }
}
