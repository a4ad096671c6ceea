import ChoosyCore

/// Finding and replacing `{{key}}` in the UTF-8 bytes of a format by plain text search for each
/// declared key, as the shipped client does (`stringByReplacingOccurrencesOfString:`); the
/// warnings of both profiles find them so too. Not the placeholder scanner
/// (`PlaceholderToken.scan`): that reads what the author wrote, every form and name, for lint,
/// the language server and `diff`; this is what the client fills, and the two differ on purpose:
/// the client fills the `{{x}}` inside `{{{x}}}` or `{{x}}}`, which the scanner calls malformed,
/// and leaves `{{Text}}` alone unless a key is spelt so.
package enum PlaceholderBytes {
    /// One `{{key}}` of a declared key: which key (its position among the keys) and where.
    struct Occurrence {
        let key: Int
        let range: Range<Int>
    }

    /// The bytes of `{{key}}`.
    static func placeholder(_ key: String) -> [UInt8] {
        Array("{{".utf8) + Array(key.utf8) + Array("}}".utf8)
    }

    /// Every occurrence of a placeholder of `keys` in `text`, in order: what a text search for
    /// each key finds. A key without braces can only stand between a `{{` and the first `}}`
    /// after it, and two such placeholders never overlap, so one walk over the `{{`s finds them
    /// (a search per key was most of rendering the docs site's Try it tables); keys with
    /// braces, which lint rejects, are searched for one by one.
    static func occurrences(of keys: [String], in text: [UInt8]) -> [Occurrence] {
        var found: [Occurrence] = []
        var close = 0
        var index = 0
        while index + 1 < text.count {
            defer { index += 1 }
            guard text[index] == UInt8(ascii: "{"), text[index + 1] == UInt8(ascii: "{") else { continue }
            if close < index + 2 { close = index + 2 }
            while close + 1 < text.count, !(text[close] == UInt8(ascii: "}") && text[close + 1] == UInt8(ascii: "}")) { close += 1 }
            guard close + 1 < text.count else { break }
            let name = text[(index + 2)..<close]
            if let key = keys.firstIndex(where: { spells($0, name) }) {
                found.append(Occurrence(key: key, range: index..<(close + 2)))
            }
        }
        let braced = keys.indices.filter { hasBraces(keys[$0]) }
        guard !braced.isEmpty else { return found }
        found.removeAll { braced.contains($0.key) }
        for key in braced {
            found += ranges(of: placeholder(keys[key]), in: text).map { Occurrence(key: key, range: $0) }
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    /// Which of `keys` have a `{{key}}` in one of `texts`, by the keys' positions: what
    /// `text.contains("{{key}}")` says for each pair. That search matches canonically equivalent
    /// characters too, which a byte search does not, except where text and key are both ASCII;
    /// so an ASCII text is walked once for every key (`occurrences`) and only the others are
    /// searched key by key (a search per pair was a seventh of rendering the docs site).
    package static func keysHeld(by texts: [String], keys: [String]) -> [Bool] {
        func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }
        var held = [Bool](repeating: false, count: keys.count)
        var searched: [String] = []
        let keysAreASCII = keys.allSatisfy(isASCII)
        for text in texts {
            guard keysAreASCII, isASCII(text) else {
                searched.append(text)
                continue
            }
            for occurrence in occurrences(of: keys, in: Array(text.utf8)) { held[occurrence.key] = true }
        }
        for index in keys.indices where !held[index] {
            let placeholder = "{{\(keys[index])}}"
            held[index] = searched.contains { $0.contains(placeholder) }
        }
        return held
    }

    /// Whether `key` holds a brace, so that its placeholder may overlap another.
    static func hasBraces(_ key: String) -> Bool {
        func isBrace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}") }
        return key.utf8.withContiguousStorageIfAvailable { $0.contains(where: isBrace) } ?? key.utf8.contains(where: isBrace)
    }

    /// Whether `key`'s UTF-8 is `bytes`, compared where both are stored.
    private static func spells(_ key: String, _ bytes: ArraySlice<UInt8>) -> Bool {
        guard key.utf8.count == bytes.count else { return false }
        return key.utf8.withContiguousStorageIfAvailable { stored in
            bytes.withUnsafeBufferPointer { stored.elementsEqual($0) }
        } ?? key.utf8.elementsEqual(bytes)
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
