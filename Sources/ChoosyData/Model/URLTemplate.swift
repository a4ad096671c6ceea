/// A parsed `url_format`: literal text and `{{name}}` placeholders, in order.
public struct URLTemplate: Sendable, Equatable {
    /// A `{{name}}` placeholder; `range` counts Unicode scalars from the start of the format,
    /// braces included.
    public struct Placeholder: Sendable, Equatable {
        public let name: String
        public let range: Range<Int>
    }

    public enum Segment: Sendable, Equatable {
        case literal(String)
        case placeholder(Placeholder)
    }

    public let text: String
    public let segments: [Segment]

    /// Splits `text` at every `{{…}}`. The name is whatever stands between the braces, spaces
    /// included, so that rules can report malformed names; an unclosed `{{` is literal text.
    /// Walks the UTF-8 bytes, counting scalars alongside for the ranges: every model action
    /// has one, and decoding each into an array of scalars first was a tenth of lint's time.
    public init(_ text: String) {
        self.text = text
        var text = text
        self.segments = text.withUTF8(Self.segments)
    }

    private static func segments(of bytes: UnsafeBufferPointer<UInt8>) -> [Segment] {
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        var segments: [Segment] = []
        var literalStart = 0
        var index = 0
        // Scalars before `index`: every byte but UTF-8's continuation bytes starts one.
        var scalarIndex = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{"),
                  let close = closingBraces(in: bytes, from: index + 2) else {
                if bytes[index] & 0xC0 != 0x80 { scalarIndex += 1 }
                index += 1
                continue
            }
            if literalStart < index { segments.append(.literal(string(literalStart..<index))) }
            let nameScalars = bytes[(index + 2)..<close].count { $0 & 0xC0 != 0x80 }
            let range = scalarIndex..<(scalarIndex + nameScalars + 4)
            segments.append(.placeholder(Placeholder(name: string((index + 2)..<close), range: range)))
            scalarIndex = range.upperBound
            index = close + 2
            literalStart = index
        }
        if literalStart < bytes.count { segments.append(.literal(string(literalStart..<bytes.count))) }
        return segments
    }

    /// The placeholders in order of appearance, repeats included.
    public var placeholders: [Placeholder] {
        segments.compactMap {
            if case .placeholder(let placeholder) = $0 { return placeholder }
            return nil
        }
    }

    private static func closingBraces(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "}") && bytes[index + 1] == UInt8(ascii: "}") { return index }
            index += 1
        }
        return nil
    }
}

extension String {
    /// The Unicode scalars as an array, decoded in one pass (`Array(unicodeScalars)` decodes
    /// twice: once to count, once to copy) into storage sized once, without a capacity check
    /// per scalar.
    var scalarArray: [Unicode.Scalar] {
        [Unicode.Scalar](unsafeUninitializedCapacity: utf8.count) { buffer, count in
            for scalar in unicodeScalars {
                buffer.initializeElement(at: count, to: scalar)
                count += 1
            }
        }
    }

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
