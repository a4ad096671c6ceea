import ChoosyCore
import Foundation

/// A `url_format` cut as the shipped client (0.6.x) cuts it, by text search before any
/// placeholder is filled: the base before the first `?`, the query up to a second `?` (the rest
/// is lost), its components at every `&` and each component's `=`. `#` cuts nothing. The search
/// is `componentsSeparatedByString:`, which does not match a delimiter that the character after
/// it extends (`?` and a combining mark are one character: `isSeparator`). Ranges count Unicode
/// scalars, for pointing at the part a finding is about; or UTF-8 bytes, for the renderer.
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

    /// Cuts `scalars`; ranges count scalars. Every delimiter is ASCII, which is never part of
    /// another scalar's bytes, so the cut walks the UTF-8 and turns only what it finds into
    /// scalar positions. Lint cuts every url_format of a catalog this way: counting scalars at
    /// every byte, through a slice, was a fifth of a cut.
    public init(_ scalars: ScalarText) {
        self = scalars.withUTF8 { ShippedURLCut(utf8: $0, position: scalars.position(ofByte:)) }
    }

    /// Cuts the UTF-8 `bytes` of a text; ranges count bytes.
    package init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        self.init(utf8: bytes, position: { $0 })
    }

    /// Whether the `?`, `&` or `=` at byte `index` of the UTF-8 `bytes` is one to the client's
    /// search: not when the scalar after it joins it into one extended grapheme cluster (a
    /// combining mark, a zero-width joiner, a spacing mark), as Swift's `Character` joins them.
    static func isSeparator(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // An ASCII scalar never extends a delimiter: most delimiters need no grapheme breaking.
        guard index + 1 < bytes.count, bytes[index + 1] >= 0x80 else { return true }
        // The delimiter and the (at most 4-byte) scalar after it; what follows cannot join them.
        let pair = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<min(index + 5, bytes.count)]), as: UTF8.self)
        return pair.first?.unicodeScalars.count == 1
    }

    /// Cuts `bytes` in one walk over them from the first `?` on (found with `memchr`), turning
    /// the byte offsets it finds into positions with `position`.
    private init(utf8 bytes: UnsafeBufferPointer<UInt8>, position: (Int) -> Int) {
        guard let questionMark = Self.firstQuestionMark(in: bytes) else {
            self.init(base: 0..<position(bytes.count), query: nil, lost: nil, components: [], hashInQuery: nil)
            return
        }
        var components: [Component] = []
        var hashInQuery: Int?
        var (componentStart, firstEquals, secondEquals) = (questionMark + 1, Int?.none, Int?.none)
        var end = bytes.count
        func closeComponent(at index: Int) {
            components.append(Component(
                range: position(componentStart)..<position(index),
                firstEquals: firstEquals.map(position), secondEquals: secondEquals.map(position)))
        }
        walk: for index in (questionMark + 1)..<bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "?") where Self.isSeparator(at: index, in: bytes):
                end = index
                break walk
            case UInt8(ascii: "&") where Self.isSeparator(at: index, in: bytes):
                closeComponent(at: index)
                (componentStart, firstEquals, secondEquals) = (index + 1, nil, nil)
            case UInt8(ascii: "=") where Self.isSeparator(at: index, in: bytes):
                if firstEquals == nil { firstEquals = index } else if secondEquals == nil { secondEquals = index }
            case UInt8(ascii: "#") where hashInQuery == nil:
                hashInQuery = index
            default:
                continue
            }
        }
        closeComponent(at: end)
        self.init(
            base: 0..<position(questionMark),
            query: position(questionMark + 1)..<position(end),
            lost: end < bytes.count ? position(end)..<position(bytes.count) : nil,
            components: components, hashInQuery: hashInQuery.map(position))
    }

    /// The byte offset of the first `?` of `bytes` that separates.
    private static func firstQuestionMark(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var from = 0
        while from < bytes.count, let found = memchr(base + from, Int32(UInt8(ascii: "?")), bytes.count - from) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if isSeparator(at: index, in: bytes) { return index }
            from = index + 1
        }
        return nil
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
