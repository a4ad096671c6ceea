import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyTools

/// `release` as a maintainer runs it in a clone: the next version from what changed since the
/// last `vX.Y.Z` tag, a manifest whose checksums verify with `sha256sum -c`, release notes,
/// the tag command, and refusals that write nothing.
@Suite(.serialized)
struct ReleaseEndToEndTests {
    static let config = """
        version: 1
        minimum_client: "0.6.0"
        layers:
          - name: server
            path: types

        """
    static let notes = """
        - name: Notes
          key: notes
          parameters:
            - name: Text
              key: text
              description: The note's text
            - name: Title
              key: title
              description: The note's title
          actions:
            - name: Create a note
              key: create
          apps:
            - name: Bear
              key: bear
              app_url_scheme: "bear:"
              actions:
                - key: create
                  url_format: bear://x-callback-url/create?text={{text}}&title={{title}}

        """
    static let drafts = """
            - name: Drafts
              key: drafts
              app_url_scheme: "drafts:"
              actions:
                - key: create
                  url_format: drafts://create?text={{text}}

        """

    /// One change of each class to the catalog released as v1.2.0, and the version it makes.
    static let changes: [(name: String, edit: @Sendable (String) -> String, version: String)] = [
        ("breaking", { $0.replacingOccurrences(of: "&title={{title}}", with: "") }, "2.0.0"),
        ("feature", { $0 + drafts }, "1.3.0"),
        ("fix", { $0.replacingOccurrences(of: "bear://x-callback-url/create", with: "bear://x-callback-url/v2/create") }, "1.2.1"),
        ("docs", { $0.replacingOccurrences(of: "name: Bear\n", with: "name: Bear Notes\n") }, "1.2.1"),
    ]

    /// A repository holding the catalog in `data/`, committed and tagged v1.2.0.
    static func released() throws -> TemporaryGitRepository {
        let repository = try TemporaryGitRepository()
        try repository.write(config, to: "data/.choosy-data.yml")
        try repository.write(notes, to: "data/types/notes.yaml")
        try repository.commitAll(message: "Notes")
        try repository.tag("v1.2.0")
        return repository
    }

    static func release(in repository: TemporaryGitRepository, _ arguments: [String]) throws -> ToolRunner.Outcome {
        try ToolRunner.run(["release"] + arguments, in: repository.url.appendingPathComponent("data"))
    }

