import ChoosyTestSupport
import Foundation
import Testing

/// `choosy-data fmt` run as users run it: exit codes, diffs, writes, conversions, stdin.
@Suite(.serialized)
struct FmtEndToEndTests {
    static let messy = "Tests/Fixtures/fmt/messy.json"

    /// A scratch directory holding `files`, removed after `body`.
    static func withScratch(_ files: [String: String], _ body: (URL) throws -> Void) throws {
        let scratch = try ScratchDirectory("fmt-e2e", files: files)
        try body(scratch.url)
    }

    static func canonical(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.sharedFixture("golden/fmt/\(name)"), encoding: .utf8)
    }

    static func read(_ url: URL) -> String? {
        FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func checkPrintsAUnifiedDiffAndExits1() throws {
        let outcome = try ToolRunner.run(["fmt", Self.messy])
        #expect(outcome.status == 1)
        try expectMatchesGolden(outcome.standardOutput, "e2e/fmt-check.diff")
        #expect(outcome.standardError == "1 of 1 files would be reformatted; run 'choosy-data fmt --write' to rewrite them.\n")
        #expect(try ToolRunner.run(["fmt", "--check", Self.messy]).standardOutput == outcome.standardOutput)
    }

    @Test func canonicalFilesExit0Silently() throws {
        try Self.withScratch(["a.json": try Self.canonical("messy.json.json"), "b.yaml": try Self.canonical("messy.json.yaml")]) { directory in
            let outcome = try ToolRunner.run(["fmt", "a.json", "b.yaml"], in: directory)
            #expect(outcome.status == 0, "\(outcome.standardOutput)")
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError.isEmpty)
        }
    }

    @Test func unparsableFilesAreReportedNeverWrittenAndExit2() throws {
        try Self.withScratch(["bad.json": "[1,]\n", "good.json": "[ ]"]) { directory in
            let outcome = try ToolRunner.run(["fmt", "--write", "bad.json", "good.json"], in: directory)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.hasPrefix("bad.json:1:3: error: "))
            #expect(Self.read(directory.appendingPathComponent("bad.json")) == "[1,]\n")
            #expect(Self.read(directory.appendingPathComponent("good.json")) == "[]\n")
        }
    }

    @Test func yamlWithCommentsIsRefusedUnlessDropCommentsIsPassed() throws {
        try Self.withScratch(["a.yaml": "- key: a\n  # why\n  name: A # note\n"]) { directory in
            let refused = try ToolRunner.run(["fmt", "--write", "a.yaml"], in: directory)
            #expect(refused.status == 2)
            #expect(refused.standardError == "a.yaml:2:3: error: fmt would drop 2 comments; move them into a description or pass --drop-comments\n")
            #expect(Self.read(directory.appendingPathComponent("a.yaml")) == "- key: a\n  # why\n  name: A # note\n")
            let dropped = try ToolRunner.run(["fmt", "--write", "--drop-comments", "a.yaml"], in: directory)
            #expect(dropped.status == 0)
            #expect(Self.read(directory.appendingPathComponent("a.yaml")) == "- name: A\n  key: a\n")
        }
    }

    @Test func writeRewritesInPlaceKeepingPermissions() throws {
        try Self.withScratch(["messy.json": try String(contentsOf: TestPaths.packageRoot.appendingPathComponent(Self.messy), encoding: .utf8)]) { directory in
            let file = directory.appendingPathComponent("messy.json")
            chmod(file.path, 0o600)
            let outcome = try ToolRunner.run(["fmt", "--write", "messy.json"], in: directory)
            #expect(outcome.status == 0)
            #expect(outcome.standardOutput == "formatted messy.json\n")
            #expect(Self.read(file) == (try Self.canonical("messy.json.json")))
            #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["messy.json"])
            #expect(try ToolRunner.run(["fmt", "messy.json"], in: directory).status == 0)
        }
    }

    /// Without --write, --to writes nothing: it prints the conversion as a patch (`git apply`
    /// takes it and gives what --write writes) and exits 1; --write converts and removes.
    @Test func toWritesOnlyWithWriteAndOtherwisePrintsThePatch() throws {
        try Self.withScratch(["a.json": try Self.canonical("messy.json.json")]) { directory in
            let patch = try ToolRunner.run(["fmt", "--to", "yaml", "a.json"], in: directory)
            #expect(patch.status == 1, "\(patch.standardError)")
            #expect(patch.standardOutput.hasPrefix("--- a/a.json\n+++ /dev/null\n@@ -1,"))
            #expect(patch.standardOutput.contains("--- /dev/null\n+++ b/a.yaml\n@@ -0,0 +1,"))
            #expect(patch.standardError == "1 of 1 files would be converted; add --write to convert them (fmt writes nothing without it).\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.json"])
            let moved = try ToolRunner.run(["fmt", "--to", "yaml", "--write", "a.json"], in: directory)
            #expect(moved.status == 0)
            #expect(moved.standardOutput == "converted a.json to a.yaml and removed a.json\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.yaml"])
            #expect(Self.read(directory.appendingPathComponent("a.yaml")) == (try Self.canonical("messy.json.yaml")))
        }
        try Self.withScratch(["a.json": try Self.canonical("messy.json.json")]) { directory in
            let patch = try ToolRunner.run(["fmt", "--to", "yaml", "a.json"], in: directory)
            let file = directory.appendingPathComponent("conversion.patch")
            try patch.standardOutput.write(to: file, atomically: true, encoding: .utf8)
            let applied = try ToolRunner.run(["git", "apply", "conversion.patch"], program: URL(fileURLWithPath: "/usr/bin/env"), in: directory)
            #expect(applied.status == 0, "\(applied.standardError)")
            try FileManager.default.removeItem(at: file)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["a.yaml"])
            #expect(Self.read(directory.appendingPathComponent("a.yaml")) == (try Self.canonical("messy.json.yaml")))
        }
    }

    /// The diff is coloured as --color decides (a terminal, FORCE_COLOR, always), never when
    /// piped by default: a patch for `git apply` has no escapes.
    @Test func checkColoursTheDiffOnlyWhenAskedTo() throws {
        let plain = try ToolRunner.run(["fmt", Self.messy], environment: ["NO_COLOR": "", "FORCE_COLOR": ""])
        #expect(plain.status == 1)
        #expect(plain.standardOutput.hasPrefix("--- a/\(Self.messy)\n"))
        #expect(!plain.standardOutput.contains("\u{1B}["))
        let colored = try ToolRunner.run(["fmt", "--color", "always", Self.messy], environment: ["NO_COLOR": ""])
        #expect(colored.status == 1)
        #expect(colored.standardOutput.hasPrefix("\u{1B}[1m--- a/\(Self.messy)\u{1B}[0m\n"))
        #expect(colored.standardOutput.contains("\n\u{1B}[36m@@ "))
        let stripped = colored.standardOutput.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(stripped == plain.standardOutput)
    }

    @Test func toWithoutWriteRefusesADifferentFileInTheWay() throws {
        try Self.withScratch(["a.json": "[]\n", "a.yaml": "- key: other\n"]) { directory in
            let outcome = try ToolRunner.run(["fmt", "--to", "yaml", "a.json"], in: directory)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.hasPrefix("Error: a.yaml: already exists with other content"))
            #expect(Self.read(directory.appendingPathComponent("a.yaml")) == "- key: other\n")
        }
    }

    @Test func toRefusesToOverwriteADifferentFile() throws {
        try Self.withScratch(["a.json": "[]\n", "a.yaml": "- key: other\n"]) { directory in
            let outcome = try ToolRunner.run(["fmt", "--to", "yaml", "--write", "a.json"], in: directory)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.hasPrefix("Error: a.yaml: already exists with other content"))
            #expect(Self.read(directory.appendingPathComponent("a.yaml")) == "- key: other\n")
            #expect(Self.read(directory.appendingPathComponent("a.json")) == "[]\n")
        }
    }

    @Test func standardInputIsFormattedToStandardOutput() throws {
        let input = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(Self.messy))
        let json = try ToolRunner.run(["fmt", "-", "--stdin-filename", "x/messy.json"], standardInput: input)
        #expect(json.status == 0)
        #expect(json.standardOutput == (try Self.canonical("messy.json.json")))
        let yaml = try ToolRunner.run(["fmt", "-", "--stdin-format", "json", "--to", "yaml"], standardInput: input)
        #expect(yaml.standardOutput == (try Self.canonical("messy.json.yaml")))
        let check = try ToolRunner.run(["fmt", "-", "--check", "--stdin-filename", Self.messy], standardInput: input)
        #expect(check.status == 1)
        #expect(check.standardOutput == (try ToolRunner.run(["fmt", Self.messy]).standardOutput))
        let broken = try ToolRunner.run(["fmt", "-", "--stdin-format", "yaml"], standardInput: Data("a: [\n".utf8))
        #expect(broken.status == 2)
        #expect(broken.standardError.hasPrefix("-:2:1: error: "))
    }

    /// Standard input gets the fixes `fmt --write` would apply to the file it stands for: the
    /// config of the catalog around --stdin-filename (or --config) applies.
    @Test func standardInputFollowsTheConfigOfItsCatalog() throws {
        let config = "version: 1\nlayers:\n  - name: server\n    path: app-data\nrules:\n  name-whitespace: off\n"
        let input = Data(#"[{"name": " Padded ", "key": "t"}]"#.utf8)
        try Self.withScratch([".choosy-data.yml": config, "app-data/t.json": "[]\n"]) { directory in
            let inCatalog = try ToolRunner.run(["fmt", "-", "--stdin-filename", "app-data/t.json"], in: directory, standardInput: input)
            #expect(inCatalog.status == 0, "\(inCatalog.standardError)")
            #expect(inCatalog.standardOutput.contains(#""name": " Padded ""#))
            let byConfig = try ToolRunner.run(
                ["fmt", "-", "--stdin-format", "json", "--config", ".choosy-data.yml"], in: directory, standardInput: input)
            #expect(byConfig.standardOutput.contains(#""name": " Padded ""#))
            let outside = try ToolRunner.run(["fmt", "-", "--stdin-format", "json"], in: FileManager.default.temporaryDirectory, standardInput: input)
            #expect(outside.standardOutput.contains(#""name": "Padded""#))
            let missing = try ToolRunner.run(["fmt", "-", "--stdin-format", "json", "--config", "nowhere.yml"], in: directory, standardInput: input)
            #expect(missing.status == 2)
            #expect(missing.standardError.hasPrefix("Error: nowhere.yml: "), "\(missing.standardError)")
            #expect(missing.standardOutput.isEmpty)
        }
    }

    @Test(arguments: [
        (["fmt", "-"], "Error: '-' needs --stdin-format json|yaml, or a --stdin-filename ending in .json, .yaml or .yml\n"),
        (["fmt", "--check", "--write"], "Error: --check and --write exclude each other\n"),
        (["fmt", "--to", "xml"], "Error: unknown format 'xml'; valid values are: json, yaml\n"),
    ])
    func usageErrorsExit2(_ arguments: [String], _ message: String) throws {
        let outcome = try ToolRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(message))
    }

    @Test func withoutPathItFormatsEveryLayerOfTheCatalogAbove() throws {
        try Self.withScratch([
            ".choosy-data.yml": "layers:\n  - name: one\n    path: one\n  - name: two\n    path: two\n",
            "one/a.json": "[{\"key\": \"a\", \"name\": \"A\"}]",
            "two/b.yaml": "- name: B\n  key: b\n",
            "notes/c.json": "[1,]",
        ]) { directory in
            let outcome = try ToolRunner.run(["fmt"], in: directory.appendingPathComponent("two"))
            #expect(outcome.status == 1)
            #expect(outcome.standardOutput.hasPrefix("--- a/../one/a.json\n"))
            #expect(outcome.standardError == "1 of 2 files would be reformatted; run 'choosy-data fmt --write' to rewrite them.\n")
            // From inside the layer, its files print by their plain names, not `../one/a.json`.
            let inside = try ToolRunner.run(["fmt"], in: directory.appendingPathComponent("one"))
            #expect(inside.standardOutput.hasPrefix("--- a/a.json\n+++ b/a.json\n"))
        }
    }
}
