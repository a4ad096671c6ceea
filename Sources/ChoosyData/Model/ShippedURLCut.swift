import Foundation

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

    /// Cuts `scalars` in one walk over its UTF-8 from the first `?` on (found with `memchr`);
    /// every delimiter is ASCII, which is never part of another scalar's bytes, so only what
    /// is found is turned into scalar positions. Lint cuts every url_format of a catalog this
    /// way: counting scalars at every byte, through a slice, was a fifth of a cut.
    public init(_ scalars: ScalarText) {
        self = scalars.withUTF8 { bytes in
            guard let base = bytes.baseAddress, let found = memchr(base, Int32(UInt8(ascii: "?")), bytes.count) else {
                return ShippedURLCut(base: 0..<scalars.count, query: nil, lost: nil, components: [], hashInQuery: nil)
            }
            return ShippedURLCut(utf8: bytes, questionMark: base.distance(to: found.assumingMemoryBound(to: UInt8.self)), of: scalars)
        }
    }

    /// The cut of `bytes`, the UTF-8 of `scalars`, whose first `?` is at byte `questionMark`.
    private init(utf8 bytes: UnsafeBufferPointer<UInt8>, questionMark: Int, of scalars: ScalarText) {
        var components: [Component] = []
        var hashInQuery: Int?
        var (componentStart, firstEquals, secondEquals) = (questionMark + 1, Int?.none, Int?.none)
        var end = bytes.count
        func closeComponent(at index: Int) {
            components.append(Component(
                range: scalars.position(ofByte: componentStart)..<scalars.position(ofByte: index),
                firstEquals: firstEquals.map(scalars.position(ofByte:)), secondEquals: secondEquals.map(scalars.position(ofByte:))))
        }
        walk: for index in (questionMark + 1)..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "?"):
                end = index
                break walk
            case UInt8(ascii: "&"):
                closeComponent(at: index)
                (componentStart, firstEquals, secondEquals) = (index + 1, nil, nil)
            case UInt8(ascii: "="):
                if firstEquals == nil { firstEquals = index } else if secondEquals == nil { secondEquals = index }
            case UInt8(ascii: "#") where hashInQuery == nil:
                hashInQuery = index
            default:
                continue
            }
        }
        closeComponent(at: end)
        self.init(
            base: 0..<scalars.position(ofByte: questionMark),
            query: scalars.position(ofByte: questionMark + 1)..<scalars.position(ofByte: end),
            lost: end < bytes.count ? scalars.position(ofByte: end)..<scalars.count : nil,
            components: components, hashInQuery: hashInQuery.map(scalars.position(ofByte:)))
    }

    private init(base: Range<Int>, query: Range<Int>?, lost: Range<Int>?, components: [Component], hashInQuery: Int?) {
        self.base = base
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
