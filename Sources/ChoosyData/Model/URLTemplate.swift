import Foundation

/// A parsed `url_format`: literal text and `{{name}}` placeholders, in order.
public struct URLTemplate: Sendable, Equatable {
    /// A `{{name}}` placeholder; `range` counts Unicode scalars from the start of the format,
    /// braces included.
    public struct Placeholder: Sendable, Equatable {
        public let name: String
        public let range: Range<Int>

        public init(name: String, range: Range<Int>) {
            self.name = name
            self.range = range
        }
    }

    public enum Segment: Sendable, Equatable {
        case literal(String)
        case placeholder(Placeholder)
    }

    public let text: String

    /// The placeholders in order of appearance, repeats included, found as the walk goes:
    /// every model action keeps its template, and an array of placeholders in each was an
    /// eighth of the heap of a large lint. Literals are cut when asked, likewise.
    public var placeholders: Placeholders { Placeholders(text: text) }

    /// Takes `text` as is: its placeholders are found when walked.
    public init(_ text: String) {
        self.text = text
    }

    /// The `{{…}}` of a text. The name is whatever stands between the braces, spaces included,
    /// so that rules can report malformed names; an unclosed `{{` is literal text.
    public struct Placeholders: Sequence, Sendable {
        fileprivate let text: String

        public func makeIterator() -> Iterator { Iterator(text: text) }

        /// Walks the UTF-8 bytes, counting scalars alongside for the ranges: decoding each format
        /// into an array of scalars first was a tenth of lint's time.
        public struct Iterator: IteratorProtocol {
            private let text: String
            private var byteIndex = 0
            /// Scalars before `byteIndex`: every byte but UTF-8's continuation bytes starts one.
            private var scalarIndex = 0

            fileprivate init(text: String) {
                var text = text
                text.makeContiguousUTF8()
                self.text = text
            }

            public mutating func next() -> Placeholder? {
                let (byteIndex, scalarIndex) = (byteIndex, scalarIndex)
                guard let (placeholder, byteEnd) = text.utf8.withContiguousStorageIfAvailable({
                    Self.placeholder(in: $0, from: byteIndex, scalarIndex: scalarIndex)
                }) ?? nil else {
                    self.byteIndex = text.utf8.count
                    return nil
                }
                (self.byteIndex, self.scalarIndex) = (byteEnd, placeholder.range.upperBound)
                return placeholder
            }

            /// The first placeholder at or after `start`, which is scalar `scalarIndex`, and the
            /// byte after it. Braces are found with `memchr` and the scalars before them counted
            /// in one tight loop, where testing every byte for both cost a sixth of this walk.
            private static func placeholder(
                in bytes: UnsafeBufferPointer<UInt8>, from start: Int, scalarIndex: Int
            ) -> (Placeholder, end: Int)? {
                var index = start
                while let open = firstIndex(of: UInt8(ascii: "{"), in: bytes, from: index), open + 1 < bytes.count {
                    guard bytes[open + 1] == UInt8(ascii: "{") else {
                        index = open + 1
                        continue
                    }
                    // Without a `}}` after this `{{` there is none after a later one either.
                    guard let close = closingBraces(in: bytes, from: open + 2) else { return nil }
                    let name = UnsafeBufferPointer(rebasing: bytes[(open + 2)..<close])
                    let first = scalarIndex + scalarCount(of: UnsafeBufferPointer(rebasing: bytes[start..<open]))
                    let range = first..<(first + scalarCount(of: name) + 4)
                    return (Placeholder(name: String(decoding: name, as: UTF8.self), range: range), close + 2)
                }
                return nil
            }

            private static func closingBraces(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
                var index = start
                while let close = firstIndex(of: UInt8(ascii: "}"), in: bytes, from: index), close + 1 < bytes.count {
                    if bytes[close + 1] == UInt8(ascii: "}") { return close }
                    index = close + 1
                }
                return nil
            }

            private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
                guard start < bytes.count, let base = bytes.baseAddress,
                      let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }

            /// Every byte but UTF-8's continuation bytes starts a scalar.
            private static func scalarCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
                bytes.count { $0 & 0xC0 != 0x80 }
            }
        }
    }

    /// The literals and placeholders in order; literals are never empty.
    public var segments: [Segment] {
        var segments: [Segment] = []
        let scalars = text.unicodeScalars
        var literalStart = scalars.startIndex
        var literalPosition = 0
        for placeholder in placeholders {
            let start = scalars.index(literalStart, offsetBy: placeholder.range.lowerBound - literalPosition)
            if literalStart < start { segments.append(.literal(String(scalars[literalStart..<start]))) }
            segments.append(.placeholder(placeholder))
            literalStart = scalars.index(start, offsetBy: placeholder.range.count)
            literalPosition = placeholder.range.upperBound
        }
        if literalStart < scalars.endIndex { segments.append(.literal(String(scalars[literalStart...]))) }
        return segments
    }
}

extension String {
    /// The string of a run of scalars, as cut from a parsed text. Encoded by hand straight into
    /// the string's storage: appending to a `UnicodeScalarView` one scalar at a time was a third
    /// of lint's time on large catalogs, and an intermediate byte array a twentieth.
    init(scalars: some Collection<Unicode.Scalar>) {
        self.init(unsafeUninitializedCapacity: scalars.count * 4) { buffer in
            var count = 0
            for scalar in scalars {
                UTF8.encode(scalar) { byte in
                    buffer[count] = byte
                    count += 1
                }
            }
            return count
        }
    }
}