    @Test(arguments: changes.indices)
    func theBumpFollowsTheMostSeriousChange(index: Int) throws {
        let change = Self.changes[index]
        let repository = try Self.released()
        try repository.write(change.edit(Self.notes), to: "data/types/notes.yaml")
        try repository.commitAll(message: change.name, date: "2026-11-30")
        let scratch = try ScratchDirectory("release")
        let output = scratch.file("output")

        let outcome = try Self.release(in: repository, ["-o", output.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        let commit = try repository.head()
        #expect(outcome.standardOutput.hasPrefix("Release \(change.version) (since v1.2.0; 1 change: "))
        #expect(outcome.standardOutput.hasSuffix("""
            Nothing was tagged. To tag this release, run:
              git tag -a v\(change.version) -m 'Catalog \(change.version)' \(commit.prefix(12))

            """))
        let manifest = try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8)
        // Without --date, the commit's date: never the wall clock.
        #expect(manifest.hasPrefix("""
            {
              "version": "\(change.version)",
              "date": "2026-11-30",
              "minimum_client": "0.6.0",
              "source_revision": "\(commit)",
            """))
    }

    /// An edit of a frozen layer is released like any other (new builds ship it), and the
    /// notes say it reaches no phone already in the field.
    @Test func releaseNotesSayAnEditOfAFrozenLayerReachesNoPhone() throws {
        let repository = try TemporaryGitRepository()
        try repository.write(Self.config.replacingOccurrences(of: """
            layers:
              - name: server
            """, with: """
            layers:
              - name: builtin
                path: builtin
                frozen: true
              - name: server
            """), to: "data/.choosy-data.yml")
        try repository.write(Self.notes, to: "data/builtin/notes.yaml")
        try repository.write("[]\n", to: "data/types/none.json")
        try repository.commitAll(message: "Notes")
        try repository.tag("v1.2.0")
        try repository.write(Self.notes.replacingOccurrences(of: "The note's title", with: "The title of the note"), to: "data/builtin/notes.yaml")
        try repository.commitAll(message: "describe the title")
        let scratch = try ScratchDirectory("release")
        let outcome = try Self.release(in: repository, ["-o", scratch.file("output").path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("Release 1.2.1 (since v1.2.0; 1 change: "), "\(outcome.standardOutput)")
        let notes = try String(contentsOf: scratch.file("output/RELEASE_NOTES.md"), encoding: .utf8)
        #expect(notes.contains("; reaches no phone already in the field (built into the app)"), "\(notes)")
    }

    @Test func notesAndManifestMatchGoldenFilesAndTheChecksumsVerify() throws {
        let repository = try Self.released()
        try repository.write(Self.notes + Self.drafts, to: "data/types/notes.yaml")
        try repository.commitAll(message: "Drafts")
        let scratch = try ScratchDirectory("release")
        let output = scratch.file("output")

        let outcome = try Self.release(in: repository, ["--date", "2026-12-01", "-o", output.path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let notes = try String(contentsOf: output.appendingPathComponent("RELEASE_NOTES.md"), encoding: .utf8)
        try expectMatchesGolden(notes, "release/RELEASE_NOTES.md")
        let manifest = try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8)
        try expectMatchesGolden(manifest.replacingOccurrences(of: try repository.head(), with: "<HEAD>"), "release/manifest.json")

        // SHA256SUMS covers every file, the manifest too; the manifest's own digests verify as well.
        let sums = try ToolRunner.run(["sha256sum", "-c", "SHA256SUMS"], program: URL(fileURLWithPath: "/usr/bin/env"), in: output)
        #expect(sums.status == 0, "\(sums.standardError)")
        #expect(sums.standardOutput == "app-data/notes.json: OK\nRELEASE_NOTES.md: OK\nmanifest.json: OK\n")
        let files = try #require(
            (try JSONSerialization.jsonObject(with: Data(manifest.utf8)) as? [String: Any])?["files"] as? [[String: Any]])
        let list = files.map { "\($0["sha256"] as? String ?? "")  \($0["path"] as? String ?? "")\n" }.joined()
        let fromManifest = try ToolRunner.run(
            ["sha256sum", "-c", "-"], program: URL(fileURLWithPath: "/usr/bin/env"), in: output, standardInput: Data(list.utf8))
        #expect(fromManifest.status == 0, "\(fromManifest.standardError)")
        #expect(fromManifest.standardOutput == "app-data/notes.json: OK\nRELEASE_NOTES.md: OK\n")
    }

    @Test func aCatalogWithALintErrorIsNotReleased() throws {
        let repository = try Self.released()
        try repository.write(Self.notes.replacingOccurrences(of: "{{title}}", with: "{{subject}}"), to: "data/types/notes.yaml")
        try repository.commitAll(message: "Undeclared")
        let scratch = try ScratchDirectory("release")
        let output = scratch.file("output")

        let outcome = try Self.release(in: repository, ["-o", output.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("error: {{subject}} is not a parameter of app type \"notes\" [undeclared-parameter]"))
        #expect(outcome.standardError.hasSuffix("Error: the catalog has lint errors; nothing was released to \(output.path)\n"))
        #expect(outcome.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func theFirstReleaseIsOneZeroZeroAndADirtyTreeIsNotOfferedATag() throws {
        let repository = try TemporaryGitRepository()
        try repository.write(Self.config, to: "data/.choosy-data.yml")
        try repository.write(Self.notes, to: "data/types/notes.yaml")
        try repository.commitAll(message: "Notes")
        let scratch = try ScratchDirectory("release")
        let output = scratch.file("output")

        let first = try Self.release(in: repository, ["-o", output.path])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("Release 1.0.0 (first release; 1 change: 0 breaking, 1 feature, 0 fix, 0 docs.)\n"))
        try repository.tag("v1.0.0")

        try repository.write(Self.notes + Self.drafts, to: "data/types/notes.yaml")
        let dirty = try Self.release(in: repository, ["-o", output.path])
        #expect(dirty.status == 0, "\(dirty.standardError)")
        #expect(dirty.standardOutput.hasPrefix("Release 1.1.0 (since v1.0.0;"))
        #expect(dirty.standardOutput.hasSuffix(
            "The catalog has uncommitted changes (source revision ends in +dirty): commit them and run release again before tagging.\n"))
        #expect(!dirty.standardOutput.contains("git tag"))
        let manifest = try String(contentsOf: output.appendingPathComponent("manifest.json"), encoding: .utf8)
        #expect(manifest.contains("\"source_revision\": \"\(try repository.head())+dirty\""))
    }

    @Test(arguments: [
        (["--since", "v1.2.0"], "Error: nothing to release: the catalog is the same as at v1.2.0 for the client (diff shows no change)\n"),
        (["--since", "1.2.0"], "Error: --since '1.2.0' is not a release tag; name one as vX.Y.Z, e.g. v1.2.0\n"),
        (["--since", "v9.9.9"], "Error: --since v9.9.9: unknown revision 'v9.9.9': no commit has that name (try 'git log --oneline')\n"),
        ([], "Error: nothing to release: the catalog is the same as at v1.2.0 for the client (diff shows no change)\n"),
    ] as [([String], String)])
    func refusalsSayWhyAndWriteNothing(options: [String], message: String) throws {
        let repository = try Self.released()
        let scratch = try ScratchDirectory("release")
        let output = scratch.file("output")
        let outcome = try Self.release(in: repository, options + ["-o", output.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == message)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aBumpSmallerThanTheChangesNeedAndABadDateAreRefused() throws {
        let repository = try Self.released()
        try repository.write(Self.changes[0].edit(Self.notes), to: "data/types/notes.yaml")
        try repository.commitAll(message: "Breaking")
        let scratch = try ScratchDirectory("release")
        let output = scratch.file("output")

        let small = try Self.release(in: repository, ["--bump", "minor", "-o", output.path])
        #expect(small.status == 2)
        #expect(small.standardError == """
            Error: --bump minor is too small: the changes since v1.2.0 need a major release (1 breaking, 0 feature); use --bump major or --bump auto

            """)
        for bad in ["2026-13-01", "2026-02-30", "26-12-01", "2026-12-1", "today"] {
            let date = try Self.release(in: repository, ["--date", bad, "-o", output.path])
            #expect(date.status == 2)
            #expect(date.standardError == "Error: --date '\(bad)' is not a date; write it YYYY-MM-DD, e.g. 2026-12-01\n")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let major = try Self.release(in: repository, ["--bump", "major", "--date", "2026-12-01", "-o", output.path])
        #expect(major.status == 0)
        #expect(major.standardOutput.hasPrefix("Release 2.0.0 "))
    }

    /// A part longer than any machine integer is still a release; the next one carries.
    @Test func aTagWithAnyNumberOfDigitsIsTheLastRelease() throws {
        let repository = try Self.released()
        try repository.tag("v1.2.99999999999999999999")
        try repository.write(Self.changes[2].edit(Self.notes), to: "data/types/notes.yaml")
        try repository.commitAll(message: "Fix")
        let outcome = try Self.release(in: repository, ["-o", try ScratchDirectory("release").file("output").path])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.hasPrefix("Release 1.2.100000000000000000000 (since v1.2.99999999999999999999; "))
    }

    /// v1.3.0 made on another branch: releasing this branch's feature as 1.3.0 would give two
    /// catalogs one version.
    @Test func aVersionWhoseTagExistsElsewhereIsNotProposed() throws {
        let repository = try Self.released()
        try repository.git("checkout", "-q", "-b", "elsewhere")
        try repository.write(Self.notes + Self.drafts, to: "data/types/notes.yaml")
        try repository.commitAll(message: "Drafts")
        try repository.tag("v1.3.0")
        let elsewhere = try repository.head()
        try repository.git("checkout", "-q", "v1.2.0")
        try repository.write(Self.changes[1].edit(Self.notes), to: "data/types/notes.yaml")
        try repository.commitAll(message: "Feature")
        let output = try ScratchDirectory("release").file("output")

        let outcome = try Self.release(in: repository, ["-o", output.path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == """
            Error: the next version's tag, v1.3.0, exists already on a commit HEAD does not contain (\(elsewhere.prefix(12))): \
            merge that release into this branch, or pass a larger --bump

            """)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let major = try Self.release(in: repository, ["--bump", "major", "-o", output.path])
        #expect(major.standardOutput.hasPrefix("Release 2.0.0 (since v1.2.0; "), "\(major.standardError)")
    }

    @Test func aCatalogOutsideGitIsRefused() throws {
        let scratch = try ScratchDirectory("release")
        let directory = scratch.file("directory")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("types"), withIntermediateDirectories: true)
        try Self.config.write(to: directory.appendingPathComponent(".choosy-data.yml"), atomically: true, encoding: .utf8)
        try Self.notes.write(to: directory.appendingPathComponent("types/notes.yaml"), atomically: true, encoding: .utf8)
        let outcome = try ToolRunner.run(["release", directory.path, "-o", directory.appendingPathComponent("out").path])
        #expect(outcome.status == 2)
        // The catalog is named as every command names it: from the current directory.
        let shown = CatalogLoader.relativePath(directory.path, from: FileManager.default.currentDirectoryPath)
        #expect(outcome.standardError.hasPrefix("Error: release reads the last release from git, but \(shown) is not in a git repository with a commit"))
    }

    @Test func versionsParseStrictlyAndBumpResetTheSmallerParts() {
        #expect(["1.2.3", "0.0.0", "10.20.30"].map { SemanticVersion($0)?.description } == ["1.2.3", "0.0.0", "10.20.30"])
        #expect(["1.2", "1.2.3.4", "01.2.3", "1.-2.3", "1.2.x", "", "v1.2.3"].allSatisfy { SemanticVersion($0) == nil })
        #expect(SemanticVersion(tag: "v1.2.3")?.description == "1.2.3" && SemanticVersion(tag: "1.2.3") == nil)
        let version = SemanticVersion(major: 1, minor: 2, patch: 3)
        #expect(VersionBump.allCases.map { version.bumped($0).tag } == ["v2.0.0", "v1.3.0", "v1.2.4"])
        #expect(SemanticVersion("1.10.0")! > SemanticVersion("1.9.9")!)
        #expect(SemanticVersion("1.0.100000000000000000000")! > SemanticVersion("1.0.99999999999999999999")!)
        #expect(SemanticVersion("9.99.999")?.bumped(.minor).description == "9.100.0")
        #expect(["1.2.3.", ".1.2.3", "1..2.3", "1.2.3 "].allSatisfy { SemanticVersion($0) == nil })
    }
}
