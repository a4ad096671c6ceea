import ChoosyCore

/// A `url_format` cut as RFC 3986 and the client cut it: placeholders of every form, scheme,
/// hier-part, query components and fragment, as ranges of Unicode scalars. Placeholders are
/// opaque, so a `?`, `&`, `=` or `#` inside one never splits anything. A class: each
/// url_format rule is handed every cut, and copying a struct of a dozen references (a retain
/// and release each) into every rule was a twentieth of lint.
public final class URLFormat: Sendable {
    /// One `&`-separated part of the query.
    public struct QueryComponent: Sendable, Equatable {
        public let range: Range<Int>
        /// Before the first `=`; nil when the component has no `=`.
        public let nameRange: Range<Int>?
        /// The placeholders inside the component: a slice of the format's, since an array of
        /// its own for every component was a twentieth of a cut.
        public let placeholders: ArraySlice<PlaceholderToken>
    }

    public let text: String
    public let scalars: ScalarText
    public let placeholders: [PlaceholderToken]
    /// The scheme name before the first `:`; nil when the text has no `:` before its first
    /// `/`, `?` or `#`, so it has no scheme at all.
    public let schemeRange: Range<Int>?
    /// After the scheme's `:`, up to the query or fragment (the whole text when there is no
    /// scheme, since then there is nothing to tell it from).
    public let hierPartRange: Range<Int>
    /// After the `?`, up to the fragment.
    public let queryRange: Range<Int>?
    /// After the `#`.
    public let fragmentRange: Range<Int>?
    public let queryComponents: [QueryComponent]
    /// The same text as the shipped client cuts it (by plain text, `#` cutting nothing); cut
    /// here once for every rule that asks.
    public let shippedCut: ShippedURLCut

    /// Cuts `text`; `parameterKeys` are the app type's parameters, which decide whether `(x)`
    /// is an old-style placeholder (see `PlaceholderToken.scan`).
    public init(_ text: String, parameterKeys: Set<String> = []) {
        let scalars = ScalarText(text)
        let placeholders = PlaceholderToken.scan(scalars, parameterKeys: parameterKeys)
        // Every delimiter outside placeholders, found in one walk; each range cut below starts
        // just after a delimiter, never inside a placeholder, so its delimiters are these.
        let marks = URLFormat.delimiters(of: scalars, skipping: placeholders)

        let fragmentMark = marks.first { scalars[$0] == "#" }
        let beforeFragment = 0..<(fragmentMark ?? scalars.count)
        let queryMark = marks.first { scalars[$0] == "?" && $0 < beforeFragment.upperBound }
        let schemeEnd = marks.first { scalars[$0] != "&" && scalars[$0] != "=" }.flatMap { scalars[$0] == ":" ? $0 : nil }
        let query = queryMark.map { ($0 + 1)..<beforeFragment.upperBound }

        self.text = text
        self.scalars = scalars
        self.placeholders = placeholders
        schemeRange = schemeEnd.map { 0..<$0 }
        hierPartRange = (schemeEnd.map { $0 + 1 } ?? 0)..<(queryMark ?? beforeFragment.upperBound)
        fragmentRange = fragmentMark.map { ($0 + 1)..<scalars.count }
        queryRange = query
        queryComponents = query.map { URLFormat.components(of: $0, marks: marks, scalars: scalars, placeholders: placeholders) } ?? []
        shippedCut = ShippedURLCut(scalars)
    }

    /// The `&`-separated components of `query`, from the delimiters `marks` (in order) and the
    /// placeholders (in order), both walked once.
    private static func components(
        of query: Range<Int>, marks: [Int], scalars: ScalarText, placeholders: [PlaceholderToken]
    ) -> [QueryComponent] {
        var components: [QueryComponent] = []
        var nextPlaceholder = firstPlaceholder(in: placeholders, startingAtOrAfter: query.lowerBound)
        var start = query.lowerBound
        var equals: Int?
        func close(at end: Int) {
            let first = nextPlaceholder
            while nextPlaceholder < placeholders.count, placeholders[nextPlaceholder].range.lowerBound < end {
                nextPlaceholder += 1
            }
            components.append(QueryComponent(
                range: start..<end, nameRange: equals.map { start..<$0 }, placeholders: placeholders[first..<nextPlaceholder]))
            start = end + 1
            equals = nil
        }
        for mark in marks where query.contains(mark) {
            switch scalars[mark] {
            case "&": close(at: mark)
            case "=" where equals == nil: equals = mark
            default: break
            }
        }
        close(at: query.upperBound)
        return components
    }

