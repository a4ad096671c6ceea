import Foundation
import Testing

/// The tests' own way of running programs (`ChildProcess`, used by `ToolRunner` and
/// `LSPClient`): nothing it starts can hang the suite or outlive its test.
@Suite struct ChildProcessTests {
    private static func isGone(_ identifier: pid_t) -> Bool {
        kill(identifier, 0) == -1 && errno == ESRCH
    }

    @Test func aChildThatOutlivesItsTimeLimitIsKilledAndNamed() throws {
        let started = Date()
        var identifier: pid_t = 0
        #expect {
            let child = try ChildProcess(
                "/bin/sleep", ["30"], environment: [:], directory: "/", standardInput: 0, standardOutput: 1, standardError: 2)
            identifier = child.identifier
            _ = try child.exitStatus(within: 0.5)
        } throws: { error in
            (error as? ChildProcess.Timeout)?.description == "/bin/sleep 30 did not exit within 0.5 s; it was killed"
        }
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(identifier > 0 && Self.isGone(identifier))
    }

    @Test(arguments: [("exit 3", Int32(3)), ("kill -TERM $$", SIGTERM), ("exit 0", 0)])
    func theStatusIsTheExitCodeOrTheSignal(script: String, status: Int32) throws {
        let outcome = try ToolRunner.run(["-c", script], program: URL(fileURLWithPath: "/bin/sh"))
        #expect(outcome.status == status)
    }

    /// Foundation's `Process` leaves a socket open in every child it starts, which another
    /// child could inherit; a child here has only its standard descriptors, whatever the test
    /// process holds open without close-on-exec.
    @Test func aChildInheritsOnlyItsStandardDescriptors() throws {
        var sockets: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0)
        defer { sockets.forEach { close($0) } }
        #expect(fcntl(sockets[1], F_GETFD) & FD_CLOEXEC == 0)
        let outcome = try ToolRunner.run(["-c", "ls /proc/$$/fd"], program: URL(fileURLWithPath: "/bin/sh"))
        #expect(outcome.standardOutput == "0\n1\n2\n")
    }

    /// The test's threads block signals; the tool under test must see them as a user's shell
    /// leaves them. (Only the 31 standard signals: glibc keeps two real-time ones to itself.)
    @Test func aChildStartsWithNoSignalBlockedOrIgnored() throws {
        let outcome = try ToolRunner.run(["-E", "^Sig(Blk|Ign)", "/proc/self/status"], program: URL(fileURLWithPath: "/bin/grep"))
        let masks = outcome.standardOutput.split(separator: "\n").map { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        #expect(masks.count == 2 && masks.allSatisfy { $0.map { $0 & 0x7fff_ffff == 0 } == true }, "\(outcome.standardOutput)")
    }

    /// `make test` runs each test pass under `.ci/deadline`: a pass that hangs fails well within
    /// CI's limit, naming what it was still running, and leaves nothing running.
    @Test func theDeadlineOfATestRunKillsWhatHangsAndNamesIt() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("choosy-deadline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let started = Date()
        let outcome = try ToolRunner.run(
            [TestPaths.packageRoot.appendingPathComponent(".ci/deadline").path, "1", "sh", "-c", "sleep 60 & echo $! > \(pidFile.path); wait"],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(outcome.status == 124)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(outcome.standardError.hasPrefix("Error: 'sh -c sleep 60 & echo"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("did not finish within 1 s. What it was still running:\n"))
        #expect(outcome.standardError.contains("\\_ sleep 60\n"))
        // The sleep the hung command started is gone (or a zombie waiting for init).
        let sleeper = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let state = (try? String(contentsOfFile: "/proc/\(sleeper)/stat", encoding: .utf8)) ?? ""
        #expect(state.isEmpty || state.contains(") Z "), "\(state)")
    }

    @Test func theDeadlineOfATestRunPassesOnTheStatusOfARunInTime() throws {
        let outcome = try ToolRunner.run(
            [TestPaths.packageRoot.appendingPathComponent(".ci/deadline").path, "60", "sh", "-c", "echo done; exit 3"],
            program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(outcome.status == 3 && outcome.standardOutput == "done\n" && outcome.standardError.isEmpty, "\(outcome)")
    }

    /// Servers that a test did not stop used to run until the whole suite ended, holding
    /// whatever descriptors they had inherited.
    @Test func anLSPServerEndsWithItsClient() throws {
        var identifier: pid_t = 0
        do {
            let client = try LSPClient(in: TestPaths.packageRoot)
            identifier = client.serverIdentifier
            try client.initialize(root: TestPaths.packageRoot)
        }
        #expect(identifier > 0 && Self.isGone(identifier))
    }
}
