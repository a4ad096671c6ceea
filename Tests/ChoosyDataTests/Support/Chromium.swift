import ChoosyTestSupport
import Foundation

/// Headless Chromium driven over the DevTools protocol by Fixtures/site/chromium.py: loads
/// pages, reports their console errors and dialogs, and evaluates an expression in each.
enum Chromium {
    struct Visit: Encodable {
        let url: String
        var expression: String?
        /// Loads the page as if it had no Content-Security-Policy, to test escaping on its own.
        var bypassCSP = false
        /// The viewport in CSS pixels; a width under 600 emulates a phone. Nil: Chromium's default.
        var width: Int? = nil
        var height: Int? = nil
        /// `light` or `dark`: the `prefers-color-scheme` the page sees.
        var colorScheme: String? = nil
        /// Where to save a PNG of the whole page, taken after the expression ran.
        var screenshot: String? = nil
        /// Runs the expression as a user's action (clipboard access needs one).
        var userGesture = false
        /// The expression leads to another page: wait for it to load and say where it is.
        var navigates = false
    }

    struct Result<Value: Decodable>: Decodable {
        let url: String
        let errors: [String]
        let dialogs: [String]
        let result: Value?
        /// The address of the page the expression led to, for a visit that `navigates`.
        var landedAt: String? = nil
    }

    private struct Job: Encodable { let visits: [Visit] }

    private struct Answer<Value: Decodable>: Decodable {
        let results: [Result<Value>]?
        let error: String?
    }

    /// An expression value the caller does not read.
    struct Ignored: Decodable {}

    static let driver = TestPaths.fixture("site/chromium.py")

    /// Runs the visits in one tab, in order, in a browser another test may have used before.
    static func visit<Value: Decodable>(_ visits: [Visit], returning _: Value.Type = Ignored.self) throws -> [Result<Value>] {
        let line = try BrowserPool.shared.run(try JSONEncoder().encode(Job(visits: visits)))
        let answer = try JSONDecoder().decode(Answer<Value>.self, from: line)
        guard let results = answer.results else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "chromium.py failed: \(answer.error ?? "no answer")"])
        }
        return results
    }
}

/// The chromium.py drivers of this test process, each with its browser running between jobs:
/// a browser's start costs more than most jobs. A job takes an idle driver, or starts one
/// when every driver is busy (as many as tests visit pages at once), and gives it back; a
/// driver that failed is dropped. Drivers end with this process: their input then ends.
private final class BrowserPool: @unchecked Sendable {
    static let shared = BrowserPool()

    private let lock = NSLock()
    private var idle: [BrowserDriver] = []

    /// Sends one job (a JSON object) and returns the driver's answer line.
    func run(_ job: Data) throws -> Data {
        let driver = try lock.withLock { idle.popLast() } ?? BrowserDriver()
        let answer = try driver.exchange(job)
        lock.withLock { idle.append(driver) }
        return answer
    }
}

/// One chromium.py, spoken to over a socket: a job as a line in, its answer as a line out.
private final class BrowserDriver {
    private let process: ChildProcess
    private let socket: Int32
    /// What the driver writes to standard error: a file already unlinked, so that none is left
    /// behind by the drivers that live as long as the test process.
    private let errorLog: Int32
    private var received = Data()

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        defer { close(ends[1]) }
        var template = Array((FileManager.default.temporaryDirectory.path + "/choosy-chromium-XXXXXX").utf8CString)
        errorLog = mkstemp(&template)
        guard errorLog >= 0, fcntl(errorLog, F_SETFD, FD_CLOEXEC) == 0 else {
            close(ends[0])
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        unlink(template)
        socket = ends[0]
        do {
            process = try ChildProcess(
                "/usr/bin/env", ["python3", Chromium.driver.path], environment: ProcessInfo.processInfo.environment,
                directory: TestPaths.packageRoot.path, standardInput: ends[1], standardOutput: ends[1], standardError: errorLog)
        } catch {
            close(ends[0])
            close(errorLog)
            throw error
        }
    }

    deinit {
        close(socket)
        close(errorLog)
    }

    /// Writes `job` and a newline, and reads the answer line within `ProgramRunner.timeLimit`.
    func exchange(_ job: Data) throws -> Data {
        var pending = job + Data("\n".utf8)
        while !pending.isEmpty {
            let sent = pending.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw failure("its input closed") }
            pending.removeFirst(sent)
        }
        let deadline = Date(timeIntervalSinceNow: ProgramRunner.timeLimit)
        while true {
            if let end = received.firstIndex(of: UInt8(ascii: "\n")) {
                let line = received[..<end]
                received.removeSubrange(...end)
                return Data(line)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw failure("no answer within \(Int(ProgramRunner.timeLimit)) s; it was killed") }
            var watched = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&watched, 1, Int32(min(remaining, 60) * 1000)) >= 0 || errno == EINTR else { throw failure("poll failed") }
            guard watched.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = recv(socket, &chunk, chunk.count, 0)
            guard count > 0 else { throw failure("it exited") }
            received.append(contentsOf: chunk[..<count])
        }
    }

    /// The error for a driver that stopped serving, with what it wrote to standard error.
    private func failure(_ what: String) -> Error {
        var log = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while case let count = pread(errorLog, &chunk, chunk.count, offset), count > 0 {
            log.append(contentsOf: chunk[..<count])
            offset += off_t(count)
        }
        return CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "chromium.py failed: \(what): \(String(decoding: log, as: UTF8.self))"])
    }
}
