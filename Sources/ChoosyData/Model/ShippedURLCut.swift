/// A `url_format` cut as the shipped client (0.6.x) cuts it, by plain text search before any
/// placeholder is filled: the base before the first `?`, the query up to a second `?` (the rest
/// is lost), its components at every `&` and each component's `=`. `#` cuts nothing. Ranges
/// count Unicode scalars, for pointing at the part a finding is about.
public struct ShippedURLCut: Sendable {
    /// One `&`-separated part of the query.
    public struct Component: Sendable, Equatable {
        public let range: Range<Int>
        /// Where each `=` stands: none crashes the client; after the second, text is lost.
        public let equalSigns: [Int]
    }

    public let base: Range<Int>
    /// After the first `?`, up to the second; nil when the format has no `?`.
    public let query: Range<Int>?
    /// From the second `?` to the end: text the client never uses.
    public let lost: Range<Int>?
    public let components: [Component]

    public init(_ scalars: ScalarText) {
        let questionMarks = scalars.indices.lazy.filter { scalars[$0] == "?" }.prefix(2)
        let first = questionMarks.first
        let second = questionMarks.dropFirst().first
        base = 0..<(first ?? scalars.count)
        query = first.map { ($0 + 1)..<(second ?? scalars.count) }
        lost = second.map { $0..<scalars.count }
        guard let query else {
            components = []
            return
        }
        var components: [Component] = []
        var start = query.lowerBound
        var equalSigns: [Int] = []
        for index in query {
            switch scalars[index] {
            case "&":
                components.append(Component(range: start..<index, equalSigns: equalSigns))
                (start, equalSigns) = (index + 1, [])
            case "=":
                equalSigns.append(index)
            default:
                break
            }
        }
        components.append(Component(range: start..<query.upperBound, equalSigns: equalSigns))
        self.components = components
    }

    /// Whether the client fills the text at `index`: the base, and each query component's
    /// value between its first and second `=`; not a name, nor text the client loses.
    public func fills(_ index: Int) -> Bool {
        guard let query, index >= base.upperBound else { return true }
        guard let component = components.first(where: { $0.range.contains(index) }), let first = component.equalSigns.first else {
            return false
        }
        return index > first && index < (component.equalSigns.dropFirst().first ?? component.range.upperBound)
    }
}
