/// Where a writer's UTF-8 output goes: a `ByteBuffer` keeps it; a `ByteComparison` only checks
/// it against bytes already written, so a file in canonical form is proved so without a copy.
package protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
    /// False once nothing more written can change the result, so a writer may stop early.
    var wantsMore: Bool { get }
}

extension ByteSink where Self: ~Copyable {
    package var wantsMore: Bool { true }

    package mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { append($0) }
    }

    package mutating func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// `value` in decimal, its digits written straight: `String(value)` made a string for each
    /// of the thousands of positions an editor's outline holds, nine tenths of writing one.
    package mutating func append(decimal value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        let count = withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            return buffer.count - start
        }
        withUnsafeBytes(of: &digits) { buffer in
            append(UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self).suffix(count)))
        }
    }

    /// `count` spaces, copied from a literal a run at a time rather than appended one by one.
    package mutating func append(spaces count: Int) {
        let spaces: StaticString = "                                                                "
        var remaining = count
        while remaining > 0 {
            let run = Swift.min(remaining, spaces.utf8CodeUnitCount)
            spaces.withUTF8Buffer { append(UnsafeBufferPointer(rebasing: $0.prefix(run))) }
            remaining -= run
        }
    }
}

extension ByteBuffer: ByteSink {}
