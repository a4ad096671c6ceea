/// Growable storage for the bytes of a page or a JSON text while it is written. Appending a run
/// copies it whole; `Array.append(contentsOf:)` spent about a hundred instructions on each of
/// the millions of short runs (tag names, text between escapes, indentation) that make a site.
package struct ByteBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    /// The number of bytes written so far.
    private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        start[count] = byte
        count += 1
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (start + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// The bytes written so far.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: start, count: count)) }

    /// The bytes written so far, as text (they are UTF-8).
    package var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    private mutating func grow(toHold minimum: Int) {
        let larger = Swift.max(minimum, 2 * capacity)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: start, count: count)
        start.deallocate()
        start = moved
        capacity = larger
    }
}
