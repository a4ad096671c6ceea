import Foundation

/// A `ByteSink` that keeps nothing: it compares what is written with `expected` as it comes and
/// stops wanting more at the first difference, so proving a file already canonical costs no
/// copy of its text and refuting it costs only the bytes up to the first difference.
package struct ByteComparison: ~Copyable, ByteSink {
    private let expected: UnsafeBufferPointer<UInt8>
    /// How many bytes of `expected` matched what was written.
    private var matched = 0
    private var differs = false

    /// Compares with `expected`, which must outlive the comparison.
    package init(_ expected: UnsafeBufferPointer<UInt8>) {
        self.expected = expected
    }

    /// Whether everything written is `expected`, whole.
    var isEqual: Bool { !differs && matched == expected.count }

    package var wantsMore: Bool { !differs }

    package mutating func append(_ byte: UInt8) {
        guard !differs else { return }
        guard matched < expected.count, expected[matched] == byte else {
            differs = true
            return
        }
        matched += 1
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !differs, let source = bytes.baseAddress, !bytes.isEmpty else { return }
        guard bytes.count <= expected.count - matched, memcmp(expected.baseAddress! + matched, source, bytes.count) == 0 else {
            differs = true
            return
        }
        matched += bytes.count
    }

    /// Whether `body`, writing into a comparison with `bytes`, writes exactly `bytes`.
    package static func writes(_ bytes: [UInt8], _ body: (inout ByteComparison) -> Void) -> Bool {
        bytes.withUnsafeBufferPointer { expected in
            var comparison = ByteComparison(expected)
            body(&comparison)
            return comparison.isEqual
        }
    }
}
