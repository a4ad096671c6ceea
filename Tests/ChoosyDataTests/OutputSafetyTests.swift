import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCore

/// `bundle -o` and `docs -o` replace only what an earlier run wrote, follow a symbolic link to
/// the directory it names, keep the directory's mode and owner, and leave nothing behind when
/// interrupted or killed.
@Suite(.serialized, .tags(.slow))
struct OutputSafetyTests {
    /// A new empty directory to write `out` into; removed when the test ends.
    struct Scratch {
        private let directory: ScratchDirectory
        var parent: URL { directory.url }
        var out: URL { parent.appendingPathComponent("out") }

        init() throws {
            directory = try ScratchDirectory("output")
        }

        func run(_ command: String, _ output: String? = nil, in directory: URL? = nil) throws -> ToolRunner.Outcome {
            try ToolRunner.run([command, TestPaths.packageRoot.appendingPathComponent("data").path, "-o", output ?? out.path],
                               in: directory ?? parent)
        }

        /// Every name in `parent`, so a test sees what a run left beside `out`.
        func names() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        }

        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path)
        }
    }

    static let kinds = [("bundle", "a bundle", "manifest.json"), ("docs", "a docs site", "index.html")]

    /// What a user keeps beside generated files: a repository, a domain file for GitHub Pages,
    /// notes, a page of their own.
    @Test(arguments: kinds, [".git/", "CNAME", "notes.txt", "about.html", "app-data/mine.json"])
    func aDirectoryHoldingMoreThanAnEarlierRunWroteIsNotReplaced(kind: (command: String, name: String, file: String), extra: String) throws {
        let scratch = try Scratch()
        #expect(try scratch.run(kind.command).status == 0)
        let extraPath = scratch.out.appendingPathComponent(extra)
        if extra.hasSuffix("/") {
            try FileManager.default.createDirectory(at: extraPath.appendingPathComponent("objects"), withIntermediateDirectories: true)
        } else {
            try FileManager.default.createDirectory(at: extraPath.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "mine".write(to: extraPath, atomically: false, encoding: .utf8)
        }
        let refused = try scratch.run(kind.command)
        #expect(refused.status == 2)
        let shownExtra = extra.hasPrefix("app-data/") && kind.command == "docs" ? "app-data/" : extra
        #expect(refused.standardError == """
            Error: \(scratch.out.path) holds files that choosy-data did not write (\(shownExtra)); it replaces \(kind.name) only when it \
            holds exactly the files its .choosy-data-files lists: move them out, or choose an empty or new directory

            """)
        #expect(scratch.exists(extra) && scratch.exists(kind.file))
        #expect(try scratch.names() == ["out"])
    }

    /// A generated file edited by hand (its checksum in the list no longer matches) is not
    /// replaced: the edit would be lost. A generated file removed loses nothing.
    @Test(arguments: kinds)
    func aGeneratedFileChangedByHandIsNotReplaced(kind: (command: String, name: String, file: String)) throws {
        let scratch = try Scratch()
        #expect(try scratch.run(kind.command).status == 0)
        let edited = scratch.out.appendingPathComponent(kind.file)
        let original = try Data(contentsOf: edited)
        try (original + Data("<!-- mine -->".utf8)).write(to: edited)
        let refused = try scratch.run(kind.command)
        #expect(refused.status == 2)
        #expect(refused.standardError == """
            Error: \(scratch.out.path) holds files changed since choosy-data wrote them (\(kind.file)); it replaces \(kind.name) only \
            when its files are as written: keep the changes elsewhere (or remove the files), or choose an empty or new directory

            """)
        #expect(try Data(contentsOf: edited) == original + Data("<!-- mine -->".utf8))
        #expect(try scratch.names() == ["out"])
        try FileManager.default.removeItem(at: edited)
        #expect(try scratch.run(kind.command).status == 0)
        #expect(try Data(contentsOf: edited) == original)
    }

    /// A file list without checksums vouches for nothing: one shipped in a repository (or an
    /// earlier version's) cannot make a run remove a file it names; the run replaces such a
    /// directory only when it writes every file there again.
    @Test func aFileListWithoutChecksumsCannotMakeARunRemoveAFile() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(at: scratch.out, withIntermediateDirectories: true)
        try "# kind: a docs site\nnotes.txt\n".write(
            to: scratch.out.appendingPathComponent(GeneratedDirectory.fileListName), atomically: false, encoding: .utf8)
        try "precious".write(to: scratch.out.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        let refused = try scratch.run("docs")
        #expect(refused.status == 2)
        #expect(refused.standardError == """
            Error: \(scratch.out.path) has a .choosy-data-files without checksums (an earlier choosy-data's, or not choosy-data's) and \
            holds files this run does not write (notes.txt): move them out (or remove them if they were generated), or choose an empty \
            or new directory

            """)
        #expect(try String(contentsOf: scratch.out.appendingPathComponent("notes.txt"), encoding: .utf8) == "precious")
        // The list of a run, its checksums taken away: every file is written again, so it goes.
        try FileManager.default.removeItem(at: scratch.out)
        #expect(try scratch.run("docs").status == 0)
        let listURL = scratch.out.appendingPathComponent(GeneratedDirectory.fileListName)
        let list = try String(contentsOf: listURL, encoding: .utf8)
        #expect(list.contains("  index.html\n"))
        try list.split(separator: "\n").map { $0.hasPrefix("#") ? String($0) : String($0.dropFirst(18)) }.joined(separator: "\n")
            .write(to: listURL, atomically: false, encoding: .utf8)
        #expect(try scratch.run("docs").status == 0)
        #expect(try String(contentsOf: listURL, encoding: .utf8) == list)
    }

    @Test func aDirectoryOfAnotherKindIsNotReplaced() throws {
        let scratch = try Scratch()
        #expect(try scratch.run("bundle").status == 0)
        let refused = try scratch.run("docs")
        #expect(refused.status == 2)
        #expect(refused.standardError == "Error: \(scratch.out.path) holds a bundle, not a docs site; choose an empty or new directory\n")
        #expect(scratch.exists("manifest.json"))
    }

    /// A directory an earlier version wrote has its marker but no file list: it is replaced
    /// while it holds nothing this run does not write, and refused (listing what) otherwise.
    @Test func aDirectoryFromBeforeFileListsIsReplacedOnlyWhenThisRunWritesAllItHolds() throws {
        let scratch = try Scratch()
        #expect(try scratch.run("bundle").status == 0)
        try FileManager.default.removeItem(at: scratch.out.appendingPathComponent(GeneratedDirectory.fileListName))
        try "old".write(to: scratch.out.appendingPathComponent("app-data/gone.json"), atomically: false, encoding: .utf8)
        let refused = try scratch.run("bundle")
        #expect(refused.status == 2)
        #expect(refused.standardError == """
            Error: \(scratch.out.path) was written by an earlier choosy-data, without a .choosy-data-files, and holds files this run \
            does not write (app-data/gone.json): move them out (or remove them if they were generated), or choose an empty or new directory

            """)
        #expect(scratch.exists("app-data/gone.json"))
        #expect(try scratch.names() == ["out"])
        try FileManager.default.removeItem(at: scratch.out.appendingPathComponent("app-data/gone.json"))
        #expect(try scratch.run("bundle").status == 0)
        #expect(scratch.exists(GeneratedDirectory.fileListName))
    }

    @Test func anEmptyOutputIsAUsageError() throws {
        let scratch = try Scratch()
        for command in ["bundle", "docs"] {
            let outcome = try scratch.run(command, "")
            #expect(outcome.status == 2)
            #expect(outcome.standardError.hasPrefix("Error: -o names no directory (''); give a directory, such as -o site\nUsage: choosy-data \(command)"))
        }
        #expect(try scratch.names().isEmpty)
    }

    /// `-o .` and `-o ..` name the directory a run is in and its parent: refused when they hold
    /// anything else; an earlier bundle there is replaced, and the message names it by its path.
    @Test func dotAndDotDotAreRefusedWhenTheyHoldOtherFilesAndShownByTheirRealPath() throws {
        let scratch = try Scratch()
        let inside = scratch.out.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let parentRefused = try scratch.run("bundle", "..", in: inside)
        #expect(parentRefused.status == 2)
        #expect(parentRefused.standardError == "Error: .. holds files that are not a bundle (inside); choose an empty or new directory\n")
        try FileManager.default.removeItem(at: inside)
        #expect(try scratch.run("bundle").status == 0)
        let replaced = try scratch.run("bundle", ".", in: scratch.out)
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(replaced.standardOutput == "Wrote 5 files to \(scratch.out.resolvingSymlinksInPath().path).\n")
        try "mine".write(to: scratch.out.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        let refused = try scratch.run("docs", ".", in: scratch.out)
        #expect(refused.status == 2)
        #expect(refused.standardError == "Error: . holds a bundle, not a docs site; choose an empty or new directory\n")
    }

    /// Root reads every directory, so the unreadable directory is made for other users only.
    @Test func anUnreadableOutputDirectoryIsAnErrorNotEmpty() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(at: scratch.out, withIntermediateDirectories: true)
        try "mine".write(to: scratch.out.appendingPathComponent("notes.txt"), atomically: false, encoding: .utf8)
        chmod(scratch.out.path, 0)
        defer { chmod(scratch.out.path, 0o755) }
        guard getuid() != 0 else { return }
        let outcome = try scratch.run("bundle")
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "Error: cannot read \(scratch.out.path) to see what it holds: Permission denied\n")
        chmod(scratch.out.path, 0o755)
        #expect(scratch.exists("notes.txt"))
    }

    @Test func aSymbolicLinkIsFollowedAndStays() throws {
        let scratch = try Scratch()
        let link = scratch.parent.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: scratch.out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "out")
        for _ in 0..<2 {
            let outcome = try scratch.run("docs", "link")
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(outcome.standardOutput.hasPrefix("Wrote 82 files to link; open link/index.html"))
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "out")
        #expect(scratch.exists("index.html"))
        #expect(try scratch.names() == ["link", "out"])
    }

    @Test func aDanglingLinkSaysWhereItPointsAndALoopSaysSo() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(atPath: scratch.out.path, withDestinationPath: "gone/site")
        let dangling = try scratch.run("bundle", "out")
        #expect(dangling.status == 2)
        #expect(dangling.standardError == "Error: out is a symbolic link to 'gone/site', which does not exist; make that directory, or choose another\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.parent.appendingPathComponent("a").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: scratch.parent.appendingPathComponent("b").path, withDestinationPath: "a")
        let loop = try scratch.run("docs", "a")
        #expect(loop.status == 2)
        #expect(loop.standardError == "Error: cannot write a: symbolic link loop\n")
        #expect(try scratch.names() == ["a", "b", "out"])
    }

    /// A shared site directory (group-writable, setgid so new files get its group) stays one.
    @Test func aReplacedDirectoryKeepsItsModeOwnerAndGroup() throws {
        let scratch = try Scratch()
        #expect(try scratch.run("docs").status == 0)
        let asRoot = getuid() == 0
        if asRoot { #expect(chown(scratch.out.path, 1234, 5678) == 0) }
        #expect(chmod(scratch.out.path, 0o2770) == 0)
        #expect(try scratch.run("docs").status == 0)
        var status = stat()
        #expect(stat(scratch.out.path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o2770)
        if asRoot {
            #expect(status.st_uid == 1234 && status.st_gid == 5678)
            // Unchanged pages are linked from the old directory with their group; the list is new.
            var list = stat()
            #expect(stat(scratch.out.appendingPathComponent(GeneratedDirectory.fileListName).path, &list) == 0 && list.st_gid == 5678)
        }
    }

    /// A pid no process has: one that has just exited.
    static func deadProcessIdentifier() throws -> Int32 {
        let process = try ChildProcess(
            "/bin/true", [], environment: [:], directory: "/", standardInput: 0, standardOutput: 1, standardError: 2)
        _ = try process.exitStatus(within: ToolRunner.timeLimit)
        return process.identifier
    }

    /// What a run killed with SIGKILL left beside its output: its staging directory, and the
    /// previous output moved aside; what a live run is writing is left alone.
    @Test func leftoversOfAKilledRunAreRemovedByTheNextAndALostDirectoryIsPutBack() throws {
        let scratch = try Scratch()
        let dead = try Self.deadProcessIdentifier()
        let live = getpid()
        let (a, b, c, d) = (UUID().uuidString, UUID().uuidString, UUID().uuidString, UUID().uuidString)
        // A user's directories that only look like leftovers: another shape after the pid, or a
        // moved-aside directory without the file list every directory this tool wrote holds.
        let lookalikes = [".out.new-\(dead)-mybackup", ".out.old-\(dead)-drafts", ".out.old-\(dead)-\(d)"]
        let leftovers = [".out.new-\(dead)-\(a)", ".out.old-\(dead)-\(b)", ".out.new-\(live)-\(c)"]
        for name in leftovers + lookalikes {
            try FileManager.default.createDirectory(at: scratch.parent.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        // Killed between moving the old directory aside and moving the new one in: no `out`.
        try "mine".write(to: scratch.parent.appendingPathComponent(".out.old-\(dead)-\(b)/notes.txt"), atomically: false, encoding: .utf8)
        try "# kind: a bundle\n".write(
            to: scratch.parent.appendingPathComponent(".out.old-\(dead)-\(b)/\(GeneratedDirectory.fileListName)"), atomically: false, encoding: .utf8)
        let outcome = try scratch.run("bundle")
        #expect(outcome.status == 2, "the directory put back holds a file the run did not write")
        #expect(scratch.exists("notes.txt"))
        #expect(try scratch.names() == ([".out.new-\(live)-\(c)", "out"] + lookalikes).sorted())
    }

    /// SIGTERM while the staging directory exists (`ToolRunner.runInterrupted`).
    @Test(arguments: ["bundle", "docs"])
    func anInterruptedRunLeavesNothingBehind(command: String) throws {
        let scratch = try Scratch()
        #expect(try scratch.run(command).status == 0)
        let before = try scratch.names()
        let outcome = try ToolRunner.runInterrupted(
            [command, TestPaths.packageRoot.appendingPathComponent("data").path, "-o", scratch.out.path], in: scratch.parent)
        #expect(outcome.status == SIGTERM, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
        #expect(try scratch.names() == before)
        #expect(scratch.exists(GeneratedDirectory.fileListName))
    }

    /// A one-letter directory (`-o s`): Foundation's deletingLastPathComponent trapped on it.
    @Test(arguments: ["bundle", "docs"])
    func aOneLetterDirectoryIsWritten(command: String) throws {
        let scratch = try Scratch()
        let outcome = try ToolRunner.run(
            [command, TestPaths.packageRoot.appendingPathComponent("data").path, "-o", "s"], in: scratch.parent)
        #expect(outcome.status == 0, "\(outcome.standardError.prefix(300))")
        #expect(FileManager.default.fileExists(atPath: scratch.parent.appendingPathComponent("s/\(GeneratedDirectory.fileListName)").path))
    }

    /// A named pipe where the previous run wrote a file is replaced, not opened and waited on.
    @Test func aNamedPipeInThePreviousDirectoryDoesNotHang() throws {
        let scratch = try Scratch()
        #expect(try scratch.run("docs").status == 0)
        let page = scratch.out.appendingPathComponent("index.html").path
        try FileManager.default.removeItem(atPath: page)
        #expect(mkfifo(page, 0o644) == 0)
        #expect(try scratch.run("docs").status == 0)
        var status = stat()
        #expect(lstat(page, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
    }
}
