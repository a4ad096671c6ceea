import ChoosyCore

/// A text's Unicode scalars by position, read from its UTF-8 bytes. For ASCII text (nearly every
/// url_format) a scalar's position is its byte's; other text keeps where each scalar starts.
/// Decoding every url_format into an array of 4-byte scalars was a fifth of cutting it.
public struct ScalarText: RandomAccessCollection, Sendable {
    private let bytes: [UInt8]
    /// The byte offset of each scalar, then the text's length; nil when the text is ASCII.
    private let starts: [UInt32]?

    public init(_ text: String) {
        let bytes = Array(text.utf8)
        self.bytes = bytes
        if bytes.allSatisfy({ $0 < 0x80 }) {
            starts = nil
        } else {
            var starts = bytes.indices.compactMap { bytes[$0] & 0xC0 != 0x80 ? UInt32($0) : nil }
            starts.append(UInt32(bytes.count))
            self.starts = starts
        }
    }

    /// Whether every scalar is ASCII, so that equal texts are equal bytes.
    public var isASCII: Bool { starts == nil }

    public var startIndex: Int { 0 }
    public var endIndex: Int { starts.map { $0.count - 1 } ?? bytes.count }

    @inline(__always)
    public subscript(position: Int) -> Unicode.Scalar {
        guard let starts else { return Unicode.Scalar(bytes[position]) }
        return decode(from: Int(starts[position]), to: Int(starts[position + 1]))
    }

    /// The scalar of the bytes `start..<end`, which are a Swift string's, so valid UTF-8.
    private func decode(from start: Int, to end: Int) -> Unicode.Scalar {
        var value = UInt32(bytes[start] & (0x7F >> (end - start == 1 ? 0 : end - start)))
        for byte in bytes[(start + 1)..<end] { value = value << 6 | UInt32(byte & 0x3F) }
        return Unicode.Scalar(value)!
    }

    /// The text of the scalars in `range`, copied from the bytes without decoding them.
    public func text(of range: Range<Int>) -> String {
        String(decoding: utf8(of: range), as: UTF8.self)
    }

    /// The UTF-8 bytes of the scalars in `range`, for writers that copy them without making a
    /// string first.
    public func utf8(of range: Range<Int>) -> ArraySlice<UInt8> {
        bytes[byteOffset(range.lowerBound)..<byteOffset(range.upperBound)]
    }

    /// Where scalar `position` starts among the UTF-8 bytes (their count, at the end).
    public func byteOffset(_ position: Int) -> Int {
        starts.map { Int($0[position]) } ?? position
    }

    /// The position of the scalar that starts at byte `offset` (the end, at the bytes' count).
    /// A cut that looks for ASCII delimiters can walk the bytes, since an ASCII byte is never
    /// part of another scalar, and turn the few it finds into positions with this.
    public func position(ofByte offset: Int) -> Int {
        guard let starts else { return offset }
        var (low, high) = (0, starts.count - 1)
        while low < high {
            let middle = (low + high) / 2
            if Int(starts[middle]) < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Calls `body` with the text's UTF-8 bytes.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer(body)
    }
}
