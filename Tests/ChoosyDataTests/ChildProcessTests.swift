import ChoosyTestSupport
import Foundation
import Testing

/// The tests' own way of running programs (`ChildProcess`, used by `ToolRunner` and
/// `LSPClient`): nothing it starts can hang the suite or outlive its test.
@Suite struct ChildProcessTests {
    private static func isGone(_ identifier: pid_t) -> Bool {
        kill(identifier, 0) == -1 && errno == ESRCH
    }

    /// The child sleeps an hour: ending within ten minutes, however loaded the machine, shows
    /// that it was killed rather than waited for.
    @Test func aChildThatOutlivesItsTimeLimitIsKilledAndNamed() throws {
        let started = Date()
        var identifier: pid_t = 0
        #expect {
            let child = try ChildProcess(
                "/bin/sleep", ["3600"], environment: [:], directory: "/", standardInput: 0, standardOutput: 1, standardError: 2)
            identifier = child.identifier
            _ = try child.exitStatus(within: 0.5)
        } throws: { error in
            (error as? ChildProcess.Timeout)?.description == "/bin/sleep 3600 did not exit within 0.5 s; it was killed"
        }
        #expect(Date().timeIntervalSince(started) < 600)
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
    private static let deadline = TestPaths.packageRoot.appendingPathComponent(".ci/deadline").path

    /// `.ci/deadline SECONDS` on a shell that starts a `sleep 3600` and waits for it, writing the
    /// sleep's pid to `pidFile`. The sleep is far longer than any test waits, so that a run that
    /// ends did so because it was ended, however loaded the machine.
    private static func hangingRun(seconds: Int, pidFile: URL) -> [String] {
        [deadline, String(seconds), "sh", "-c", "sleep 3600 & echo $! > \(pidFile.path); wait"]
    }

    /// Whether the process whose pid `pidFile` holds ends (is gone, or a zombie waiting for
    /// init). A SIGKILL takes effect when the kernel next runs the process, which on a loaded
    /// machine is not at once (a run beside another build saw it still sleeping), so this waits
    /// for it; the limit only stops a hang.
    private static func ends(pidFile: URL) throws -> Bool {
        let pid = try #require(Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        let started = Date()
        repeat {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            if state.isEmpty || state.contains(") Z ") { return true }
            usleep(10_000)
        } while Date().timeIntervalSince(started) < 600
        return false
    }

    @Test func theDeadlineOfATestRunKillsWhatHangsAndNamesIt() throws {
        let scratch = try ScratchDirectory("deadline")
        let pidFile = scratch.file("pid")
        let started = Date()
        let outcome = try ToolRunner.run(Self.hangingRun(seconds: 1, pidFile: pidFile), program: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(outcome.status == 124)
        #expect(Date().timeIntervalSince(started) < 600)
        #expect(outcome.standardError.hasPrefix("Error: 'sh -c sleep 3600 & echo"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("did not finish within 1 s. What it was still running:\n"))
        #expect(outcome.standardError.contains("\\_ sleep 3600\n"))
        #expect(try Self.ends(pidFile: pidFile))
    }

    /// The command runs in a session of its own, which the terminal's Ctrl-C does not reach:
    /// the deadline passes an interruption on. The deadline handles interruptions before it
    /// starts anything, so the signal is sent as soon as the sleep has started, with no pause
    /// that a loaded machine could outlast.
    @Test func anInterruptedDeadlineEndsWhatItRuns() throws {
        let scratch = try ScratchDirectory("deadline")
        let pidFile = scratch.file("pid")
        let devNull = try FileHandle(forUpdating: URL(fileURLWithPath: "/dev/null"))
        let run = try ChildProcess(
            "/usr/bin/env", Self.hangingRun(seconds: 3600, pidFile: pidFile), environment: ProcessInfo.processInfo.environment, directory: "/",
            standardInput: devNull.fileDescriptor, standardOutput: devNull.fileDescriptor, standardError: devNull.fileDescriptor)
        // Written once the sleep runs; the wait's limit only stops a hang.
        let started = Date()
        while (try? String(contentsOf: pidFile, encoding: .utf8))?.hasSuffix("\n") != true, Date().timeIntervalSince(started) < 600 {
            usleep(10_000)
        }
        kill(run.identifier, SIGTERM)
        #expect(try run.exitStatus(within: 600) == 130)
        #expect(try Self.ends(pidFile: pidFile))
    }

    @Test func theDeadlineOfATestRunPassesOnTheStatusOfARunInTime() throws {
        let outcome = try ToolRunner.run(
            [Self.deadline, "60", "sh", "-c", "echo done; exit 3"],
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
