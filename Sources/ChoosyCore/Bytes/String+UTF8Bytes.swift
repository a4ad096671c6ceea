extension String {
    /// Calls `body` with the string's UTF-8, read in place; only a bridged string, which has no
    /// contiguous UTF-8, is copied first. The byte writers read every string they append this
    /// way.
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = self
        return text.withUTF8(body)
    }
}
