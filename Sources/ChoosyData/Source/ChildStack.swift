/// The finished children of every collection still open during a parse, on one stack, so that
/// each collection gets an array of exactly its size when it closes instead of one grown by
/// doubling (which left a quarter of every tree's arrays empty on average).
///
/// It manages its own memory so that closing a collection moves the children into their array
/// instead of copying them (a retain per reference) and then destroying the originals.
struct ChildStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Where the children of a collection opened now will start.
    private(set) var count = 0

    init() {
        capacity = 64
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    mutating func push(_ item: consuming Element) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: storage, count: count)
            storage.deallocate()
            storage = larger
            capacity *= 2
        }
        (storage + count).initialize(to: item)
        count += 1
    }

    /// Removes the children from `start` up and returns them in an array with no spare capacity.
    mutating func pop(from start: Int) -> [Element] {
        let children = count - start
        let source = storage + start
        count = start
        // An empty array made with unsafeUninitializedCapacity is the shared empty singleton,
        // whose count it writes: two files parsed at once would race on it.
        guard children > 0 else { return [] }
        return [Element](unsafeUninitializedCapacity: children) { buffer, initialized in
            if let destination = buffer.baseAddress {
                destination.moveInitialize(from: source, count: children)
            }
            initialized = children
        }
    }
}
