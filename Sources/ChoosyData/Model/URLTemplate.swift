/// A parsed `url_format`: literal text and `{{name}}` placeholders, in order.
public struct URLTemplate: Sendable, Equatable {
    /// A `{{name}}` placeholder; `range` counts Unicode scalars from the start of the format,
    /// braces included.
    public struct Placeholder: Sendable, Equatable {
        public let name: String
        // 32-bit bounds, like source locations: every model action keeps its placeholders.
        private let start: UInt32
        private let end: UInt32

        public var range: Range<Int> { Int(start)..<Int(end) }

        public init(name: String, range: Range<Int>) {
            self.name = name
            start = UInt32(range.lowerBound)
            end = UInt32(range.upperBound)
        }
    }

    public enum Segment: Sendable, Equatable {
        case literal(String)
        case placeholder(Placeholder)
    }

    public let text: String
    /// The placeholders in order of appearance, repeats included. Every model action keeps its
    /// template, so this is all it keeps besides the text; literals are cut when asked (a
    /// segment array holding a string per literal was an eighth of lint's heap).
    public let placeholders: [Placeholder]

    /// Splits `text` at every `{{…}}`. The name is whatever stands between the braces, spaces
    /// included, so that rules can report malformed names; an unclosed `{{` is literal text.
    /// Walks the UTF-8 bytes, counting scalars alongside for the ranges: decoding each format
    /// into an array of scalars first was a tenth of lint's time.
    public init(_ text: String) {
        self.text = text
        var text = text
        placeholders = text.withUTF8(Self.placeholders)
    }

    private static func placeholders(in bytes: UnsafeBufferPointer<UInt8>) -> [Placeholder] {
        var placeholders: [Placeholder] = []
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
            let name = bytes[(index + 2)..<close]
            let range = scalarIndex..<(scalarIndex + name.count { $0 & 0xC0 != 0x80 } + 4)
            placeholders.append(Placeholder(name: String(decoding: name, as: UTF8.self), range: range))
            scalarIndex = range.upperBound
            index = close + 2
        }
        return placeholders
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
