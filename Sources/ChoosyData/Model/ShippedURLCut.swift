/// A `url_format` cut as the shipped client (0.6.x) cuts it, by plain text search before any
/// placeholder is filled: the base before the first `?`, the query up to a second `?` (the rest
/// is lost), its components at every `&` and each component's `=`. `#` cuts nothing. Ranges
/// count Unicode scalars, for pointing at the part a finding is about.
public struct ShippedURLCut: Sendable {
    /// One `&`-separated part of the query.
    public struct Component: Sendable, Equatable {
        public let range: Range<Int>
        /// Where the first `=` stands; nil crashes the client.
        public let firstEquals: Int?
        /// Where a second `=` stands: the client loses the text from there.
        public let secondEquals: Int?
    }

    public let base: Range<Int>
    /// After the first `?`, up to the second; nil when the format has no `?`.
    public let query: Range<Int>?
    /// From the second `?` to the end: text the client never uses.
    public let lost: Range<Int>?
    public let components: [Component]
    /// The first `#` in the query: text to the client, a fragment to RFC 3986.
    public let hashInQuery: Int?

    /// Cuts `scalars` in one walk over its UTF-8, counting scalars alongside (every byte but a
    /// continuation byte starts one): lint cuts every url_format of a catalog this way.
    public init(_ scalars: ScalarText) {
        var query: Range<Int>?
        var lost: Range<Int>?
        var components: [Component] = []
        var hashInQuery: Int?
        var queryStart: Int?
        var (componentStart, firstEquals, secondEquals) = (0, Int?.none, Int?.none)
        var index = 0
        for byte in scalars.utf8(of: 0..<scalars.count) where byte & 0xC0 != 0x80 {
            defer { index += 1 }
            switch byte {
            case UInt8(ascii: "?"):
                guard let start = queryStart else {
                    (queryStart, componentStart) = (index + 1, index + 1)
                    continue
                }
                query = start..<index
                lost = index..<scalars.count
            case UInt8(ascii: "&") where queryStart != nil:
                components.append(Component(range: componentStart..<index, firstEquals: firstEquals, secondEquals: secondEquals))
                (componentStart, firstEquals, secondEquals) = (index + 1, nil, nil)
            case UInt8(ascii: "=") where queryStart != nil:
                if firstEquals == nil { firstEquals = index } else if secondEquals == nil { secondEquals = index }
            case UInt8(ascii: "#") where queryStart != nil && hashInQuery == nil:
                hashInQuery = index
            default:
                continue
            }
            if lost != nil { break }
        }
        if let queryStart {
            let end = lost?.lowerBound ?? scalars.count
            components.append(Component(range: componentStart..<end, firstEquals: firstEquals, secondEquals: secondEquals))
            query = queryStart..<end
        }
        base = 0..<(queryStart.map { $0 - 1 } ?? scalars.count)
        self.query = query
        self.lost = lost
        self.components = components
        self.hashInQuery = hashInQuery
    }

    /// Whether the client fills the text at `index`: the base, and each query component's
    /// value between its first and second `=`; not a name, nor text the client loses.
    public func fills(_ index: Int) -> Bool {
        guard query != nil, index >= base.upperBound else { return true }
        guard let component = components.first(where: { $0.range.contains(index) }), let first = component.firstEquals else {
            return false
        }
        return index > first && index < (component.secondEquals ?? component.range.upperBound)
    }
}
