import Foundation

/// Whole reads and writes on a file descriptor with read(2) and write(2): a call a signal
/// interrupted is retried, and on a non-blocking descriptor (its owner set `O_NONBLOCK`) that
/// is not ready, the call waits until it is. Failures are the `errno` of the call that failed.
public enum FileDescriptorIO {
    /// Writes all of `bytes`; nil when done, the `errno` otherwise (`EIO` for a write of nothing).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && retriesAfterWaiting(on: descriptor, for: Int16(POLLOUT)) { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            offset += written
        }
        return nil
    }

    /// Everything up to the end of the input, or the `errno` of the read that failed.
    public static func readAll(from descriptor: Int32) -> Result<[UInt8], POSIXError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && retriesAfterWaiting(on: descriptor, for: Int16(POLLIN)) { continue }
            guard count >= 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
            if count == 0 { return .success(bytes) }
            bytes += chunk[..<count]
        }
    }

    /// After a failed call: whether to try again, having waited for `event` when the
    /// descriptor was not ready.
    private static func retriesAfterWaiting(on descriptor: Int32, for event: Int16) -> Bool {
        switch errno {
        case EINTR:
            return true
        case EAGAIN, EWOULDBLOCK:
            var request = pollfd(fd: descriptor, events: event, revents: 0)
            _ = poll(&request, 1, -1)
            return true
        default:
            return false
        }
    }
}

/// The C library's write(2) and read(2); members named `write` and `read` hide them inside types.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
