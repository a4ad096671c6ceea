import ChoosyCore
import ChoosyLint
import Foundation
import Synchronization

/// Reads the base protocol's frames (`Content-Length: N` header, blank line, N bytes of JSON)
/// from a file descriptor.
struct LSPMessageReader: ~Copyable {
    /// What the next read found.
    enum Frame {
        case body([UInt8])
        /// A header the server cannot read; the frame was skipped, and this says why.
        case malformed(String)
        /// The input ended (the client closed the pipe or exited).
        case end
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where `read` puts bytes, allocated once.
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// How far the buffer was searched for the header's end without finding it.
    private var searchedHeaderBytes = 0
    private var isAtEnd = false
    /// A header longer than this without its blank line is garbage, not a header still coming.
    private static let maximumHeaderSize = 16 << 10
    /// A message larger than this is skipped unread, so that a wrong or hostile
    /// Content-Length cannot make the server hold gigabytes (docs/editors.md, "Limits").
    static let maximumMessageSize = 64 << 20

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    mutating func next() -> Frame {
        var headerEnd: Int?
        while true {
            headerEnd = findHeaderEnd()
            if headerEnd != nil || buffer.count > Self.maximumHeaderSize { break }
            guard fill() else {
                guard buffer.allSatisfy({ $0 == 13 || $0 == 10 }) else {
                    buffer = []
                    return .malformed("the input ended inside a message header")
                }
                return .end
            }
        }
        searchedHeaderBytes = 0
        guard let headerEnd else {
            buffer = []
            return .malformed("no message header ends within \(Self.maximumHeaderSize) bytes; the frame was dropped (expected 'Content-Length: N' and a blank line)")
        }
        let header = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        guard let length = Self.contentLength(in: header) else {
            // A header field further on starts the next frame (the body of a frame whose header
            // was malformed runs into it, or its lines end without CR): read on from there.
            if let next = Self.lastContentLengthField(in: buffer[..<headerEnd]), next > 0 {
                buffer.removeFirst(next)
                return .malformed("a message header without a valid Content-Length (got '\(header.withInvisibleCharactersEscaped)'); "
                    + "\(next) bytes were skipped to the next Content-Length field")
            }
            buffer.removeFirst(headerEnd + 4)
            return .malformed("a message header without a valid Content-Length (got '\(header.withInvisibleCharactersEscaped)'); the frame was dropped")
        }
        buffer.removeFirst(headerEnd + 4)
        guard length <= Self.maximumMessageSize else {
            skip(length)
            return .malformed("Content-Length \(length) is over the limit \(Self.maximumMessageSize); the message was skipped")
        }
        while buffer.count < length {
            guard fill() else {
                let missing = length - buffer.count
                buffer = []
                return .malformed("the input ended \(missing) bytes before the end of a message of \(length) bytes")
            }
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return .body(body)
    }

    /// The value of the header's `Content-Length` field (names compare without case): digits
    /// alone, as the protocol writes it.
    private static func contentLength(in header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            return Int(value)
        }
        return nil
    }

    /// The offset in `header` of its last `Content-Length` field name (compared without case).
    private static func lastContentLengthField(in header: ArraySlice<UInt8>) -> Int? {
        let name = Array("content-length".utf8)
        var start = header.endIndex - name.count
        while start >= header.startIndex {
            if zip(header[start..<start + name.count], name).allSatisfy({ ($0 | 0x20) == $1 }) { return start - header.startIndex }
            start -= 1
        }
        return nil
    }

    /// The offset of the blank line that ends the header; only bytes not searched before are.
    private mutating func findHeaderEnd() -> Int? {
        var start = max(0, searchedHeaderBytes - 3)
        while start + 4 <= buffer.count {
            if buffer[start] == 13, buffer[start + 1] == 10, buffer[start + 2] == 13, buffer[start + 3] == 10 { return start }
            start += 1
        }
        searchedHeaderBytes = buffer.count
        return nil
    }

    /// Reads and drops the next `count` bytes of the input, a chunk at a time.
    private mutating func skip(_ count: Int) {
        var remaining = count - min(count, buffer.count)
        buffer.removeFirst(count - remaining)
        while remaining > 0, let read = readChunk() {
            // Bytes read past the skipped message start the next one.
            if read > remaining { buffer += chunk[remaining..<read] }
            remaining -= min(remaining, read)
        }
    }

    /// Reads what is available; false at the end of the input or on an error.
    private mutating func fill() -> Bool {
        guard let count = readChunk() else { return false }
        buffer += chunk[..<count]
        return true
    }

    /// Reads what is available into `chunk`: how many bytes; nil at the end of the input or on
    /// an error.
    private mutating func readChunk() -> Int? {
        guard !isAtEnd else { return nil }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                isAtEnd = true
                return nil
            }
            return count
        }
    }
}

/// Writes frames to a file descriptor, one whole frame at a time whichever thread sends.
final class LSPMessageWriter: Sendable {
    private let descriptor: Int32
    private let lock = Mutex(())

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends `message`. When the client is gone (the pipe is closed) there is no one left to
    /// serve, and the process ends.
    func send(_ message: JSONValue) {
        send(text: message.compactText())
    }

    /// Sends the message whose compact JSON text is `body`.
    func send(text body: String) {
        var frame = "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        lock.withLock { _ in
            let failure = frame.withUTF8 { FileDescriptorIO.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
            if let failure {
                LSPLog.write("cannot write to the client: \(String(cString: strerror(failure))); exiting")
                _exit(1)
            }
        }
    }
}

/// The server's log: standard error, which clients show in their LSP log; standard output
/// carries the protocol alone.
enum LSPLog {
    package static func write(_ message: String) {
        var line = "choosy-data lsp: \(message.withInvisibleCharactersEscaped)\n"
        _ = line.withUTF8 { FileDescriptorIO.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO) }
    }
}
