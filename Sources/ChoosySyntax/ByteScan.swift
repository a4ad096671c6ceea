/// Scans of a file's bytes for the JSON parser, eight bytes at a time (a `UInt64` word) where
/// the text allows: runs of plain string bytes and of spaces are most of every file, and the
/// file is checked to be UTF-8 once, so that strings need no check of their own.
enum ByteScan {
    /// Whether `bytes` are valid UTF-8 throughout (RFC 3629).
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count, word(in: bytes, at: index) & highBits == 0 {
                index += 8
            } else if bytes[index] < 0x80 {
                index += 1
            } else if case .valid(let length) = checkUTF8Sequence(in: bytes, at: index) {
                index += length
            } else {
                return false
            }
        }
        return true
    }

    /// The first offset from `start` on that holds a byte a string cannot simply go on with: a
    /// quote, a backslash, a control character, or (unless `nonASCIIIsPlain`, said of a file
    /// checked to be UTF-8) a byte of a non-ASCII character; the end of `bytes` if none does.
    static func endOfPlainStringBytes(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, nonASCIIIsPlain: Bool) -> Int {
        let nonASCII = nonASCIIIsPlain ? 0 : highBits
        var index = start
        while index + 8 <= bytes.count {
            let word = word(in: bytes, at: index)
            let stops = zeroBytes(word ^ repeated(UInt8(ascii: "\""))) | zeroBytes(word ^ repeated(UInt8(ascii: "\\")))
                | bytesBelow0x20(word) | word & nonASCII
            // Each test flags its first match exactly (a borrow only runs towards later bytes),
            // so the lowest flag of all is the first stop.
            if stops != 0 { return index + stops.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), nonASCIIIsPlain || byte < 0x80 else { break }
            index += 1
        }
        return index
    }

    /// The first offset from `start` on that does not hold a space; the end of `bytes` if none.
    static func endOfSpaces(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count {
            let others = word(in: bytes, at: index) ^ repeated(UInt8(ascii: " "))
            if others != 0 { return index + others.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// Checks the UTF-8 sequence at `index` (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF).
    static func checkUTF8Sequence(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UTF8SequenceCheck {
        let (length, lowest, highest): (Int, UInt8, UInt8) = switch bytes[index] {
        case 0xC2...0xDF: (2, 0x80, 0xBF)
        case 0xE0: (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80, 0xBF)
        case 0xED: (3, 0x80, 0x9F)
        case 0xF0: (4, 0x90, 0xBF)
        case 0xF1...0xF3: (4, 0x80, 0xBF)
        case 0xF4: (4, 0x80, 0x8F)
        default: (0, 0, 0)
        }
        guard length > 0 else { return .invalid(atByte: index) }
        for offset in 1..<length {
            let range = offset == 1 ? lowest...highest : 0x80...0xBF
            guard index + offset < bytes.count, range.contains(bytes[index + offset]) else {
                return .invalid(atByte: index + offset)
            }
        }
        return .valid(length: length)
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset`, the first in the lowest bits.
    private static func word(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    private static func repeated(_ byte: UInt8) -> UInt64 {
        UInt64(byte) &* 0x0101_0101_0101_0101
    }

    /// The high bit of each zero byte of `word` set, up to the first; later ones may be wrong.
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- repeated(1)) & ~word & highBits
    }

    /// The high bit of each byte below 0x20 set, up to the first; later ones may be wrong.
    private static func bytesBelow0x20(_ word: UInt64) -> UInt64 {
        (word &- repeated(0x20)) & ~word & highBits
    }
}

/// Whether the bytes at a position form one valid UTF-8 character, and if not, which byte breaks it.
enum UTF8SequenceCheck {
    case valid(length: Int)
    case invalid(atByte: Int)
}
