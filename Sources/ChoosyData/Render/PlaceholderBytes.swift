/// Finding and replacing `{{key}}` in the UTF-8 bytes of a format, as the shipped client does
/// it: by plain text search, one declared key at a time.
enum PlaceholderBytes {
    /// The bytes of `{{key}}`.
    static func placeholder(_ key: String) -> [UInt8] {
        Array("{{".utf8) + Array(key.utf8) + Array("}}".utf8)
    }

    /// Whether `{{key}}` occurs in `text`, directly after `byte` when given.
    static func occurs(_ key: String, in text: [UInt8], after byte: UInt8? = nil) -> Bool {
        let needle = placeholder(key)
        return ranges(of: needle, in: text).contains { range in
            guard let byte else { return true }
            return range.lowerBound > 0 && text[range.lowerBound - 1] == byte
        }
    }

    /// The non-overlapping occurrences of `needle` in `text`, left to right.
    static func ranges(of needle: [UInt8], in text: [UInt8]) -> [Range<Int>] {
        guard !needle.isEmpty, needle.count <= text.count else { return [] }
        var found: [Range<Int>] = []
        var index = 0
        while index + needle.count <= text.count {
            if text[index] == needle[0], text[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index..<(index + needle.count))
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// `text` with every occurrence of `needle` replaced by `replacement`, left to right.
    static func replacing(_ needle: [UInt8], with replacement: [UInt8], in text: [UInt8]) -> [UInt8] {
        let found = ranges(of: needle, in: text)
        guard !found.isEmpty else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.count + found.count * max(0, replacement.count - needle.count))
        var index = 0
        for range in found {
            result += text[index..<range.lowerBound]
            result += replacement
            index = range.upperBound
        }
        result += text[index...]
        return result
    }
}
