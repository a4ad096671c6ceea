import ChoosyTestSupport
import Foundation
import Testing

/// A minimal LSP client for the protocol tests: runs the built `choosy-data lsp`, sends framed
/// JSON-RPC messages and collects what the server sends, read on a thread of its own. Messages
/// are built and read with Foundation's JSONSerialization, independent of the server's JSON.
/// When the client goes, the server's input closes and a server still running after 5 s is
/// killed: no server outlives its test.
final class LSPClient: @unchecked Sendable {
    /// What the reading threads collect; they hold it, not the client, so that the client
    /// (and with it the server) ends with its test.
    private final class Inbox: @unchecked Sendable {
        // `received`, `errorText` and `openStreams` are guarded by `condition`.
        let condition = NSCondition()
        var received: [[String: Any]] = []
        var errorText = Data()
        /// The server's output and error streams not yet read to their end.
        var openStreams = 2

        func streamEnded() {
            condition.lock()
            openStreams -= 1
            condition.broadcast()
            condition.unlock()
        }
    }

    private let inbox = Inbox()
    private let server: ChildProcess
    /// The server's process identifier.
    var serverIdentifier: pid_t { server.identifier }
    private let input: FileHandle
    private var nextID = 1

    /// How long a test waits for an answer before it fails: only there to stop a hang. An
    /// answer takes well under a second, a few seconds for the ThreadSanitizer build on a
    /// loaded machine; 120 s is far beyond that.
    static let timeout: TimeInterval = 120

    init(executable: URL = ToolRunner.executable, arguments: [String] = ["lsp", "--stdio"], in directory: URL) throws {
        let input = Pipe(), output = Pipe(), error = Pipe()
        server = try ChildProcess(
            executable.path, arguments, environment: ProcessInfo.processInfo.environment, directory: directory.path,
            standardInput: input.fileHandleForReading.fileDescriptor, standardOutput: output.fileHandleForWriting.fileDescriptor,
            standardError: error.fileHandleForWriting.fileDescriptor)
        // The server's ends, closed here so that its exit ends what the threads read.
        try input.fileHandleForReading.close()
        try output.fileHandleForWriting.close()
        try error.fileHandleForWriting.close()
        self.input = input.fileHandleForWriting
        let inbox = inbox
        Thread.detachNewThread {
            Self.readFrames(from: output.fileHandleForReading, into: inbox)
            inbox.streamEnded()
        }
        Thread.detachNewThread {
            while case let data = error.fileHandleForReading.availableData, !data.isEmpty {
                inbox.condition.lock()
                inbox.errorText += data
                inbox.condition.unlock()
            }
            inbox.streamEnded()
        }
    }

    deinit {
        try? input.close()
        _ = server.wait(upTo: 5)
    }

    /// What the server wrote to standard error so far.
    var standardError: String {
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        return String(decoding: inbox.errorText, as: UTF8.self)
    }

    // MARK: Sending

    func sendRaw(_ bytes: Data) {
        input.write(bytes)
    }

    func send(_ message: [String: Any]) {
        var message = message
        message["jsonrpc"] = "2.0"
        let body = try! JSONSerialization.data(withJSONObject: message)
        sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: [String: Any] = [:]) {
        send(["method": method, "params": params])
    }

    /// Sends a request and waits for its response (the whole response object).
    @discardableResult
    func request(_ method: String, _ params: [String: Any] = [:]) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["id": id, "method": method, "params": params])
        return try waitForMessage("the response to \(method)") { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// Starts the session: `initialize` with `capabilities`, then `initialized`; the result.
    @discardableResult
    func initialize(root: URL, capabilities: [String: Any] = [:]) throws -> [String: Any] {
        let response = try request("initialize", ["processId": NSNull(), "rootUri": root.absoluteString, "capabilities": capabilities])
        notify("initialized")
        return try #require(response["result"] as? [String: Any])
    }

    func open(_ file: URL, text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": file.absoluteString, "languageId": "json", "version": version, "text": text]])
    }

    func closeInput() {
        try? input.close()
    }

    // MARK: Receiving

    /// Waits for (and takes) the first message received that matches `predicate`; fails the
    /// test with what the server logged when none comes in time.
    func waitForMessage(_ what: String, where predicate: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date(timeIntervalSinceNow: Self.timeout)
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        while true {
            if let index = inbox.received.firstIndex(where: predicate) { return inbox.received.remove(at: index) }
            guard inbox.condition.wait(until: deadline) else {
                throw LSPClientError("no \(what) within \(Int(Self.timeout)) s; the server logged: \(String(decoding: inbox.errorText, as: UTF8.self))")
            }
        }
    }

    /// Waits for the diagnostics of `file` published for `version`.
    func diagnostics(of file: URL, version: Int) throws -> [[String: Any]] {
        let message = try waitForMessage("diagnostics of \(file.lastPathComponent) at version \(version)") {
            let params = $0["params"] as? [String: Any]
            return $0["method"] as? String == "textDocument/publishDiagnostics" && params?["uri"] as? String == file.absoluteString
                && params?["version"] as? Int == version
        }
        return try #require((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
    }

    /// Waits for the server to exit and for what it wrote to be read to the end; its exit code.
    func waitForExit() throws -> Int32 {
        guard let status = server.wait(upTo: Self.timeout) else {
            throw LSPClientError("the server did not exit within \(Int(Self.timeout)) s")
        }
        let deadline = Date(timeIntervalSinceNow: Self.timeout)
        inbox.condition.lock()
        defer { inbox.condition.unlock() }
        while inbox.openStreams > 0 {
            guard inbox.condition.wait(until: deadline) else {
                throw LSPClientError("the server's output was not read to its end within \(Int(Self.timeout)) s of its exit")
            }
        }
        return status
    }

    private static func readFrames(from reader: FileHandle, into inbox: Inbox) {
        var buffer = Data()
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            buffer += chunk
            while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
                guard let lengthText = header.split(separator: ":").last, let length = Int(lengthText.trimmingCharacters(in: .whitespaces)),
                    buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length
                else { break }
                let body = buffer[headerEnd.upperBound..<(headerEnd.upperBound + length)]
                buffer = Data(buffer[(headerEnd.upperBound + length)...])
                let message = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? ["unreadable": String(decoding: body, as: UTF8.self)]
                inbox.condition.lock()
                inbox.received.append(message)
                inbox.condition.broadcast()
                inbox.condition.unlock()
            }
        }
    }
}

struct LSPClientError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Applies LSP `TextEdit`s (positions in UTF-16 code units) to a text, as an editor does.
enum LSPTextEdits {
    static func apply(_ edits: [[String: Any]], to text: String) throws -> String {
        var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
        func offset(_ position: [String: Any]) throws -> Int {
            let line = try #require(position["line"] as? Int), character = try #require(position["character"] as? Int)
            return lines[..<min(line, lines.count)].reduce(0) { $0 + $1.count + 1 } + min(character, line < lines.count ? lines[line].count : 0)
        }
        var units = Array(text.utf16)
        let sorted = try edits.map { edit -> (Int, Int, String) in
            let range = try #require(edit["range"] as? [String: Any])
            return (try offset(try #require(range["start"] as? [String: Any])), try offset(try #require(range["end"] as? [String: Any])), try #require(edit["newText"] as? String))
        }.sorted { $0.0 > $1.0 }
        for (start, end, newText) in sorted { units.replaceSubrange(start..<end, with: Array(newText.utf16)) }
        lines = []
        return String(decoding: units, as: UTF16.self)
    }
}
