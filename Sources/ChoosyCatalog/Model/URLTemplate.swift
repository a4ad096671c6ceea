import ChoosyCore

/// A `url_format`'s text and its `{{…}}` placeholders: the placeholders `PlaceholderToken.scan`
/// finds with two braces a side, whatever their name, for the readers that go by names (the
/// parameter rules, the language server, `diff`).
public struct URLTemplate: Sendable, Equatable {
    /// A `{{…}}` placeholder; `name` is the text between the braces as written, spaces
    /// included, so that rules can tell a malformed name; `range` counts Unicode scalars from
    /// the start of the format, braces included.
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

    /// Takes `text` as is: its placeholders are scanned when asked, since every model action
    /// keeps its template and most are never asked.
    public init(_ text: String) {
        self.text = text
    }

    /// The placeholders in order of appearance, repeats included. The name is the token's own
    /// where it kept the text between the braces as is (cutting it again was a tenth of
    /// undeclared-parameter), and room for every token is made at once.
    public var placeholders: [Placeholder] {
        let scalars = ScalarText(text)
        // No parameter keys: they decide only whether `(x)` is an old-style token, never a brace.
        let tokens = PlaceholderToken.scan(scalars, parameterKeys: [])
        var placeholders: [Placeholder] = []
        placeholders.reserveCapacity(tokens.count)
        for token in tokens {
            let name: String
            switch token.form {
            case .valid(let inside), .invalidName(let inside): name = inside
            case .empty: name = ""
            case .padded: name = scalars.text(of: (token.range.lowerBound + 2)..<(token.range.upperBound - 2))
            case .wrongBraceCount, .unbalanced, .legacy: continue
            }
            placeholders.append(Placeholder(name: name, range: token.range))
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
}

extension String {
    /// The string of a run of scalars, as cut from a parsed text. Encoded by hand straight into
    /// the string's storage: appending to a `UnicodeScalarView` one scalar at a time was a third
    /// of lint's time on large catalogs, and an intermediate byte array a twentieth. Inlinable:
    /// called from another module unspecialised, it cost 5 000 instructions for ten scalars.
    @inlinable
    package init(scalars: some Collection<Unicode.Scalar>) {
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
