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
    public init(_ text: String) {
        self.text = text
        let scalars = text.scalarArray
        var segments: [Segment] = []
        var literalStart = 0
        var index = 0
        while index + 1 < scalars.count {
            guard scalars[index] == "{", scalars[index + 1] == "{",
                  let close = Self.closingBraces(in: scalars, from: index + 2) else {
                index += 1
                continue
            }
            if literalStart < index {
                segments.append(.literal(String(scalars: scalars[literalStart..<index])))
            }
            let name = String(scalars: scalars[(index + 2)..<close])
            segments.append(.placeholder(Placeholder(name: name, range: index..<(close + 2))))
            index = close + 2
            literalStart = index
        }
        if literalStart < scalars.count {
            segments.append(.literal(String(scalars: scalars[literalStart...])))
        }
        self.segments = segments
    }

    /// The placeholders in order of appearance, repeats included.
    public var placeholders: [Placeholder] {
        segments.compactMap {
            if case .placeholder(let placeholder) = $0 { return placeholder }
            return nil
        }
    }

    private static func closingBraces(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index + 1 < scalars.count {
            if scalars[index] == "}" && scalars[index + 1] == "}" { return index }
            index += 1
        }
        return nil
    }
}

extension String {
    /// The Unicode scalars as an array, decoded in one pass (`Array(unicodeScalars)` decodes
    /// twice: once to count, once to copy).
    var scalarArray: [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(utf8.count)
        for scalar in unicodeScalars { scalars.append(scalar) }
        return scalars
    }

    /// The string of a run of scalars, as cut from a parsed text. Encoded by hand: appending to
    /// a `UnicodeScalarView` one scalar at a time was a third of lint's time on large catalogs.
    init(scalars: some Sequence<Unicode.Scalar>) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            UTF8.encode(scalar) { bytes.append($0) }
        }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