    /// The format is one placeholder and nothing else (`{{url}}`): the whole URL is a parameter.
    public var isWholePlaceholder: Bool {
        placeholders.count == 1 && placeholders[0].range == 0..<scalars.count
    }

    /// The placeholder that starts at `index`, if one does.
    public func placeholder(startingAt index: Int) -> PlaceholderToken? {
        let position = Self.firstPlaceholder(in: placeholders, startingAtOrAfter: index)
        return position < placeholders.count && placeholders[position].range.lowerBound == index ? placeholders[position] : nil
    }

    /// The first `delimiter` in `range` outside placeholders. Stops there, and gathers no
    /// array: url-valid asks for three in every url_format, and an array for each was a third
    /// of its time.
    public func firstLiteral(_ delimiter: Unicode.Scalar, in range: Range<Int>) -> Int? {
        var first: Int?
        forEachLiteral(in: range) { index in
            guard scalars[index] == delimiter else { return index + 1 }
            first = index
            return nil
        }
        return first
    }

    public func text(of range: Range<Int>) -> String {
        scalars.text(of: range)
    }

    /// Where the delimiters `#?:/&=` occur outside placeholders, in order. Found in a walk over
    /// the bytes (a delimiter is ASCII, never part of another scalar), jumping over each
    /// placeholder's bytes; room for about as many as a url_format has is made at once.
    static func delimiters(of scalars: ScalarText, skipping placeholders: [PlaceholderToken]) -> [Int] {
        var indices: [Int] = []
        indices.reserveCapacity(16)
        scalars.withUTF8 { bytes in
            var next = 0
            func startOfNext() -> Int {
                next < placeholders.count ? scalars.byteOffset(placeholders[next].range.lowerBound) : bytes.count
            }
            var nextStart = startOfNext()
            var offset = 0
            while offset < bytes.count {
                if offset == nextStart {
                    offset = scalars.byteOffset(placeholders[next].range.upperBound)
                    next += 1
                    nextStart = startOfNext()
                    continue
                }
                switch bytes[offset] {
                case UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "&"), UInt8(ascii: "="):
                    indices.append(scalars.position(ofByte: offset))
                default:
                    break
                }
                offset += 1
            }
        }
        return indices
    }

    /// Hands `body` the indices of `range` outside placeholders, in order: each time the one it
    /// asks for, the index it returns (the next, or past a run it read, never past the start of
    /// a placeholder), until it returns nil. Placeholders are in order and do not overlap
    /// (`PlaceholderToken.scan`), so they are walked alongside the scalars: hashing every index
    /// into a dictionary made this most of lint's time on large catalogs.
    func forEachLiteral(in range: Range<Int>, _ body: (Int) -> Int?) {
        var next = Self.firstPlaceholder(in: placeholders, startingAtOrAfter: range.lowerBound)
        var index = range.lowerBound
        while index < range.upperBound {
            if next < placeholders.count, placeholders[next].range.lowerBound == index {
                index = placeholders[next].range.upperBound
                next += 1
                continue
            }
            guard let after = body(index) else { return }
            index = after
        }
    }

    /// The position in `placeholders` (in order) of the first one starting at or after `index`.
    static func firstPlaceholder(in placeholders: [PlaceholderToken], startingAtOrAfter index: Int) -> Int {
        var low = 0
        var high = placeholders.count
        while low < high {
            let middle = (low + high) / 2
            if placeholders[middle].range.lowerBound < index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
