/// The finished children of every collection still open during a parse, on one stack, so that
/// each collection gets an array of exactly its size when it closes instead of one grown by
/// doubling (which left a quarter of every tree's arrays empty on average).
struct ChildStack<Element> {
    private var items: [Element] = []

    /// Where the children of a collection opened now will start.
    var count: Int { items.count }

    mutating func push(_ item: Element) {
        items.append(item)
    }

    /// Removes the children from `start` up and returns them in an array with no spare capacity.
    mutating func pop(from start: Int) -> [Element] {
        let children = items[start...]
        let result = [Element](unsafeUninitializedCapacity: children.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: children)
        }
        items.removeSubrange(start...)
        return result
    }
}
